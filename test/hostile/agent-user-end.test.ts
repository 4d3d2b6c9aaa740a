/**
 * The agent's own user (the default strategy, as root) against an agent that will not go: a fork-and-exit
 * chain that outruns `pkill`, a survivor waiting for the next run's key, another job's run on the same
 * machine, files left in the machine's shared temporary directories and ACL entries on its own files, and
 * programs planted on the job's PATH under the names the action runs as root. Needs root (to create the
 * user and run as it): skipped, saying so, otherwise.
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
// The bundle (built once per change of the sources) and the shared copy, before any test's own clock.
beforeAll(async () => {
  if (!ready) return;
  await bundleEntry();
  await sharedWithOtherUsers();
}, 300_000);
afterAll(removeAgentRecordDirs);

const root = process.geteuid?.() === 0;
const ready = root && ["setfacl", "useradd", "userdel", "setpriv", "kill", "find"].every(can);
const skip = ready ? "" : " (skipped: needs root, setfacl, useradd, userdel, setpriv, kill and find)";
/** This file's prefix: files run side by side (the code before each run had its own user ended them all). */
const USER = "cursor-agent-end";
const KEY = "key_0123456789abcdef0123456789abcdef";

interface Run {
  stdout: string;
  code: number | null;
  outputs: Record<string, string>;
  seen: string;
  user: string;
}

/** A committed workspace in a new directory others may pass through, and a directory all may write. */
function place(under = tmpdir()): { base: string; ws: string; rec: string } {
  const base = mkdtempSync(path.join(under, "agent-end-"));
  chmodSync(base, 0o755);
  const ws = path.join(base, "ws");
  mkdirSync(ws, { mode: 0o755 });
  const git = (...a: string[]) =>
    execFileSync("git", ["-C", ws, "-c", "user.email=t@t.invalid", "-c", "user.name=t", ...a]);
  execFileSync("git", ["init", "-q", ws]);
  writeFileSync(path.join(ws, "README.md"), "hello\n");
  git("add", ".");
  git("commit", "-qm", "x");
  // Not beside the workspace: its neighbours are covered in the agent's own view (security/agent-view.ts).
  return { base, ws, rec: agentRecordsDir("agent-end") };
}

/** A file the test owns that any user may append to (what the agent's user makes in /tmp goes at its end). */
function shared(file: string): string {
  writeFileSync(file, "");
  chmodSync(file, 0o666);
  return file;
}

/** Starts the action with a spy as the agent: `script` (sh, `$out` its findings), then the fake agent. */
async function start(
  where: { base: string; ws: string; rec: string },
  script: string,
  opts: { key?: string; pathFirst?: string[] } = {},
): Promise<{ done: Promise<Run>; found: string }> {
  const fake = await sharedWithOtherUsers();
  const bin = mkdtempSync(path.join(where.base, "bin-"));
  chmodSync(bin, 0o755);
  // Not in bin: the agent's install (the spy's directory) is only readable to it.
  const found = shared(path.join(where.rec, `found-${path.basename(bin)}.txt`));
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
    runnerTemp: mkdtempSync(path.join(where.base, "temp-")),
    pathFirst: [...(opts.pathFirst ?? []), fake.fakeAgentDir, fake.bin],
    event: {},
    inputs: { prompt: "go", "agent-path": spy, "agent-user": USER },
    env: { CURSOR_API_KEY: opts.key ?? KEY, FAKE_AGENT_SCENARIO: scenario },
  });
  const child = spawnAction({ args: [await bundleEntry()], env: step.env, cwd: where.ws });
  let stdout = "";
  child.stdout?.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  const done = new Promise<Run>((resolve) =>
    child.on("close", (code) =>
      resolve({
        stdout,
        code,
        outputs: readFileCommand(step.files.GITHUB_OUTPUT).values,
        seen: readFileSync(found, "utf8"),
        user: /the agent runs as ([a-z0-9_-]+),/.exec(stdout)?.[1] ?? "",
      }),
    ),
  );
  return { done, found };
}

