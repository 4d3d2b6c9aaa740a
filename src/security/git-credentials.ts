/**
 * The credential a checkout persists in the workspace's `.git/config` (actions/checkout's
 * `http.<url>.extraheader`, the job's token), out of the agent user's reach while it runs: it can read and
 * write `.git/` like the rest of the workspace (git needs its config), so the entries are taken out before
 * the agent starts and added back, as they were, once it is gone. Only through the action's own git
 * (src/git/run.ts: nothing the repository names runs).
 */
import { constants, promises as fsp } from "node:fs";
import path from "node:path";
import { gitIn } from "../git/run.js";

/** actions/checkout's header, for any URL (`http.extraheader` too); git lower-cases the names it lists. */
const CREDENTIAL_KEYS = String.raw`^http\.(.*\.)?extraheader$`;

export interface StashedCredentials {
  workspace: string;
  entries: { name: string; value: string }[];
}

/** Takes the persisted credential out of the workspace's local config; undefined when there is none. */
export async function stashCredentials(workspace: string): Promise<StashedCredentials | undefined> {
  const git = gitIn(workspace);
  const listed = await git(["config", "--local", "--null", "--get-regexp", CREDENTIAL_KEYS]);
  if (listed.code !== 0) return undefined;
  const entries: StashedCredentials["entries"] = [];
  for (const item of listed.stdout.toString("utf8").split("\0")) {
    if (item === "") continue;
    const nl = item.indexOf("\n");
    entries.push(nl < 0 ? { name: item, value: "" } : { name: item.slice(0, nl), value: item.slice(nl + 1) });
  }
  for (const name of new Set(entries.map((e) => e.name))) {
    const r = await git(["config", "--local", "--unset-all", name]);
    if (r.code !== 0) throw new Error(`could not take ${name} out of .git/config`);
  }
  return entries.length ? { workspace, entries } : undefined;
}

/**
 * The credential back where it was, for the steps after this one. Appended to the repository's config
 * file by this process, not through `git config --add` (its value would be on a command line, which every
 * local user can read), and only into a regular file reached without a link (the agent had `.git/`).
 */
export async function putBackCredentials(s: StashedCredentials | undefined): Promise<void> {
  if (!s) return;
  const dir = await gitIn(s.workspace)(["rev-parse", "--absolute-git-dir"]);
  const gitDir = dir.stdout.toString("utf8").trim();
  if (dir.code !== 0 || !gitDir) throw new Error("the repository is gone: its credential was not put back");
  const file = await fsp.open(
    path.join(gitDir, "config"),
    constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW,
  );
  try {
    if (!(await file.stat()).isFile())
      throw new Error(".git/config is not a file: the credential was not put back");
    await file.appendFile(s.entries.map(configLines).join(""));
  } finally {
    await file.close();
  }
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
