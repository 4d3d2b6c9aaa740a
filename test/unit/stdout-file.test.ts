import { spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  watch,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it, onTestFinished } from "vitest";
import { AgentRun, DEFAULT_GRACES } from "../../src/agent/agent-run.js";
import { startAgent } from "../../src/agent/process.js";
import { CHUNKS_A_TURN, FollowedFile, openStdoutFile } from "../../src/agent/stdout-file.js";
import type { ModelUpdate } from "../../src/model/run-model.js";
import { consume, HELD_CHUNKS } from "../../src/pipeline/consume.js";
import { Pipeline } from "../../src/pipeline/pipeline.js";
import { isProcessAlive } from "../harness/launch.mjs";

/** Starts `node -e script` with its stdout in `file`, as the action starts the agent; returns when it exits. */
function writer(file: string, script: string) {
  const fd = openStdoutFile(file);
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", fd, "inherit"] });
  closeSync(fd);
  return child;
}

describe("the agent's stdout as a file, read as it grows", () => {
  it("every byte, in order, across many writes with pauses, ending after the writer exits", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "follow-")), "out.ndjson");
    const child = writer(
      file,
      `const s=(ms)=>new Promise(r=>setTimeout(r,ms));(async()=>{for(let i=0;i<300;i++){process.stdout.write(JSON.stringify({i,pad:"é".repeat(i*7)})+"\\n");if(i%50===0)await s(20)}})()`,
    );
    const follow = new FollowedFile(file);
    child.once("exit", () => follow.writerExited());
    const chunks: Buffer[] = [];
    for await (const c of follow) chunks.push(Buffer.from(c as Buffer));
    const read = Buffer.concat(chunks);
    expect(read.equals(readFileSync(file))).toBe(true);
    expect(read.toString("utf8").split("\n").filter(Boolean)).toHaveLength(300);
  });

  it("behind its writer, a few chunks a turn of the event loop: more than one, and never more than the bound", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "follow-")), "out.ndjson");
    const fd = openStdoutFile(file);
    const line = `${JSON.stringify({ pad: "x".repeat(1000) })}\n`;
    writeSync(fd, line.repeat(Math.ceil((40 * 64 * 1024) / line.length)));
    closeSync(fd);
    const follow = new FollowedFile(file);
    follow.writerExited();
    // Chunks read between two turns of the event loop (a turn ends where an immediate of ours runs).
    const perTurn: number[] = [];
    let inTurn = 0;
    let ended = false;
    const tick = () => {
      if (inTurn > 0) perTurn.push(inTurn);
      inTurn = 0;
      if (!ended) setImmediate(tick);
    };
    setImmediate(tick);
    let bytes = 0;
    follow.on("data", (c: Buffer) => {
      inTurn++;
      bytes += c.length;
    });
    await new Promise((resolve) => follow.once("end", resolve));
    ended = true;
    expect(bytes).toBe(readFileSync(file).length);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(CHUNKS_A_TURN);
    expect(Math.max(...perTurn)).toBeGreaterThan(1);
  });

  it("read through consume(), which keeps nothing of a chunk, each chunk is in the same memory; otherwise in memory of its own", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "follow-")), "out.ndjson");
    const fd = openStdoutFile(file);
    writeSync(fd, Buffer.from(Array.from({ length: 20 * 64 * 1024 }, (_, i) => 32 + ((i * 7) % 90))));
    closeSync(fd);
    const want = readFileSync(file);
    // consume() asks for the reuse: its pipeline copies what it keeps (here: everything, to compare).
    const reused = new FollowedFile(file);
    reused.writerExited();
    const copies: Buffer[] = [];
    const memory = new Set<ArrayBufferLike>();
    const recorder = {
      push: (c: Buffer) => {
        copies.push(Buffer.from(c));
        memory.add(c.buffer);
      },
      end: () => {},
    } as unknown as Pipeline;
    await consume(reused, recorder);
    expect(reused.reuseChunks).toBe(true);
    expect(Buffer.concat(copies).equals(want)).toBe(true);
    expect(memory.size).toBe(1);
    // Not asked for: a consumer may keep the chunks themselves, each in memory of its own.
    const kept = new FollowedFile(file);
    kept.writerExited();
    const chunks: Buffer[] = [];
    kept.on("data", (c: Buffer) => chunks.push(c));
    await new Promise((resolve) => kept.once("end", resolve));
    expect(Buffer.concat(chunks).equals(want)).toBe(true);
    expect(new Set(chunks.map((c) => c.buffer)).size).toBe(chunks.length);
  });

  it("with reuse asked for, what waits in the stream's buffer while its consumer is paused is never read over", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "follow-")), "out.ndjson");
    const fd = openStdoutFile(file);
    const piece = (c: string) => `${c.repeat(99)}\n`;
    writeSync(fd, piece("a"));
    const follow = new FollowedFile(file);
    follow.reuseChunks = true;
    const copies: string[] = [];
    const paused = new Promise<void>((resolve) => {
      follow.on("data", (c: Buffer) => {
        copies.push(c.toString());
        if (copies.length > 1) return;
        // Paused after the first chunk: the next ones are read (short: the writer is slow) and wait in
        // the stream's buffer, each in the slab's memory, until the consumer resumes.
        follow.pause();
        resolve();
      });
    });
    await paused;
    let waiting = 0;
    for (const c of "bcd") {
      writeSync(fd, piece(c));
      // Until the stream has read it (into its buffer, the consumer being paused).
      waiting += 100;
      while (follow.readableLength < waiting) await delay(2);
    }
    closeSync(fd);
    follow.writerExited();
    follow.resume();
    await new Promise((resolve) => follow.once("end", resolve));
    expect(copies.join("")).toBe(["a", "b", "c", "d"].map(piece).join(""));
  });

  it("a line is read while the writer still runs (notified, not at its exit)", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "follow-")), "out.ndjson");
    const child = writer(file, `process.stdout.write('{"first":1}\\n'); setTimeout(() => {}, 3000);`);
    const follow = new FollowedFile(file);
    child.once("exit", () => follow.writerExited());
    const first = await new Promise<{ text: string; alive: boolean }>((resolve) =>
      follow.once("data", (c: Buffer) => resolve({ text: c.toString(), alive: child.exitCode === null })),
    );
    expect(first).toEqual({ text: '{"first":1}\n', alive: true });
    child.kill("SIGKILL");
    follow.resume();
    await new Promise((resolve) => follow.once("end", resolve));
  });

  it("what a leftover process writes after the writer exited is not read", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "follow-")), "out.ndjson");
    // The writer leaves a detached child holding the same stdout, which writes after the writer is gone.
    const child = writer(
      file,
      `const {spawn}=require("node:child_process");process.stdout.write("mine\\n");spawn(process.execPath,["-e","setTimeout(()=>process.stdout.write('late\\\\n'),300)"],{stdio:["ignore","inherit","ignore"],detached:true}).unref();`,
    );
    const follow = new FollowedFile(file);
    child.once("exit", () => follow.writerExited());
    const chunks: string[] = [];
    for await (const c of follow) chunks.push(String(c));
    expect(chunks.join("")).toBe("mine\n");
    // The leftover did write, after: the file has it, the reading did not.
    await new Promise<void>((resolve) => {
      const seen = () => {
        if (!readFileSync(file, "utf8").includes("late")) return;
        watcher.close();
        resolve();
      };
      const watcher = watch(file, seen);
      seen();
    });
    expect(readFileSync(file, "utf8")).toBe("mine\nlate\n");
  });
});

