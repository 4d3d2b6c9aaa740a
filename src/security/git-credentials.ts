/**
 * The credential a checkout persists in the workspace's `.git/config` (actions/checkout's
 * `http.<url>.extraheader`, the job's token), out of the agent user's reach while it runs: it can read and
 * write `.git/` like the rest of the workspace (git needs its config), so the entries are taken out before
 * the agent starts and added back, as they were, once it is gone. Only through the action's own git
 * (src/git/run.ts: nothing the repository names runs).
 *
 * Trust boundary: everything about where the credential goes back is decided when it is taken out, before
 * the agent exists: the config file's path and its identity (device and inode). Nothing is asked of the
 * repository afterwards (a `.git` gitfile the agent wrote would point git at a repository of its own), and
 * the file is appended to only if it is still that file, alone, and nobody else's: never through a link,
 * never a FIFO (opened without blocking), never a file with a second name (a hard link to a file of the
 * agent's), never one whose mode changed. Any doubt leaves the credential out, with a warning; nothing here
 * throws after the agent ran.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { quietly } from "../base/errors.js";
import { gitIn } from "../git/run.js";

/** actions/checkout's header, for any URL (`http.extraheader` too); git lower-cases the names it lists. */
const CREDENTIAL_KEYS = String.raw`^http\.(.*\.)?extraheader$`;

export interface StashedCredentials {
  /** The repository's local config file, found before the agent started. */
  file: string;
  /** That file once the entries were out: the only file they go back to. */
  identity: { dev: number; ino: number; mode: number };
  /** Its directory (no link on its path then), which the file must still be in. */
  dir: { dev: number; ino: number };
  /** Who may own it then: whoever did when it was stashed, or the workspace's owner (the agent's files go to it). */
  owners: number[];
  /**
   * Its bytes once the entries were out. The agent can write the file in place (it is the workspace's, and
   * granted to it) and keep its inode, owner and mode: a proxy, `sslVerify = false`, an fsmonitor command
   * or an include added there would be the next step's git's, with the token beside them.
   */
  content: Buffer;
  entries: { name: string; value: string }[];
}

/** Takes the persisted credential out of the workspace's local config; undefined when there is none. */
export async function stashCredentials(workspace: string): Promise<StashedCredentials | undefined> {
  const git = gitIn(workspace);
  // The repository's own config (`--local`: the common directory's `config`, which a linked worktree shares;
  // that file alone, includes not followed), and where that file is, asked at once: its place is known
  // before anything is taken out of it.
  const [listed, dir] = await Promise.all([
    git(["config", "--local", "--null", "--get-regexp", CREDENTIAL_KEYS]),
    git(["rev-parse", "--git-common-dir"]),
  ]);
  if (listed.code !== 0) return undefined;
  const entries: StashedCredentials["entries"] = [];
  for (const item of listed.stdout.toString("utf8").split("\0")) {
    if (item === "") continue;
    const nl = item.indexOf("\n");
    entries.push(nl < 0 ? { name: item, value: "" } : { name: item.slice(0, nl), value: item.slice(nl + 1) });
  }
  if (!entries.length) return undefined;
  const gitDir = dir.stdout.toString("utf8").trim();
  if (dir.code !== 0 || !gitDir) throw new Error("the repository of .git/config could not be found");
  const real = realpathSync(path.resolve(workspace, gitDir));
  const file = path.join(real, "config");
  // A link, or a file with a second name: git would write through it, and the put-back would refuse it.
  const was = lstatSync(file);
  if (!was.isFile() || was.nlink !== 1)
    throw new Error(".git/config is not a plain file (a link, or a second name)");
  await takeOut(git, entries);
  try {
    return taken(file, real, workspace, entries, was.mode);
  } catch (e) {
    throw new LeftOut((e as Error).message);
  }
}

/**
 * The entries unset, one name after another (each rewrites the file under git's lock). A failure once one
 * is out is a {@link LeftOut}; before, nothing was taken out.
 */
async function takeOut(git: ReturnType<typeof gitIn>, entries: StashedCredentials["entries"]): Promise<void> {
  let out = false;
  for (const name of new Set(entries.map((e) => e.name))) {
    const r = await git(["config", "--local", "--unset-all", name]);
    if (r.code !== 0) {
      const why = `could not take ${name} out of .git/config`;
      throw out ? new LeftOut(why) : new Error(why);
    }
    out = true;
  }
}

/** The stash failed once something was taken out: its way back is not known. */
class LeftOut extends Error {}

