/**
 * The chat's copies out of the agent's store are bounded (#41): the agent's user chooses what its store
 * holds and can stop (SIGSTOP) a process of its own user, such as the `tar` that reads its chat. A sparse
 * file of 2 GiB is cut once the copy holds more than a chat may (not copied whole, then checked), and a
 * stopped reader is killed at the copy's deadline instead of holding the step. In-process, on the copy
 * itself (src/session/chat-store.ts), with the action's own user on both sides.
 */

import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import diagnostics from "node:diagnostics_channel";
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { copyTree } from "../../src/session/chat-store.js";

const self = { uid: process.geteuid?.() ?? -1 };
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "chat-copy-"));
  mkdirSync(path.join(dir, "chat"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Bytes `dir` takes on disk (what was written, holes not counted). */
const diskBytes = (d: string) =>
  Number(spawnSync("du", ["-s", "-B1", d], { encoding: "utf8" }).stdout.split("\t")[0]);

it("a 2 GiB sparse chat is cut after the chat's limit, not copied whole", async () => {
  const store = path.join(dir, "chat", "store.db");
  writeFileSync(store, "");
  truncateSync(store, 2 * 1024 ** 3);
  const to = path.join(dir, "copy");
  await expect(
    copyTree(path.join(dir, "chat"), self, to, self, new AbortController().signal),
  ).rejects.toThrow("more than 256 MiB");
  expect(diskBytes(to)).toBeLessThan(300 * 1024 ** 2);
});

it("a stopped reader is killed at the copy's deadline", async () => {
  // Large enough (in holes) that the reader is still reading when it is stopped.
  writeFileSync(path.join(dir, "chat", "store.db"), "");
  truncateSync(path.join(dir, "chat", "store.db"), 200 * 1024 ** 2);
  // What a daemon of the agent's user does to the tar that reads its chat as that user.
  const stopped: number[] = [];
  const stop = (message: unknown) => {
    const child = (message as { process?: ChildProcess }).process;
    // Published as the child is made, before it has a pid: stopped once spawn() has returned.
    queueMicrotask(() => {
      if (child?.pid && child.spawnargs[0] === "tar" && child.spawnargs.includes("-c")) {
        process.kill(child.pid, "SIGSTOP");
        stopped.push(child.pid);
      }
    });
  };
  diagnostics.subscribe("child_process", stop);
  const deadline = new AbortController();
  try {
    const copy = copyTree(path.join(dir, "chat"), self, path.join(dir, "copy"), self, deadline.signal);
    // The deadline once the reader is stopped (a real copy's is a timer's).
    await new Promise<void>((resolve) => {
      const wait = () => (stopped.length > 0 ? resolve() : setImmediate(wait));
      wait();
    });
    deadline.abort(new Error("no end within 250 ms"));
    await expect(copy).rejects.toThrow("no end within 250 ms");
  } finally {
    diagnostics.unsubscribe("child_process", stop);
  }
  // Killed, not left stopped.
  for (const pid of stopped) {
    await new Promise<void>((resolve) => {
      const gone = () => {
        try {
          process.kill(pid, 0);
          setTimeout(gone, 20);
        } catch {
          resolve();
        }
      };
      gone();
    });
  }
});