describe("the log's writes while the action is behind the agent", () => {
  it("one every few chunks while more is waiting, and one at once when a read catches up", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "follow-")), "out.ndjson");
    const fd = openStdoutFile(file);
    const follow = new FollowedFile(file, fd);
    // Exactly 20 full reads already there: the reader is behind from the start, and its last chunk fills
    // its read too (only the next read, finding nothing, says it caught up).
    const line = `${JSON.stringify({ type: "thinking", subtype: "delta", text: "x".repeat(1000) })}\n`;
    const size = 20 * 64 * 1024;
    const lines = line.repeat(Math.floor(size / line.length) - 1);
    writeSync(fd, `${lines}${" ".repeat(size - lines.length - 1)}\n`);
    const pipeline = new Pipeline([]);
    let chunks = 0;
    const flushes: number[] = [];
    follow.on("data", () => chunks++);
    // Caught up, the writer still there: what was held is written without waiting for more (without that
    // write this wait never ends, and the test times out).
    let caughtUp = () => {};
    const whenCaughtUp = new Promise<void>((resolve) => {
      caughtUp = resolve;
    });
    const done = consume(follow, pipeline, {
      afterChunk: () => {
        flushes.push(chunks);
        if (chunks === 20) caughtUp();
      },
    });
    await whenCaughtUp;
    expect(flushes.length).toBeGreaterThan(0);
    expect(flushes.at(-1)).toBe(chunks);
    for (let i = 1; i < flushes.length - 1; i++)
      expect(flushes[i]! - flushes[i - 1]!).toBeLessThanOrEqual(HELD_CHUNKS);
    expect(flushes.length).toBeLessThan(chunks);
    // A line that comes later, when nothing is behind it, is written with its own chunk.
    writeSync(fd, line);
    await new Promise<void>((resolve) => follow.once("data", () => setImmediate(resolve)));
    expect(flushes.at(-1)).toBe(chunks);
    follow.writerExited();
    closeSync(fd);
    await done;
    expect(pipeline.events).toBe(Math.floor(size / line.length));
    expect(chunks).toBe(21);
  });
});

