/**
 * A delivery's world for the e2e tests (test/e2e/deliver*.test.ts): a working checkout on `main`, the same
 * repository stored for real behind the GitHub stand-in (test/harness/github-git.ts), and the action run
 * in the checkout with `deliver` set, against the fake agent. What the delivery wrote is read back from
 * the bare repository with git.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { git } from "./git-repo.js";
import { type GitHubApi, type GitHubApiOptions, startGitHubApi } from "./github-api.js";
import {
  createGitHubGit,
  type GitHubGit,
  type GitHubGitOptions,
  type StoredRepository,
} from "./github-git.js";
import { type ActionResult, fixture, type RunActionOptions, runAction } from "./run-action.js";

export const TOKEN = "ghs_deliverTokenForTests000000000000000";
export const BINARY = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0, 128]);
export const TRANSCRIPT = fixture("cursorhack-direct-sleep-mac-thinking-seq-shell.ndjson");

export interface World {
  ws: string;
  base: string;
  store: GitHubGit;
  repo: StoredRepository;
  api: GitHubApi;
  run(options?: RunActionOptions): Promise<ActionResult>;
  close(): Promise<void>;
}

/** A checkout on `main`: a text file, a script, a binary, a nested file; stored as `octo/repo`. */
export async function deliverWorld(
  options: GitHubGitOptions = {},
  apiOptions: Omit<GitHubApiOptions, "token" | "git"> = {},
): Promise<World> {
  const ws = path.join(mkdtempSync(path.join(tmpdir(), "deliver-")), "repo");
  mkdirSync(path.join(ws, "dir"), { recursive: true });
  git(ws, "init", "-q", "-b", "main");
  writeFileSync(path.join(ws, "README.md"), "hello\n");
  writeFileSync(path.join(ws, "tool.sh"), "#!/bin/sh\necho hi\n");
  writeFileSync(path.join(ws, "logo.bin"), BINARY);
  writeFileSync(path.join(ws, "dir", "old.txt"), "going\n");
  writeFileSync(path.join(ws, "shared.txt"), "one\ntwo\n");
  git(ws, "add", ".");
  git(ws, "-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "-qm", "base");
  const store = createGitHubGit(options);
  const repo = store.addRepository("octo", "repo", ws);
  const api = await startGitHubApi({ ...apiOptions, token: TOKEN, git: store });
  return {
    ws,
    base: git(ws, "rev-parse", "HEAD"),
    store,
    repo,
    api,
    run: (o = {}) =>
      runAction({
        workspace: ws,
        apiUrl: api.url,
        githubToken: TOKEN,
        env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef", ...o.env },
        scenario: { transcript: TRANSCRIPT },
        ...o,
        inputs: { prompt: "go", comment: false, ...o.inputs },
      }),
    async close() {
      await api.close();
      store.close();
    },
  };
}

/** What the agent leaves: a changed, a new, a deleted, a binary and a newly executable file. */
export function agentChanges(ws: string): void {
  writeFileSync(path.join(ws, "README.md"), "hello\nworld\n");
  mkdirSync(path.join(ws, "src"), { recursive: true });
  writeFileSync(path.join(ws, "src", "new.ts"), "export {};\n");
  rmSync(path.join(ws, "dir", "old.txt"));
  writeFileSync(path.join(ws, "logo.bin"), Buffer.from([1, 0, 2, 0, 255, 7]));
  chmodSync(path.join(ws, "tool.sh"), 0o755);
  mkdirSync(path.join(ws, "bin"), { recursive: true });
  writeFileSync(path.join(ws, "bin", "run"), "#!/bin/sh\nexec true\n", { mode: 0o755 });
}

/** `mode path` of every file at `ref` in the stored repository. */
export const filesAt = (repo: StoredRepository, ref: string): string[] =>
  git(repo.git.dir, "ls-tree", "-r", "--format=%(objectmode) %(path)", ref).split("\n");

/** The error annotations of a run (the step's failure lines). */
export const errors = (r: ActionResult): string[] =>
  r.stdout
    .split("\n")
    .filter((l) => l.startsWith("::error"))
    .map((l) => l.replace(/^::error[^:]*::/, ""));
