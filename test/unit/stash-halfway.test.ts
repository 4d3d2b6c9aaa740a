/**
 * The checkout's credential stash (src/security/git-credentials.ts) failing after it has taken the credential
 * out of `.git/config` (the entries unset, then the file's place or identity not had: a `rev-parse` that
 * fails or times out, a config that is a link): the set-aside's undo must put it back, or at least say it
 * was not. Here: a `.git/config` that is a link (git writes through it; the stash then refuses the link).
 * A real repository and real git.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { SetAside } from "../../src/run/set-aside.js";
import { stashCredentials } from "../../src/security/git-credentials.js";

const HEADER = "AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3Rlc3Q=";
const KEY = "http.https://github.com/.extraheader";
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const header = (ws: string): string => {
  try {
    return execFileSync("git", ["-C", ws, "config", "--local", KEY], { encoding: "utf8" }).trim();
  } catch {
    return "";
  }
};

it("a stash that fails after taking the credential out: put back, or said not to be", async () => {
  const ws = mkdtempSync(path.join(tmpdir(), "stash-halfway-"));
  dirs.push(ws);
  execFileSync("git", ["init", "-q", ws]);
  const git = path.join(ws, ".git");
  renameSync(path.join(git, "config"), path.join(git, "config-real"));
  symlinkSync("config-real", path.join(git, "config"));
  execFileSync("git", ["-C", ws, "config", "--local", KEY, HEADER]);
  expect(header(ws)).toBe(HEADER);

  const aside = new SetAside({}, () => false);
  await expect(aside.stashes(stashCredentials(ws))).rejects.toThrow();
  const back = await aside.undo();
  // Lost in silence today: out of the file, never recorded, nothing said.
  const said = back.warnings.some((w) => /credential/.test(w));
  expect({ backOrSaid: header(ws) === HEADER || said }).toEqual({ backOrSaid: true });
});

/**
 * The last resort's undo (a cancel while admission waits on GitHub) does not stop prepare(): admitted a
 * moment later, it starts the stash, and the process exits ~100 ms after the undo's report. A stash handed to
 * the set-aside after its undo must be put back at once (or refused), not held for an undo that has passed.
 */
it("a stash handed over after the undo: put back, not left out", async () => {
  const ws = mkdtempSync(path.join(tmpdir(), "stash-after-undo-"));
  dirs.push(ws);
  execFileSync("git", ["init", "-q", ws]);
  execFileSync("git", ["-C", ws, "config", "--local", KEY, HEADER]);
  const aside = new SetAside({}, () => false);
  await aside.undo();
  await aside.stashes(stashCredentials(ws));
  // Whatever else comes (the process exits soon after the last resort's report): nothing puts it back.
  expect(header(ws)).toBe(HEADER);
});
