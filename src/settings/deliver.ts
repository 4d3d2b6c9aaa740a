/**
 * The delivery inputs (src/deliver/, docs/delivery.md): `deliver`, `branch`, `allow-default-branch`,
 * `deliver-on-failure` and `protected-paths`. The patterns of `protected-paths` are read by the changes
 * layer (changes/protected-paths.ts), above this one: the text is kept here and read there, early
 * (run/inputs.ts), so that a bad pattern is an input error before the agent starts.
 */
import { InputError } from "../base/errors.js";
import { oneLine } from "../base/format.js";
import { bool, oneOf } from "./values.js";

export type DeliverMode = "none" | "pull-request" | "push";
const MODES: readonly DeliverMode[] = ["none", "pull-request", "push"];

export interface DeliverSettings {
  mode: DeliverMode;
  /** `pull-request`: the new branch's name (default `cursor/<run id>-<attempt>`). */
  branch: string;
  /** `push` may write the repository's default branch. */
  allowDefaultBranch: boolean;
  /** Deliver even when the verdict is not success (a partial fix). */
  onFailure: boolean;
  /** The input's text, as given (the guard's patterns: changes/protected-paths.ts). */
  protectedPaths: string;
}

export type DeliverInput =
  | "deliver"
  | "branch"
  | "allow-default-branch"
  | "deliver-on-failure"
  | "protected-paths";

/**
 * `get` applies action.yml's defaults to an empty input; `protected-paths` is read as given instead (an
 * empty one turns the guard off), and has its default only where the input is absent altogether (a host
 * that applies no defaults).
 */
export function readDeliverInputs(
  get: (n: DeliverInput) => string,
  given: (n: DeliverInput) => string,
  env: NodeJS.ProcessEnv,
): DeliverSettings {
  const branch = get("branch") || `cursor/${env.GITHUB_RUN_ID || "local"}-${env.GITHUB_RUN_ATTEMPT || "1"}`;
  const problem = refNameProblem(branch);
  if (problem) throw new InputError("branch", `'${oneLine(branch).slice(0, 200)}' ${problem}`);
  return {
    mode: oneOf(get, "deliver", MODES),
    branch,
    allowDefaultBranch: bool(get, "allow-default-branch"),
    onFailure: bool(get, "deliver-on-failure"),
    protectedPaths:
      env["INPUT_PROTECTED-PATHS"] === undefined ? get("protected-paths") : given("protected-paths"),
  };
}

/**
 * Why `name` is not a branch name git takes (`git check-ref-format --branch`'s rules), or undefined: no
 * control character, space or any of `~^:?*[\`; no `..`, `@{` or `//`; no part that starts with `.` or ends
 * with `.lock`; not `@`; no leading `-` or `/`, no trailing `/` or `.`.
 */
export function refNameProblem(name: string): string | undefined {
  if (name === "" || name === "@") return "is not a branch name";
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(name))
    return "holds a space, a control character or one of ~^:?*[\\";
  if (name.includes("..") || name.includes("@{") || name.includes("//")) return "holds '..', '@{' or '//'";
  if (name.startsWith("-") || name.startsWith("/") || name.endsWith("/") || name.endsWith("."))
    return "starts with '-' or '/', or ends with '/' or '.'";
  if (name.split("/").some((part) => part.startsWith(".") || part.endsWith(".lock")))
    return "has a part that starts with '.' or ends with '.lock'";
  if (Buffer.byteLength(name) > 255) return "is longer than 255 bytes";
  return undefined;
}
