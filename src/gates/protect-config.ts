/**
 * Protected agent configuration: a pull request must not be able to give the agent new permissions or
 * instructions. Before the agent starts on an event about a pull request (opened, reviewed, commented), its
 * configuration files (`.cursor/`: `cli.json` permissions, rules, MCP config; `AGENTS.md`;
 * `.cursorrules`, at any depth) are put back as they are in the PR's base commit: changed ones
 * restored, deleted ones brought back, added ones removed.
 */

import { lstat, readFile, readlink, rm } from "node:fs/promises";
import path from "node:path";
import { driverOverrides, gitIn } from "../git/run.js";
import type { PullBaseClient } from "../github/api.js";
import { PR_PAYLOAD_EVENTS, type RunContext } from "../github/context.js";

export class ProtectConfigError extends Error {}

/** A path is agent configuration when any component is `.cursor`, or it is an AGENTS.md or .cursorrules. */
const CONFIG = /(^|\/)\.cursor(\/|$)|(^|\/)AGENTS\.md$|(^|\/)\.cursorrules$/;

export interface Restored {
  base: string;
  restored: string[];
  removed: string[];
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
  if (typeof sha === "string" && /^[0-9a-f]{40,64}$/.test(sha)) return sha;
  throw new ProtectConfigError(
    "protect-config: the event names a pull request but not its base commit; set protect-config: false to run anyway.",
  );
}

export async function protectConfig(workspace: string, base: string): Promise<Restored> {
  // The one git runner: no secret in its environment, no program the repository names (src/git/run.ts).
  const run = gitIn(workspace);
  const git = async (args: string[], opts: { input?: string; config?: string[] } = {}) => {
    const r = await run(args, { input: opts.input ?? "", maxBytes: 256 * 1024 * 1024, config: opts.config });
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
    // A shallow checkout (actions/checkout's default) lacks the base: fetch just that commit.
    await git(["fetch", "--no-tags", "--depth=1", "origin", base]);
    if (!(await git(["cat-file", "-e", `${base}^{commit}`])).ok) {
      throw new ProtectConfigError(
        `protect-config: the base commit ${base.slice(0, 12)} is not in the checkout and could not be fetched; use actions/checkout with fetch-depth: 0, or set protect-config: false.`,
      );
    }
  }
  const list = (out: Buffer) =>
    out
      .toString("utf8")
      .split("\0")
      .filter((p) => p !== "" && CONFIG.test(p));
  const inBase = new Set(list((await git(["-C", root, "ls-tree", "-r", "-z", "--name-only", base])).out));
  const inTree = list(
    (await git(["-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"])).out,
  );

  const removed: string[] = [];
  for (const p of inTree) {
    if (inBase.has(p)) continue;
    await rm(path.join(root, p), { force: true, recursive: true });
    removed.push(p);
  }
  const differing: string[] = [];
  for (const p of inBase) {
    const want = (await git(["-C", root, "cat-file", "blob", `${base}:${p}`])).out;
    if (!(await sameContent(root, p, want))) differing.push(p);
  }
  if (differing.length > 0) {
    // A symlink on the way (a PR can turn `.cursor` into one) must not carry the restore elsewhere.
    for (const p of differing) await removeSymlinkedParents(root, p);
    // A checkout runs the repository's smudge filters: each is switched off for it.
    const r = await git(["-C", root, "checkout", base, "--pathspec-from-file=-", "--pathspec-file-nul"], {
      input: `${differing.join("\0")}\0`,
      config: await driverOverrides(run),
    });
    if (!r.ok)
      throw new ProtectConfigError(
        "protect-config: restoring the agent's configuration from the base commit failed.",
      );
  }
  return { base, restored: differing, removed };
}

async function sameContent(root: string, rel: string, want: Buffer): Promise<boolean> {
  const abs = path.join(root, rel);
  try {
    const st = await lstat(abs);
    if (st.isSymbolicLink()) return (await readlink(abs)) === want.toString("utf8");
    if (!st.isFile()) return false;
    return (await readFile(abs)).equals(want);
  } catch {
    return false;
  }
}

async function removeSymlinkedParents(root: string, rel: string): Promise<void> {
  const parts = rel.split("/");
  for (let i = 1; i < parts.length; i++) {
    const dir = path.join(root, ...parts.slice(0, i));
    try {
      if ((await lstat(dir)).isSymbolicLink()) await rm(dir, { force: true });
    } catch {
      return;
    }
  }
}
