/**
 * A file an input names (`prompt-file`, `output-schema-file`). The workspace is the pull request's: a file
 * committed there may be a symlink to anything the job's user can read (`/root/.ssh/id_rsa`, a runner
 * credential), whose text would then go into the agent's command line (readable by every local user) or
 * the log. So the file is read only as a regular file (never a FIFO, which would hold the step, nor a
 * device) reached without a link that leaves the directory its path names: a path in the workspace must
 * end in the workspace (a committed link into `RUNNER_TEMP` would let the pull request choose which of the
 * job's files there is read), a path in `RUNNER_TEMP` in `RUNNER_TEMP`; a path outside both (an absolute
 * path the workflow names) is read only when no link is on its way.
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
  const dirs = [roots.workspace, roots.runnerTemp].flatMap((d) =>
    d ? [{ given: d, real: realOf(input, d) }] : [],
  );
  // The root the path names (the deeper one, when one holds the other) is the one it must end in, and
  // not in another root inside that one.
  const named = dirs.filter((d) => inside(p, d.given)).sort((a, b) => b.given.length - a.given.length)[0];
  const stays = named
    ? inside(real, named.real) &&
      !dirs.some((d) => d !== named && inside(d.real, named.real) && inside(real, d.real))
    : real === p;
  if (!stays) {
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
