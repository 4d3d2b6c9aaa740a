/**
 * Protected agent configuration: a pull request must not be able to give the agent new permissions or
 * instructions. Before the agent starts on an event about a pull request (opened, reviewed, commented),
 * every file the CLI reads as configuration (changes/agent-config.ts) is put back as it is in the PR's base
 * commit: changed ones restored, deleted ones brought back, added ones removed. For the agent only: once
 * it has ended, the PR's own versions go back ({@link putBack}), so the checkout after the step differs
 * from the PR by the agent's changes alone; a configuration file the agent itself changed keeps its change
 * (it is in the report).
 */

import { promises as fsp } from "node:fs";
import path from "node:path";
import { UserFacingError } from "../base/errors.js";
import { isAgentConfig } from "../changes/agent-config.js";
import { isCommitId } from "../git/repo.js";
import { driverOverrides, gitIn } from "../git/run.js";
import type { PullBaseClient } from "../github/api.js";
import { PR_PAYLOAD_EVENTS, type RunContext } from "../github/context.js";

/** The pull request's configuration could not be set aside: the agent is not started. */
export class ProtectConfigError extends UserFacingError {}

/** A file's state, to put it back exactly: its bytes and mode, a symlink's target, or its absence. */
type FileState =
  | { kind: "file"; content: Buffer; mode: number }
  | { kind: "link"; target: string }
  | { kind: "absent" };

export interface Restored {
  base: string;
  root: string;
  restored: string[];
  removed: string[];
  /** Per changed path: the PR's version (to put back) and ours (to tell whether the agent changed it). */
  changed: Map<string, { pr: FileState; ours: FileState }>;
}

/**
 * The base commit to protect against, or undefined when this run is not about a pull request. A
 * comment on a pull request (`issue_comment`) does not carry it: it is asked of GitHub.
 */
export async function baseCommit(
  ctx: RunContext,
  client: () => Promise<PullBaseClient>,
): Promise<string | undefined> {
  let sha: unknown;
  const pr = ctx.pullRequest;
  if (PR_PAYLOAD_EVENTS.has(ctx.eventName)) {
    sha = pr?.baseSha;
  } else if (ctx.eventName === "issue_comment" && pr) {
    try {
      sha = await (await client()).pullBase(pr.owner, pr.repo, pr.issue);
    } catch (e) {
      throw new ProtectConfigError(
        `protect-config: could not ask GitHub for pull request #${pr.issue}'s base commit (${(e as Error).message.split("\n")[0]}); give the job pull-requests: read, or set protect-config: false.`,
      );
    }
  } else {
    return undefined;
  }
  if (typeof sha === "string" && isCommitId(sha)) return sha;
  throw new ProtectConfigError(
    "protect-config: the event names a pull request but not its base commit; set protect-config: false to run anyway.",
  );
}

export interface FetchAuth {
  /** The token to fetch the base commit with (a private repository's shallow checkout lacks it). */
  token?: string;
  /** `GITHUB_SERVER_URL`: the header is sent to this server only. */
  serverUrl?: string;
}

/**
 * `alsoProtect`: absolute paths of other files the run's own configuration names (a schema file that
 * gates the run), protected like the CLI's.
 */
