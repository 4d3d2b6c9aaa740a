/**
 * The agent's own view (src/security/agent-view.ts), the default strategy as root: an agent that looks for
 * the job's home (a `.netrc` others may read), `RUNNER_TEMP`, the workspace's neighbour, the action's
 * process, and leaves a file in /tmp. It finds none of them, its /tmp is its own, and what it writes in the
 * workspace is the owner's. Where the workspace's file system has no idmapped mounts (ext2, on a loop
 * device), the ACL grants as before, and the log's header says why. Needs root: skipped, saying so, otherwise.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { agentRecordsDir, removeAgentRecordDirs } from "../harness/agent-records.js";
import { prepareStep, readFileCommand, spawnAction } from "../harness/launch.mjs";
import { bundleEntry, can, cleanupActionRuns, fixture, sharedWithOtherUsers } from "../harness/run-action.js";

afterAll(cleanupActionRuns);
afterAll(removeAgentRecordDirs);
beforeAll(async () => {
  if (!ready) return;
  await bundleEntry();
  await sharedWithOtherUsers();
}, 300_000);

const root = process.geteuid?.() === 0;
const ready = root && ["setfacl", "useradd", "userdel", "setpriv", "mount", "umount", "mkfs.ext2"].every(can);
const skip = ready ? "" : " (skipped: needs root, setfacl, useradd, userdel, setpriv, mount, mkfs.ext2)";
const USER = "cursor-agent-view";

interface Run {
  stdout: string;
  code: number | null;
  outputs: Record<string, string>;
  seen: string;
}

/** A job's layout: a home (0750, with a `.netrc` others may read) holding the runner's work directory. */
function layout(under: string): { home: string; ws: string; temp: string; sibling: string } {
  const home = path.join(under, "home");
  mkdirSync(home, { mode: 0o750 });
  writeFileSync(path.join(home, ".netrc"), "machine github.com password netrc-secret\n", { mode: 0o644 });
  const work = path.join(home, "work");
  const ws = path.join(work, "repo", "repo");
  mkdirSync(ws, { recursive: true });
  const sibling = path.join(work, "repo", "other.txt");
  writeFileSync(sibling, "a neighbour\n", { mode: 0o644 });
  execFileSync("git", ["init", "-q", ws]);
  writeFileSync(path.join(ws, "README.md"), "hello\n");
  const git = (...a: string[]) =>
    execFileSync("git", ["-C", ws, "-c", "user.email=t@t.invalid", "-c", "user.name=t", ...a]);
  git("add", ".");
  git("commit", "-qm", "x");
  const temp = path.join(work, "_temp");
  mkdirSync(temp);
  return { home, ws, temp, sibling };
}