/** The warning for a stash that failed after taking the credential out (undefined: nothing was taken out). */
export function leftOut(e: unknown): string | undefined {
  return e instanceof LeftOut ? notPutBack(`its stash failed after taking it out: ${e.message}`) : undefined;
}

/** What goes back, and where: the file as the unset left it. */
function taken(
  file: string,
  real: string,
  workspace: string,
  entries: StashedCredentials["entries"],
  mode: number,
): StashedCredentials {
  // After the unset: git wrote the file anew (a new inode), and that one is the file it goes back to. Its
  // mode is the old file's (git gives the new one the old one's): noted from before, so that nothing done to
  // the workspace meanwhile (an ACL grant's mask, taken back at the end) is taken for the file's own.
  const st = lstatSync(file);
  if (!st.isFile()) throw new Error(".git/config is not a file");
  return {
    file,
    identity: { dev: st.dev, ino: st.ino, mode },
    dir: identityOf(lstatSync(real)),
    owners: [st.uid, statSync(workspace).uid],
    content: readFileSync(file),
    entries,
  };
}

/**
 * The credential back where it was, for the steps after this one: appended by this process to the file it
 * was taken from (not through `git config --add`: its value would be on a command line, which every local
 * user can read). Returns a warning when it was not put back; never throws.
 */
export function putBackCredentials(s: StashedCredentials | undefined): string | undefined {
  if (!s) return undefined;
  let fd: number | undefined;
  try {
    // The file moved, with a link put where its directory was, would still be the same file: the path is
    // checked too (no link on it now, the same directory as then).
    const dir = path.dirname(s.file);
    if (realpathSync(dir) !== dir || !same(identityOf(lstatSync(dir)), s.dir))
      return notPutBack("its directory was replaced while the agent ran");
    // O_NOFOLLOW: not through a link put at its path; O_NONBLOCK: a FIFO there must not hold the step.
    fd = openSync(
      s.file,
      constants.O_RDWR |
        constants.O_APPEND |
        constants.O_NOFOLLOW |
        constants.O_NONBLOCK |
        constants.O_NOCTTY,
    );
    const st = fstatSync(fd);
    const doubt = doubtAbout(st, s) ?? (sameBytes(fd, st.size, s.content) ? undefined : "it was changed");
    if (doubt) return notPutBack(doubt);
    const text = Buffer.from(s.entries.map(configLines).join(""));
    for (let at = 0; at < text.length; ) at += writeSync(fd, text, at);
    return undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return notPutBack(code === "ELOOP" ? "it is a link now" : `it could not be written: ${code ?? "error"}`);
  } finally {
    const opened = fd;
    if (opened !== undefined) quietly(() => closeSync(opened));
  }
}

/** Whether the open file holds exactly `content` (read through its descriptor: the file checked is the one read). */
function sameBytes(fd: number, size: number, content: Buffer): boolean {
  if (size !== content.length) return false;
  const now = Buffer.alloc(size);
  for (let at = 0; at < size; ) {
    const n = readSync(fd, now, at, size - at, at);
    if (n === 0) return false;
    at += n;
  }
  return now.equals(content);
}

function identityOf(st: Stats): { dev: number; ino: number } {
  return { dev: st.dev, ino: st.ino };
}

function same(a: { dev: number; ino: number }, b: { dev: number; ino: number }): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** Why the file open now is not the one the credential was taken from, or may be read by another. */
function doubtAbout(st: Stats, s: StashedCredentials): string | undefined {
  if (!st.isFile()) return "it is no longer a regular file";
  if (!same(identityOf(st), s.identity))
    return "it was replaced while the agent ran (by the agent, or by a git command it ran)";
  if (st.nlink !== 1) return "it has another name now (a hard link)";
  if (!s.owners.includes(st.uid)) return "it has another owner now";
  if (st.mode !== s.identity.mode) return "its permissions changed";
  return undefined;
}

function notPutBack(why: string): string {
  return `The checkout's persisted credential was not put back into .git/config (${why}): later steps that fetch or push with it need to check out again.`;
}

/** `http.<url>.extraheader` as config text: a section of its own (git reads repeated sections as one). */
function configLines({ name, value }: { name: string; value: string }): string {
  const first = name.indexOf(".");
  const last = name.lastIndexOf(".");
  const section = name.slice(0, first);
  const sub = first < last ? ` "${escapeConfig(name.slice(first + 1, last))}"` : "";
  return `[${section}${sub}]\n\t${name.slice(last + 1)} = "${escapeConfig(value)}"\n`;
}

function escapeConfig(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\t/g, "\\t");
}
