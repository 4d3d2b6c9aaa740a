/**
 * A file an input names (`prompt-file`, `output-schema-file`). The workspace is the pull request's: a file
 * committed there may be a symlink to anything the job's user can read (`/root/.ssh/id_rsa`, a runner
 * credential), whose text would then go into the agent's command line (readable by every local user) or
 * the log. So the file is read only as a regular file (never a FIFO, which would hold the step, nor a
 * device) reached without a link that leaves the workspace or `RUNNER_TEMP`; a path outside both (an
 * absolute path the workflow names) is read only when no link is on its way.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { InputError } from "../base/errors.js";
/** Where an input's file may be: the workspace, and the runner's temporary directory. */
export interface InputRoots {
  workspace: string;
  runnerTemp?: string;
}

/** Larger than any input file is worth reading (the inputs' own limits are smaller and say so). */
export const INPUT_FILE_MAX_BYTES = 16 * 1024 * 1024;

/** Reads `given` (relative to the workspace) as the input `input`; at most `maxBytes`. */
export function readInputFile(
  input: "prompt-file" | "output-schema-file",
  given: string,
  roots: InputRoots,
  maxBytes: number,
): { path: string; text: string } {
  const p = path.resolve(roots.workspace, given);
  const real = realOf(input, p);
  const inside = (file: string, dir: string | undefined) => {
    if (!dir) return false;
    const rel = path.relative(dir, file);
    return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
  };
  const allowed = [roots.workspace, roots.runnerTemp].map((d) => (d ? realOf(input, d) : undefined));
  const lexicallyInside = inside(p, roots.workspace) || inside(p, roots.runnerTemp);
  const reallyInside = allowed.some((d) => inside(real, d));
  if (lexicallyInside ? !reallyInside : real !== p) {
    throw new InputError(input, `'${p}' leads through a link out of the workspace: not read`);
  }
  // O_NONBLOCK: a FIFO opens at once (and is then refused) instead of waiting for a writer forever.
  const fd = openFile(input, real, p);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new InputError(input, `'${p}' is not a file`);
    if (stat.size > maxBytes) throw new InputError(input, `'${p}' is larger than ${maxBytes / 1024} KiB`);
    return { path: real, text: readFileSync(fd, "utf8") };
  } finally {
    closeSync(fd);
  }
}

function realOf(input: string, p: string): string {
  try {
    return realpathSync(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      input,
      `cannot read '${p}': ${code === "ENOENT" ? "no such file" : (code ?? "error")}`,
    );
  }
}

function openFile(input: string, real: string, p: string): number {
  try {
    return openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (e) {
    throw new InputError(input, `cannot read '${p}': ${(e as NodeJS.ErrnoException).code ?? "error"}`);
  }
}