async function run(where: ReturnType<typeof layout>, script: string): Promise<Run> {
  const fake = await sharedWithOtherUsers();
  const rec = agentRecordsDir("view");
  const found = path.join(rec, "found.txt");
  writeFileSync(found, "", { mode: 0o666 });
  chmodSync(found, 0o666);
  const bin = agentRecordsDir("view-bin");
  chmodSync(bin, 0o755);
  const transcript = path.join(bin, "t.ndjson");
  copyFileSync(fixture("cursorhack-direct-sleep-mac-thinking-seq-shell.ndjson"), transcript);
  const scenario = path.join(bin, "scenario.json");
  writeFileSync(scenario, JSON.stringify({ transcript }));
  const spy = path.join(bin, "spy.sh");
  writeFileSync(spy, `#!/bin/sh\nout="${found}"\n${script}\nexec "${fake.fakeAgent}" "$@"\n`, {
    mode: 0o755,
  });
  const step = prepareStep({
    workspace: where.ws,
    runnerTemp: where.temp,
    home: where.home,
    pathFirst: [fake.fakeAgentDir, fake.bin],
    event: {},
    inputs: { prompt: "go", "agent-path": spy, "agent-user": USER },
    env: { CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef", FAKE_AGENT_SCENARIO: scenario },
  });
  const child = spawnAction({ args: [await bundleEntry()], env: step.env, cwd: where.ws });
  let stdout = "";
  child.stdout?.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return {
    stdout,
    code,
    outputs: readFileCommand(step.files.GITHUB_OUTPUT).values,
    seen: readFileSync(found, "utf8"),
  };
}

const LOOK = (
  where: ReturnType<typeof layout>,
  marker: string,
) => `cat "${path.join(where.home, ".netrc")}" >> "$out" 2>&1 || echo "NETRC=unseen" >> "$out"
ls -A "${where.temp}" >> "$out" 2>&1; [ -z "$(ls -A "${where.temp}" 2>/dev/null)" ] && echo "RUNNER_TEMP=unseen" >> "$out"
cat "${where.sibling}" >> "$out" 2>&1 || echo "SIBLING=unseen" >> "$out"
[ -e /proc/${process.pid} ] && echo "TEST_PROCESS=seen" >> "$out"
echo "PROCESSES=$(ls /proc | grep -c '^[0-9]')" >> "$out"
echo x > "/tmp/${marker}" && echo "TMP=written" >> "$out"
echo "made by the agent" > agent-made.txt && echo "WROTE=yes" >> "$out"
echo "WHOAMI=$(id -un 2>&1) HOME_OF=$(getent passwd "$(id -u)" | cut -d: -f6)" >> "$out"`;

it.skipIf(!ready)(
  `the agent's own view: no job home, RUNNER_TEMP, neighbour nor other process; its /tmp its own; its files the owner's${skip}`,
  async () => {
    const where = layout(mkdtempSync(path.join(tmpdir(), "agent-view-")));
    const marker = `agent-view-${process.pid}-${Date.now()}`;
    const passwd = statSync("/etc/passwd");
    const r = await run(where, LOOK(where, marker));
    // No account on the machine (no useradd, no userdel: /etc/passwd untouched), yet the agent has a name
    // and a home in its namespace, as a shell, git or Node's os.userInfo() ask.
    const after = statSync("/etc/passwd");
    expect([after.ino, after.mtimeMs]).toEqual([passwd.ino, passwd.mtimeMs]);
    expect(r.seen).toMatch(new RegExp(`^WHOAMI=${USER}-[0-9a-f]{8} HOME_OF=/.+-home-\\w+$`, "m"));
    expect(r.stdout).toContain("it sees the workspace, its home and the system");
    expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
    expect(r.seen).not.toContain("netrc-secret");
    expect(r.seen).toContain("NETRC=unseen");
    expect(r.seen).toContain("RUNNER_TEMP=unseen");
    expect(r.seen).toContain("SIBLING=unseen");
    expect(r.seen).not.toContain("TEST_PROCESS=seen");
    // Its init, its spy and what the spy runs: a handful, never the machine's.
    expect(Number(/^PROCESSES=(\d+)$/m.exec(r.seen)?.[1])).toBeLessThan(10);
    expect(r.seen).toContain("TMP=written");
    expect(existsSync(path.join("/tmp", marker))).toBe(false);
    expect(r.seen).toContain("WROTE=yes");
    expect(JSON.parse(r.outputs["files-changed"] ?? "[]")).toContain("agent-made.txt");
    // Its work, as one patch, read by the action after it (output patch-file).
    expect(readFileSync(r.outputs["patch-file"] ?? "", "utf8")).toContain("+made by the agent");
    const made = statSync(path.join(where.ws, "agent-made.txt"));
    const owner = statSync(where.ws);
    expect([made.uid, made.gid]).toEqual([owner.uid, owner.gid]);
  },
  60_000,
);

/** A free loop device to mount an ext2 image on (a container may have none). */
const loop = ready && spawnSync("losetup", ["-f"], { stdio: "ignore" }).status === 0;

it.skipIf(!loop)(
  `a workspace on a file system without idmapped mounts (ext2): the ACL grants as before, and the header says why${loop ? "" : " (skipped: needs root, mkfs.ext2 and a free loop device)"}`,
  async () => {
    const under = mkdtempSync(path.join(tmpdir(), "agent-view-ext2-"));
    const image = `${under}.img`;
    execFileSync("truncate", ["-s", "16M", image]);
    execFileSync("mkfs.ext2", ["-q", image]);
    execFileSync("mount", ["-o", "loop", image, under]);
    try {
      chmodSync(under, 0o755);
      const where = layout(under);
      const r = await run(where, `echo "made by the agent" > agent-made.txt && echo "WROTE=yes" >> "$out"`);
      expect(r.stdout).toMatch(
        /the workspace shared with it by ACL: no view of its own \(agent view: map .+\)/,
      );
      expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
      expect(r.seen).toContain("WROTE=yes");
      expect(JSON.parse(r.outputs["files-changed"] ?? "[]")).toContain("agent-made.txt");
      // Given back to the workspace's owner at the end, its ACL entries gone.
      const made = statSync(path.join(where.ws, "agent-made.txt"));
      expect(made.uid).toBe(statSync(where.ws).uid);
      const acl = spawnSync("getfacl", ["-n", "-p", where.ws], { encoding: "utf8" }).stdout;
      expect(acl).not.toMatch(/^user:\d+:/m);
    } finally {
      spawnSync("umount", ["-d", under]);
      spawnSync("rm", ["-f", image]);
    }
  },
  60_000,
);
