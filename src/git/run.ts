/**
 * The only place the action starts git. Every file in the workspace, `.git/config` and `.gitattributes`
 * included, may have been written by the agent to trap us, so each call:
 * - gets a scrubbed environment: no secret, no `INPUT_*`, no file-command path, no `GIT_*` but ours; no
 *   system or global config (the agent can write `~/.gitconfig` too);
 * - runs no program the repository names: hooks, fsmonitor, external diff, textconv, credential helpers,
 *   ssh and proxy commands are switched off on the command line, and every clean/smudge/process filter the
 *   repository's config declares is overridden with an empty one (an empty filter command runs nothing);
 * - never enters a repository nested in the workspace: the overrides above are read from the workspace's
 *   config only, so a child git in `vendor/lib/.git` (made by the agent, and entered as a gitlink with
 *   `update-index --cacheinfo 160000,…`) would run the filters its own config names. Submodules and
 *   gitlinks are ignored by default here, and status and diff say so on their command line too;
 * - is the system's git ({@link GIT}), never one found on the job's PATH: an earlier step may have put a
 *   directory the agent can write on it (the workspace's `node_modules/.bin`), and a `git` planted there
 *   would run with the action's rights, as root under the default strategy;
 * - has a timeout and a cap on what it may print; it never throws.
 * Limit: a process that outlived the agent's group could change the config between our read of it and
 * the call; the `unprivileged-user` safety strategy is the defence against that.
 */
import { spawn } from "node:child_process";
import { accessSync, constants, lstatSync, statSync } from "node:fs";
import path from "node:path";
import { RUN_DEADLINES } from "../base/deadlines.js";
import { isWithheld } from "../base/withheld.js";
import { type GitProcess, openGit } from "./process.js";

export type { AnswerReader, GitProcess } from "./process.js";

const GIT_TIMEOUT_MS = RUN_DEADLINES.gitMs;

/**
 * Where a system's git is installed: directories only root (or, on macOS, the machine's admin) writes.
 * In order: the distribution's (and macOS's own, which hands over to Xcode's), then a locally built or
 * Homebrew one. A job's PATH is never searched. Windows: Git for Windows, where the runner images have it.
 */
const GIT_PLACES =
  process.platform === "win32"
    ? [String.raw`C:\Program Files\Git\cmd\git.exe`, String.raw`C:\Program Files\Git\bin\git.exe`]
    : ["/usr/bin/git", "/bin/git", "/usr/local/bin/git", "/opt/homebrew/bin/git"];

/**
 * The git every call runs: the first of {@link GIT_PLACES} that is executable, found once. None: an absolute
 * path that does not exist, so that every call fails as git being absent does (never a PATH lookup).
 */
export const GIT = findGit(GIT_PLACES);

function findGit(places: readonly string[]): string {
  for (const p of places) {
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {}
  }
  return places[0] ?? "/usr/bin/git";
}

/** Config given on every call: protected (command-line) scope, so the repository cannot undo it. */
const SAFE_CONFIG = [
  "core.fsmonitor=false",
  "core.untrackedCache=false",
  "core.hooksPath=/dev/null",
  "core.sshCommand=",
  "core.askPass=",
  "core.pager=cat",
  "core.editor=false",
  "core.gitProxy=",
  "core.alternateRefsCommand=",
  "diff.external=",
  "credential.helper=",
  "protocol.ext.allow=never",
  // No child git in a nested repository or gitlink (see the header); status and diff also pass
  // `--ignore-submodules=all`, which no `.gitmodules` setting overrides.
  "diff.ignoreSubmodules=all",
  "status.submoduleSummary=false",
  "submodule.recurse=false",
  "fetch.recurseSubmodules=false",
  // The global config (where actions/checkout puts it) is not read: the workspace is trusted here instead.
  "safe.directory=*",
];

/** Filter keys of the repository's config, read without running anything (`git config` runs no program). */
const FILTER_KEYS = String.raw`^(filter\..+\.(clean|smudge|process)|diff\..+\.(textconv|command))$`;

/** Never handed to git, besides what is withheld from every child: git's own overrides. */
const GIT_OVERRIDES = /^(GIT_|SSH_ASKPASS$)/;

export interface RunOptions {
  input?: string;
  /** Cap on stdout (default 1 MiB); past it the process is killed and the result `truncated`. */
  maxBytes?: number;
  timeoutMs?: number;
  /** Called with stdout so far; returning true stops the process (the caller has what it needs). */
  enough?: (stdout: Buffer) => boolean;
  /** Extra config for this call only (`name=value`). */
  config?: string[];
  /** Extra environment for this call only (a credential through `GIT_CONFIG_*`, never on a command line). */
  env?: NodeJS.ProcessEnv;
}

