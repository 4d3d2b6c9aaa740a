/**
 * What a live run sets aside (src/run/set-aside.ts): the checkout's credential is taken out while the
 * agent's user is set up, so an undo (the last resort's, on anything unexpected) can come while the stash
 * is still under way. It waits for it, then puts the credential back: never a credential left out of
 * `.git/config` because the undo ran first. A real repository and real git.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { SetAside } from "../../src/run/set-aside.js";
import { type StashedCredentials, stashCredentials } from "../../src/security/git-credentials.js";

const HEADER = "AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3Rlc3Q=";
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function checkout(): string {
  const ws = mkdtempSync(path.join(tmpdir(), "set-aside-"));
  dirs.push(ws);
  execFileSync("git", ["init", "-q", ws]);
  // What actions/checkout persists (persist-credentials: true).
  execFileSync("git", ["-C", ws, "config", "--local", "http.https://github.com/.extraheader", HEADER]);
  return ws;
}

const header = (ws: string): string => {
  try {
    return execFileSync("git", ["-C", ws, "config", "--local", "http.https://github.com/.extraheader"], {
      encoding: "utf8",
    }).trim();
  } catch {
    return "";
  }
};

it("an undo while the credential is being taken out waits for it, then puts it back", async () => {
  const ws = checkout();
  const aside = new SetAside({}, () => false);
  let finish: (c: StashedCredentials | undefined) => void = () => undefined;
  const stashing = aside.stashes(new Promise((resolve) => (finish = resolve)));
  const undone = aside.undo();
  // The stash ends after the undo began: the credential is out of the file now.
  const stashed = await stashCredentials(ws);
  expect(stashed?.entries).toEqual([{ name: "http.https://github.com/.extraheader", value: HEADER }]);
  expect(header(ws)).toBe("");
  finish(stashed);
  await stashing;
  const back = await undone;
  expect(back.warnings).toEqual([]);
  expect(header(ws)).toBe(HEADER);
});

it("a checkout without a persisted credential: nothing taken out, nothing to put back", async () => {
  const ws = mkdtempSync(path.join(tmpdir(), "set-aside-"));
  dirs.push(ws);
  execFileSync("git", ["init", "-q", ws]);
  expect(await stashCredentials(ws)).toBeUndefined();
  // Not a repository at all: the same.
  const bare = mkdtempSync(path.join(tmpdir(), "set-aside-none-"));
  dirs.push(bare);
  expect(await stashCredentials(bare)).toBeUndefined();
});

it("a failed stash: the undo still ends, and says nothing of a credential it never had", async () => {
  const aside = new SetAside({}, () => false);
  const stashing = aside.stashes(Promise.reject(new Error("could not take it out")));
  await expect(stashing).rejects.toThrow("could not take it out");
  const back = await aside.undo();
  expect(back.warnings).toEqual([]);
});