describe("the end of the agent's stream", () => {
  it("is the file's size when the agent exited: what a process it left goes on writing is not read", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "follow-")), "out.ndjson");
    const fd = openStdoutFile(file);
    const follow = new FollowedFile(file, fd);
    writeSync(fd, "mine\n");
    follow.writerExited();
    // A leftover writing on after the exit, faster than anything reads (here: before the first read).
    writeSync(fd, "late\n".repeat(10_000));
    closeSync(fd);
    const chunks: string[] = [];
    for await (const c of follow) chunks.push(String(c));
    expect(chunks.join("")).toBe("mine\n");
  });

  it("a file swapped between its creation and its opening for reading is refused", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "follow-"));
    const file = path.join(dir, "out.ndjson");
    const fd = openStdoutFile(file);
    renameSync(file, path.join(dir, "moved"));
    writeFileSync(file, "planted\n");
    expect(() => new FollowedFile(file, fd)).toThrow(/replaced/);
    closeSync(fd);
  });
});

describe("the session's reading after the agent exits", () => {
  /** Runs `node -e script` as the agent through the real process and session; what the pipeline saw. */
  async function session(
    script: string,
    graces: Partial<typeof DEFAULT_GRACES>,
    timeoutMs = 0,
    more: {
      dir?: string;
      onExit?: () => void;
      outputBusy?: () => Promise<void> | undefined;
      signals?: EventEmitter;
    } = {},
  ) {
    const dir = more.dir ?? mkdtempSync(path.join(tmpdir(), "session-"));
    const unread: [number, unknown][] = [];
    const stops: string[] = [];
    const s = new AgentRun({
      command: { file: process.execPath, args: ["-e", script], cwd: dir, env: process.env },
      startAgent,
      transcriptFile: path.join(dir, "transcript.ndjson"),
      timeoutMs,
      graces: { ...DEFAULT_GRACES, ...graces },
      now: Date.now,
      signals: (more.signals ?? { on: () => process, off: () => process }) as unknown as Pick<
        NodeJS.Process,
        "on" | "off"
      >,
      onStderrLine: () => {},
      onStop: (st) => void stops.push(st.reason),
      onUnread: (bytes, why) => void unread.push([bytes, why]),
      afterChunk: () => {},
      onExit: more.onExit,
      outputBusy: more.outputBusy,
    });
    const updates: ModelUpdate[] = [];
    const pipeline = new Pipeline([(u) => void updates.push(u)], dir);
    const end = await s.run(pipeline);
    rmSync(dir, { recursive: true, force: true });
    return { end, unread, stops, updates, pipeline };
  }

  it("a hole truncated into stdout (endless zeros) is not read past the drain's time; what came before is", async () => {
    const r = await session(
      `process.stdout.write('{"type":"system","subtype":"init","session_id":"s"}\\n'); require("node:fs").ftruncateSync(1, 2 ** 40);`,
      { drainMs: 300 },
    );
    expect(r.end.exit.code).toBe(0);
    expect(r.pipeline.events).toBe(1);
    expect(r.unread).toHaveLength(1);
    expect(r.unread[0]![1]).toBe("drain");
    // Stopped at the drain's deadline, with most of the terabyte unread (reading it would never end).
    expect(r.unread[0]![0]).toBeGreaterThan(2 ** 39);
  });

  it("a cancel during the wait for its last stderr lines (a process it left holds the pipe) ends that wait at the drain's share", async () => {
    // The agent leaves a process in a session of its own (the group's kill does not reach it) holding its
    // stderr, and exits. The wait for stderr would take pipeMs (10 minutes here: the test's own timeout
    // fails first); the runner's cancel, heard once the agent has exited, ends it at cancelDrainMs.
    const dir = mkdtempSync(path.join(tmpdir(), "session-"));
    const pidFile = path.join(dir, "leftover.pid");
    const signals = new EventEmitter();
    let pid = 0;
    onTestFinished(() => {
      pid ||= Number(existsSync(pidFile) ? readFileSync(pidFile, "utf8") : 0);
      if (pid > 0 && isProcessAlive(pid)) process.kill(pid, "SIGKILL");
    });
    const r = await session(
      `const c = require("node:child_process").spawn("sleep", ["1000"], { stdio: ["ignore", "ignore", "inherit"], detached: true }); c.unref();
       require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(c.pid));
       process.stdout.write('{"type":"system","subtype":"init","session_id":"s"}\\n');`,
      { pipeMs: 600_000, cancelDrainMs: 50 },
      0,
      { dir, signals, onExit: () => setImmediate(() => signals.emit("SIGINT")) },
    );
    expect(r.end.exit.code).toBe(0);
    expect(r.pipeline.events).toBe(1);
  });

  it("an agent that exited in time is not timed out while its output is still being read", async () => {
    const r = await session(
      `process.stdout.write('{"type":"system","subtype":"init","session_id":"s"}\\n');`,
      {},
      60_000,
    );
    expect(r.stops).toEqual([]);
    expect(r.unread).toEqual([]);
    expect(r.pipeline.events).toBe(1);
  });

  it("what the agent left in its group is killed at its exit, while its output is still unread", async () => {
    // The agent starts a shell that would outlive it, writes a line and exits. Its output is held unread
    // (the log is busy) until that shell is gone: only a kill at the agent's exit lets the run end (a kill
    // once the output is read would wait for ever). The end's git may then begin at once (onExit).
    const dir = mkdtempSync(path.join(tmpdir(), "session-"));
    const pidFile = path.join(dir, "leftover.pid");
    let exits = 0;
    let held: Promise<void> | undefined;
    let gone = false;
    let pid = 0;
    // Whatever happens to the test, the shell does not outlive it.
    onTestFinished(() => {
      if (pid > 0 && isProcessAlive(pid)) process.kill(pid, "SIGKILL");
    });
    const leftoverGone = async () => {
      for (;;) {
        pid ||= Number(existsSync(pidFile) ? readFileSync(pidFile, "utf8") : 0);
        if (pid > 0 && !isProcessAlive(pid)) break;
        await delay(20);
      }
      gone = true;
    };
    const r = await session(
      `const c = require("node:child_process").spawn("sleep", ["1000"], { stdio: "ignore" }); c.unref();
       require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(c.pid));
       process.stdout.write('{"type":"system","subtype":"init","session_id":"s"}\\n');`,
      {},
      0,
      {
        dir,
        onExit: () => void exits++,
        outputBusy: () => {
          if (gone) return undefined;
          held ??= leftoverGone();
          return held;
        },
      },
    );
    expect(r.end.exit.code).toBe(0);
    expect(r.pipeline.events).toBe(1);
    expect(exits).toBe(1);
  });
});
