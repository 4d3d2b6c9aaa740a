/**
 * The runner's file commands, written directly. `@actions/core` would do the same, but importing it
 * loads `@actions/http-client`, undici and tunnel for its OIDC client (which the action never uses):
 * ~50 ms of start-up and ~30 MB of memory (BENCHMARKS.md). The format is the runner's documented one.
 */
import { appendFileSync } from "node:fs";
import { randomUuid } from "../base/random.js";

/**
 * `name<<delimiter` … `delimiter`: safe for any value, newlines included, because the delimiter is
 * random per value (docs/runner.md "Outputs, state and the job summary").
 */
function fileCommandValue(name: string, value: string): string {
  const delimiter = `ghadelimiter_${randomUuid()}`;
  // Cannot happen by chance; refuse rather than let a value end its own block.
  if (name.includes(delimiter) || value.includes(delimiter))
    throw new Error(`output ${name} contains its delimiter`);
  return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
}

/** Appends outputs to `$GITHUB_OUTPUT`; without one (a local run), returns false and writes nothing. */
export function writeOutput(env: NodeJS.ProcessEnv, name: string, value: string): boolean {
  const file = env.GITHUB_OUTPUT;
  if (!file) return false;
  appendFileSync(file, fileCommandValue(name, value), "utf8");
  return true;
}
