/**
 * `extra-args`: more arguments for the agent, as one shell-quoted string, split as a POSIX shell would
 * (by shlex). The flags the action sets itself are refused here, naming the input to use instead.
 */
import { split as shellSplit } from "shlex";
import { InputError } from "../base/errors.js";
import { oneLine } from "../base/format.js";

/**
 * Flags the action sets itself, and the input that sets each: in `extra-args` they would override the
 * action (a second `--output-format` breaks the stream it reads; `--api-key` puts the key on the command
 * line, where `ps` shows it), so they are an input error that names the input to use instead.
 */
const OWN_FLAGS: Record<string, string> = {
  "--print": "(always set)",
  "-p": "(always set)",
  "--output-format": "(always stream-json)",
  "--workspace": "workspace",
  "--api-key": "api-key",
  "--resume": "resume",
  "--model": "model",
  "-m": "model",
  "--stream-partial-output": "stream-partial-output",
  "--force": "force",
  "-f": "force",
  "--yolo": "force",
  "--trust": "trust",
  "--approve-mcps": "approve-mcps",
};

/** `extra-args` is one shell-quoted string; split it as a POSIX shell would (quotes, escapes), by shlex. */
export function splitArgs(s: string): string[] {
  if (s === "") return [];
  let args: string[];
  try {
    args = shellSplit(s);
  } catch (e) {
    throw new InputError("extra-args", `cannot split '${oneLine(s)}': ${(e as Error).message}`);
  }
  for (const a of args) {
    if (a === "--") break;
    const flag = a.startsWith("--") ? a.split("=")[0]! : a;
    const instead = OWN_FLAGS[flag];
    if (instead !== undefined) {
      const use = instead.startsWith("(")
        ? `the action sets it ${instead}`
        : `use the input '${instead}' instead`;
      throw new InputError("extra-args", `${flag} is the action's own flag: ${use}`);
    }
  }
  return args;
}

/**
 * Whether `extra-args` runs the CLI in plan mode (`--mode plan`, `--mode=plan`, `--plan`): the plan the
 * agent makes is then the run's final message (model/run-model.ts `finalPlan`).
 */
export function asksPlanMode(args: readonly string[]): boolean {
  for (const [i, a] of args.entries()) {
    if (a === "--") return false;
    if (a === "--plan" || a === "--mode=plan" || (a === "--mode" && args[i + 1] === "plan")) return true;
  }
  return false;
}