/** Live processes (zombies aside) of `uid`, by /proc, whether or not the user still has a name. */
function aliveOf(uid: number): string[] {
  const r = spawnSync("ps", ["-e", "-o", "uid=,pid=,stat="], { encoding: "utf8" });
  return r.stdout.split("\n").filter((l) => {
    const [u, , stat] = l.trim().split(/\s+/);
    return Number(u) === uid && stat !== undefined && !stat.startsWith("Z");
  });
}

/** Whatever of `uid` is left ended, as that user (one kill of everything it may signal), for the next test. */
function endLeftovers(uid: number): void {
  if (!Number.isSafeInteger(uid) || uid <= 0) return;
  for (let i = 0; i < 50 && aliveOf(uid).length > 0; i++)
    spawnSync("setpriv", [`--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", "kill", "-KILL", "-1"]);
}

const uidIn = (seen: string) => Number(/^UID=(\d+)$/m.exec(seen)?.[1] ?? Number.NaN);

/** Waits for `file` to hold `text` (the other run's agent got there). */
async function until(file: string, text: string): Promise<void> {
  for (let i = 0; i < 600 && !readFileSync(file, "utf8").includes(text); i++)
    await new Promise((r) => setTimeout(r, 50));
}

/** A chain of processes each of which starts the next and exits: at any moment a new pid, alive for ms. */
function chainScript(dir: string, body: string): string {
  const chain = path.join(dir, `chain-${Math.random().toString(36).slice(2)}.sh`);
  writeFileSync(chain, `#!/bin/sh\n"$0" "$@" &\n${body}\nexit 0\n`, { mode: 0o755 });
  return chain;
}

it.skipIf(!ready)(
  `a fork-and-exit chain: no process of the agent's user is left once the action has exited${skip}`,
  async () => {
    const where = place();
    const beat = shared(path.join(where.rec, "beat.txt"));
    const chain = chainScript(where.rec, `echo . >> "${beat}"`);
    const { done } = await start(
      where,
      `echo "UID=$(id -u)" >> "$out"
setsid "${chain}" < /dev/null > /dev/null 2>&1 &
setsid "${chain}" < /dev/null > /dev/null 2>&1 &
sleep 0.3`,
    );
    const r = await done;
    const uid = uidIn(r.seen);
    try {
      expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
      expect(uid).toBeGreaterThan(0);
      expect(aliveOf(uid)).toEqual([]);
      // Nothing of it runs: the heartbeat has stopped.
      const size = statSync(beat).size;
      expect(size).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(statSync(beat).size).toBe(size);
    } finally {
      endLeftovers(uid);
    }
  },
  60_000,
);

it.skipIf(!ready)(
  `a survivor of one run does not read the next run's key: each run has its own user, and ends it${skip}`,
  async () => {
    const where = place();
    const loot = shared(path.join(where.rec, "loot.txt"));
    // Looks for an API key in every environment it may read, for as long as it lives.
    const chain = chainScript(
      where.rec,
      `grep -a -h -o 'key_[0-9a-z]*' /proc/[0-9]*/environ >> "${loot}" 2>/dev/null`,
    );
    const first = await (
      await start(
        where,
        `echo "UID=$(id -u)" >> "$out"\nsetsid "${chain}" < /dev/null > /dev/null 2>&1 &\nsleep 0.3`,
      )
    ).done;
    const second = await (await start(where, `echo "UID=$(id -u)" >> "$out"\nsleep 1`, { key: KEY2 })).done;
    try {
      expect([first.code, second.code]).toEqual([0, 0]);
      expect(first.user).toMatch(new RegExp(`^${USER}-[0-9a-f]{8}$`));
      expect(second.user).not.toBe(first.user);
      expect(uidIn(second.seen)).not.toBe(uidIn(first.seen));
      expect(readFileSync(loot, "utf8")).not.toContain(KEY2);
      for (const user of [first.user, second.user])
        expect(spawnSync("id", ["-u", user], { stdio: "ignore" }).status, user).not.toBe(0);
    } finally {
      endLeftovers(uidIn(first.seen));
      endLeftovers(uidIn(second.seen));
    }
  },
  90_000,
);
const KEY2 = "key_fedcba9876543210fedcba9876543210";

it.skipIf(!ready)(
  `two runs on one machine with the default agent-user: neither ends the other's agent${skip}`,
  async () => {
    const [a, b] = [place(), place()];
    const go = path.join(a.rec, "b-done");
    // Run A's agent waits (bounded) until run B has come and gone, then goes on.
    const first = await start(
      a,
      `echo "A-started" >> "$out"
i=0; while [ ! -e "${go}" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done
echo "A-alive" >> "$out"`,
    );
    await until(first.found, "A-started");
    const second = await (await start(b, `echo "B" >> "$out"`)).done;
    writeFileSync(go, "");
    const done = await first.done;
    expect([second.code, second.outputs.conclusion]).toEqual([0, "success"]);
    expect(done.seen).toContain("A-alive");
    expect([done.code, done.outputs.conclusion]).toEqual([0, "success"]);
    expect(done.user).not.toBe(second.user);
  },
  120_000,
);

it.skipIf(!ready)(
  `what the agent's user leaves in /tmp, /var/tmp and /dev/shm, and ACL entries for its group, go${skip}`,
  async () => {
    // Not under /tmp: the agent passes through the directories above the workspace, and may not write them.
    const where = place(agentRecordsDir("end"));
    const { done } = await start(
      where,
      `echo "UID=$(id -u)" >> "$out"
echo "GID=$(id -g)" >> "$out"
for d in /tmp /var/tmp /dev/shm; do
  f="$d/agent-left-$$"; echo x > "$f" && echo "LEFT=$f" >> "$out"
done
mkdir "/tmp/agent-dir-$$" && echo x > "/tmp/agent-dir-$$/inside" && echo "LEFT=/tmp/agent-dir-$$" >> "$out"
mkdir mine && echo mine > mine/file
setfacl -m "g:$(id -g):rwx" mine/file && setfacl -m "d:g:$(id -g):rwx" mine && echo "ACL=set" >> "$out"`,
    );
    const r = await done;
    expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
    const left = [...r.seen.matchAll(/^LEFT=(.+)$/gm)].map((m) => m[1] ?? "");
    expect(left).toHaveLength(4);
    for (const f of left) expect(existsSync(f), f).toBe(false);
    expect(r.seen).toContain("ACL=set");
    const gid = /^GID=(\d+)$/m.exec(r.seen)?.[1];
    const mine = path.join(where.ws, "mine");
    const acl = execFileSync("getfacl", ["-n", "-p", mine, path.join(mine, "file"), where.ws], {
      encoding: "utf8",
    });
    expect(acl).not.toMatch(new RegExp(`group:${gid}:`));
    expect(acl).not.toMatch(new RegExp(`user:${uidIn(r.seen)}:`));
  },
  60_000,
);

it.skipIf(!ready)(
  `programs planted on the job's PATH under the names the action runs as root are not run${skip}`,
  async () => {
    const where = place();
    const planted = path.join(where.rec, "planted");
    mkdirSync(planted, { mode: 0o755 });
    const log = shared(path.join(where.rec, "planted.log"));
    const names = ["pkill", "setfacl", "chown", "rm", "setpriv", "kill", "find", "useradd", "userdel", "id"];
    names.push("getent", "groupdel", "env", "sudo", "prlimit");
    for (const name of names) {
      // Records who ran it, then passes on to the real one (the run itself must not change).
      writeFileSync(
        path.join(planted, name),
        `#!/bin/sh\necho "$(/usr/bin/id -u) ${name}" >> "${log}"\nPATH=/usr/sbin:/usr/bin:/sbin:/bin exec ${name} "$@"\n`,
        { mode: 0o755 },
      );
    }
    const r = await (await start(where, `echo "UID=$(id -u)" >> "$out"`, { pathFirst: [planted] })).done;
    expect([r.code, r.outputs.conclusion]).toEqual([0, "success"]);
    expect(
      readFileSync(log, "utf8")
        .split("\n")
        .filter((l) => l.startsWith("0 ")),
    ).toEqual([]);
  },
  60_000,
);