export interface RunResult {
  code: number | null;
  stdout: Buffer;
  /** Stopped for exceeding `maxBytes`, by `enough`, or by the timeout. */
  truncated: boolean;
}

export type Git = ((args: string[], opts?: RunOptions) => Promise<RunResult>) & {
  /** A process kept open and asked in turns, for commands that answer request by request. */
  open?(args: string[]): GitProcess;
};

/**
 * Whether git must not run in `cwd` at all: its repository's config is there and is no regular file. The
 * agent writes the workspace, `.git/` included: a FIFO as `.git/config` would block every git call of the
 * action's end reading it, each until its deadline (~34 s for the end's calls in a test). stat follows a
 * link without opening what it names, so a FIFO behind one is seen too and nothing blocks here. Git is
 * then as absent as when it cannot start: the changes come from the tool calls alone.
 */
function configTrap(cwd: string): boolean {
  try {
    if (!lstatSync(path.join(cwd, ".git")).isDirectory()) return false;
    return !statSync(path.join(cwd, ".git", "config")).isFile();
  } catch {
    return false;
  }
}

/**
 * A git runner for one directory. `filters: true` on a call first reads the repository's filter and diff
 * driver names and switches each off: for the commands that can run them (status, diff, checkout).
 */
export function gitIn(
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Git & { safeEnv: NodeJS.ProcessEnv; open(args: string[]): GitProcess } {
  const safeEnv = scrubbedEnv(env);
  const run = (args: string[], opts: RunOptions = {}) =>
    configTrap(cwd)
      ? Promise.resolve({ code: null, stdout: Buffer.alloc(0), truncated: false })
      : spawnGit(
          [...configArgs([...SAFE_CONFIG, ...(opts.config ?? [])]), ...args],
          cwd,
          opts.env ? { ...safeEnv, ...opts.env } : safeEnv,
          opts,
        );
  const open = (args: string[]) =>
    openGit(GIT, [...configArgs(SAFE_CONFIG), ...args], cwd, safeEnv, GIT_TIMEOUT_MS, configTrap(cwd));
  const git = Object.assign(run, { safeEnv, open });
  return git;
}

/** `-c name=` for every filter and diff driver command the repository's config declares. */
export async function driverOverrides(git: Git): Promise<string[]> {
  const r = await git(["config", "--null", "--name-only", "--get-regexp", FILTER_KEYS], {
    maxBytes: 1024 * 1024,
  });
  const out: string[] = [];
  for (const name of r.stdout.toString("utf8").split("\0")) {
    if (name === "") continue;
    out.push(`${name}=`);
    const filter = /^filter\.(.+)\.(clean|smudge|process)$/s.exec(name);
    // A filter switched off must not fail the command for being `required`.
    if (filter) out.push(`filter.${filter[1]}.required=false`);
  }
  return out;
}

function configArgs(config: string[]): string[] {
  return config.flatMap((c) => ["-c", c]);
}

export function scrubbedEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) {
    if (v !== undefined && !isWithheld(k) && !GIT_OVERRIDES.test(k)) out[k] = v;
  }
  return {
    ...out,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    // Read-only commands must not take the index lock (a concurrent git in the job would fail on it).
    GIT_OPTIONAL_LOCKS: "0",
    GIT_TERMINAL_PROMPT: "0",
    GIT_PAGER: "cat",
    LC_ALL: "C",
  };
}

function spawnGit(args: string[], cwd: string, env: NodeJS.ProcessEnv, opts: RunOptions): Promise<RunResult> {
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(GIT, args, {
        cwd,
        env,
        stdio: [opts.input === undefined ? "ignore" : "pipe", "pipe", "ignore"],
        windowsHide: true,
      });
    } catch {
      resolve({ code: null, stdout: Buffer.alloc(0), truncated: false });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    let done = false;
    const stop = () => {
      truncated = true;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(stop, opts.timeoutMs ?? GIT_TIMEOUT_MS);
    const finish = (code: number | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(chunks, size), truncated });
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      if (truncated) return;
      if (size + chunk.length > maxBytes) {
        const room = maxBytes - size;
        if (room > 0) {
          chunks.push(chunk.subarray(0, room));
          size += room;
        }
        return stop();
      }
      chunks.push(chunk);
      size += chunk.length;
      // Only the start of the output decides (a header): do not re-join a large output on every chunk.
      if (opts.enough && size <= 64 * 1024 && opts.enough(Buffer.concat(chunks, size))) stop();
    });
    child.on("error", () => finish(null));
    child.on("close", (code) => finish(code));
    if (opts.input !== undefined) {
      child.stdin?.on("error", () => {});
      child.stdin?.end(opts.input);
    }
  });
}