export async function protectConfig(
  workspace: string,
  base: string,
  auth: FetchAuth = {},
  alsoProtect: readonly string[] = [],
): Promise<Restored> {
  // The one git runner: no secret in its environment, no program the repository names (src/git/run.ts).
  const run = gitIn(workspace);
  const git = async (
    args: string[],
    opts: { input?: string; config?: string[]; env?: NodeJS.ProcessEnv } = {},
  ) => {
    const r = await run(args, {
      // Only the restore reads stdin. An empty input given to the others failed its write to git's pipe,
      // and the error's stack trace, mapped through the bundle's source maps, cost ~40 ms a run.
      input: opts.input,
      maxBytes: 256 * 1024 * 1024,
      config: opts.config,
      env: opts.env,
    });
    return { ok: r.code === 0 && !r.truncated, out: r.stdout };
  };
  const top = await git(["rev-parse", "--show-toplevel"]);
  if (!top.ok) {
    throw new ProtectConfigError(
      "protect-config: the workspace is not a git repository, so the agent's configuration cannot be checked against the pull request's base; check the repository out first, or set protect-config: false.",
    );
  }
  const root = top.out.toString("utf8").trim();
  if (!(await git(["cat-file", "-e", `${base}^{commit}`])).ok) {
    // A shallow checkout (actions/checkout's default) lacks the base: fetch just that commit. With
    // `persist-credentials: false` the clone keeps no credential: the token goes to this one command, as
    // actions/checkout passes it (an extra header), through git's environment: never on a command line,
    // never into .git/config, and only to the GitHub server.
    await git(["fetch", "--no-tags", "--depth=1", "origin", base], { env: authEnv(auth) });
    if (!(await git(["cat-file", "-e", `${base}^{commit}`])).ok) {
      throw new ProtectConfigError(
        `protect-config: the base commit ${base.slice(0, 12)} is not in the checkout and could not be fetched; use actions/checkout with fetch-depth: 0, or set protect-config: false.`,
      );
    }
  }
  const also = new Set(alsoProtect.map((p) => path.relative(root, p)).filter((p) => !p.startsWith("..")));
  const list = (out: Buffer) =>
    out
      .toString("utf8")
      .split("\0")
      .filter((p) => p !== "" && (isAgentConfig(p) || also.has(p)));
  const inBase = new Set(list((await git(["-C", root, "ls-tree", "-r", "-z", "--name-only", base])).out));
  const inTree = list(
    (await git(["-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"])).out,
  );

  const changed = new Map<string, { pr: FileState; ours: FileState }>();
  const removed: string[] = [];
  for (const p of inTree) {
    if (inBase.has(p)) continue;
    const pr = await stateOf(root, p);
    await fsp.rm(path.join(root, p), { force: true, recursive: true });
    changed.set(p, { pr, ours: { kind: "absent" } });
    removed.push(p);
  }
  const differing: string[] = [];
  for (const p of inBase) {
    const want = (await git(["-C", root, "cat-file", "blob", `${base}:${p}`])).out;
    if (!(await sameContent(root, p, want))) {
      differing.push(p);
      changed.set(p, { pr: await stateOf(root, p), ours: { kind: "absent" } });
    }
  }
  if (differing.length > 0) {
    // A symlink on the way (a PR can turn `.cursor` into one) must not carry the restore elsewhere.
    for (const p of differing) await removeSymlinkedParents(root, p);
    // A checkout runs the repository's smudge filters: each is switched off for it.
    // The working tree only: the index stays the pull request's, so nothing is left staged afterwards.
    const r = await git(
      [
        "-C",
        root,
        "restore",
        `--source=${base}`,
        "--worktree",
        "--pathspec-from-file=-",
        "--pathspec-file-nul",
      ],
      {
        input: `${differing.join("\0")}\0`,
        config: await driverOverrides(run),
      },
    );
    if (!r.ok)
      throw new ProtectConfigError(
        "protect-config: restoring the agent's configuration from the base commit failed.",
      );
  }
  for (const p of differing) {
    const entry = changed.get(p);
    if (entry) entry.ours = await stateOf(root, p);
  }
  return { base, root, restored: differing, removed, changed };
}

/**
 * After the agent: each protected file still as we left it gets the PR's version back; one the agent
 * changed keeps the agent's change. Returns the paths the agent changed. Never throws.
 */
export async function putBack(r: Restored): Promise<{ putBack: string[]; agentChanged: string[] }> {
  const out = { putBack: [] as string[], agentChanged: [] as string[] };
  for (const [p, { pr, ours }] of r.changed) {
    try {
      if (!sameState(await stateOf(r.root, p), ours)) {
        out.agentChanged.push(p);
        continue;
      }
      const abs = path.join(r.root, p);
      await removeSymlinkedParents(r.root, p);
      await fsp.rm(abs, { force: true, recursive: true });
      if (pr.kind === "file") {
        await fsp.mkdir(path.dirname(abs), { recursive: true });
        await fsp.writeFile(abs, pr.content, { mode: pr.mode });
        await fsp.chmod(abs, pr.mode);
      } else if (pr.kind === "link") {
        await fsp.mkdir(path.dirname(abs), { recursive: true });
        await fsp.symlink(pr.target, abs);
      }
      out.putBack.push(p);
    } catch {
      // A file that cannot be put back stays as the base has it; the log says which were.
    }
  }
  return out;
}

function authEnv(auth: FetchAuth): NodeJS.ProcessEnv | undefined {
  if (!auth.token) return undefined;
  const server = (auth.serverUrl || "https://github.com").replace(/\/+$/, "");
  const basic = Buffer.from(`x-access-token:${auth.token}`).toString("base64");
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: `http.${server}/.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
  };
}

async function stateOf(root: string, rel: string): Promise<FileState> {
  const abs = path.join(root, rel);
  try {
    const st = await fsp.lstat(abs);
    if (st.isSymbolicLink()) return { kind: "link", target: await fsp.readlink(abs) };
    if (st.isFile()) return { kind: "file", content: await fsp.readFile(abs), mode: st.mode & 0o7777 };
    return { kind: "absent" };
  } catch {
    return { kind: "absent" };
  }
}

function sameState(a: FileState, b: FileState): boolean {
  if (a.kind === "file" && b.kind === "file") return a.content.equals(b.content);
  if (a.kind === "link" && b.kind === "link") return a.target === b.target;
  return a.kind === b.kind;
}

async function sameContent(root: string, rel: string, want: Buffer): Promise<boolean> {
  const abs = path.join(root, rel);
  try {
    const st = await fsp.lstat(abs);
    if (st.isSymbolicLink()) return (await fsp.readlink(abs)) === want.toString("utf8");
    if (!st.isFile()) return false;
    return (await fsp.readFile(abs)).equals(want);
  } catch {
    return false;
  }
}

async function removeSymlinkedParents(root: string, rel: string): Promise<void> {
  const parts = rel.split("/");
  for (let i = 1; i < parts.length; i++) {
    const dir = path.join(root, ...parts.slice(0, i));
    try {
      if ((await fsp.lstat(dir)).isSymbolicLink()) await fsp.rm(dir, { force: true });
    } catch {
      return;
    }
  }
}
