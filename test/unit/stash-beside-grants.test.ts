/**
 * The credential stash now runs beside the agent user's set-up (src/run/live-agent.ts): on the ACL path the
 * workspace's grant (`setfacl -R -m u:<agent>:rwX -m d:u:<agent>:rwX`, grants.ts) can reach the new
 * `.git/config` (written anew by the stash's unset) before the stash reads its identity. That identity then
 * holds the grant's mask in its mode; the revoke at release takes the mask back, and the put-back refuses a
 * file "whose permissions changed": the credential stays out. Before, the stash was done before the grants.
 * The order is made here as the set-up's synchronous spawns make it: the unset's rename, then the grant,
 * then the stash's continuation. Needs setfacl on a file system with ACLs (skipped otherwise).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { SetAside } from "../../src/run/set-aside.js";
import { stashCredentials } from "../../src/security/git-credentials.js";

const HEADER = "AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3Rlc3Q=";
const KEY = "http.https://github.com/.extraheader";
const AGENT = "54329";
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const acl = (args: string[]) => spawnSync("setfacl", args, { stdio: "ignore" }).status === 0;
const probe = mkdtempSync(path.join(tmpdir(), "acl-probe-"));
const acls = acl(["-m", `u:${AGENT}:rwX`, probe]);
rmSync(probe, { recursive: true, force: true });

it.skipIf(!acls)(
  "a grant that reaches the new .git/config before the stash reads it: the credential still goes back",
  async () => {
    const ws = mkdtempSync(path.join(tmpdir(), "stash-grants-"));
    dirs.push(ws);
    execFileSync("git", ["init", "-q", ws]);
    execFileSync("git", ["-C", ws, "config", "--local", KEY, HEADER]);
    const config = path.join(ws, ".git", "config");
    const ino = statSync(config).ino;

    const aside = new SetAside({}, () => false);
    const stashing = aside.stashes(stashCredentials(ws));
    let settled = false;
    void stashing.finally(() => {
      settled = true;
    });
    // The unset's rename seen (each turn of the loop), then the grant at once, as a synchronous spawn.
    for (let n = 0; n < 100_000 && statSync(config).ino === ino; n++)
      await new Promise((r) => setImmediate(r));
    expect(statSync(config).ino).not.toBe(ino);
    // The order this test is about: the stash has not read the file's identity yet.
    expect(settled).toBe(false);
    expect(acl(["-R", "-m", `u:${AGENT}:rwX`, "-m", `d:u:${AGENT}:rwX`, ws])).toBe(true);
    await stashing;
    // The agent's run, then its release: the grant revoked (grants.ts), then the credential put back.
    expect(acl(["-R", "-x", `u:${AGENT}`, "-x", `d:u:${AGENT}`, ws])).toBe(true);
    const back = await aside.undo();
    expect(back.warnings).toEqual([]);
    expect(execFileSync("git", ["-C", ws, "config", "--local", KEY], { encoding: "utf8" }).trim()).toBe(
      HEADER,
    );
  },
);
