/** HEAD contents are fetched while the agent runs, in batches, so that the end of the run does not wait. */
import { describe, expect, it, vi } from "vitest";
import { ChangeTracker } from "../../src/changes/index.js";
import type { FileRead, GitReader, HeadEntry } from "../../src/git/reader.js";
import { RunModel } from "../../src/model/run-model.js";
import { toEvent } from "../../src/stream/events.js";

/** A fake git whose HEAD holds `heads`: blob ids are `oid-<path>`. Records each batch of lookups. */
function fakeGit(heads: Record<string, string>) {
  const batches: string[][] = [];
  const blobReads: string[][] = [];
  const git: GitReader = {
    isRepo: async () => true,
    show: async (p) => (p in heads ? { kind: "text", text: heads[p]! } : { kind: "absent" }),
    async heads(paths) {
      batches.push([...paths]);
      return new Map<string, HeadEntry>(
        paths.map((p) => [
          p,
          p in heads ? { kind: "blob", oid: `oid-${p}`, size: heads[p]!.length } : { kind: "absent" },
        ]),
      );
    },
    async blobs(ids) {
      blobReads.push(ids.map((b) => b.oid));
      return new Map<string, FileRead>(
        ids.map((b) => [b.oid, { kind: "text", text: heads[b.oid.slice(4)]! }]),
      );
    },
    status: async () => [],
    numstat: async () => [],
    read: async () => ({ kind: "absent" }),
  };
  return { git, batches, blobReads };
}

function edit(id: string, path: string, before: string, after: string) {
  return toEvent({
    type: "tool_call",
    subtype: "completed",
    call_id: id,
    tool_call: {
      editToolCall: {
        args: { path },
        result: {
          success: {
            path,
            linesAdded: 1,
            linesRemoved: 1,
            beforeFullFileContent: before,
            afterFullFileContent: after,
          },
        },
      },
    },
  });
}

/**
 * `during` with the batch's timer run at its end, whatever its length: the lookups it asks for are made
 * when this returns, on any machine (a real wait for it was a guess at how late a busy one runs it).
 */
function thenBatch(during: () => void): void {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    during();
    vi.runOnlyPendingTimers();
  } finally {
    vi.useRealTimers();
  }
}

/** A run model whose updates go to a change tracker that looks files up with `git`. */
function watched(git: GitReader) {
  const tracker = new ChangeTracker({ workspace: "/w", prefetch: git });
  const model = new RunModel((u) => tracker.onUpdate(u), "/w");
  return { model, tracker };
}

describe("HEAD prefetch", () => {
  it("looks the files up in one batch during the run, and reads their blobs once, at the end", async () => {
    const { git, batches, blobReads } = fakeGit({ "a.ts": "a\n", "b.ts": "b\n" });
    const { model, tracker } = watched(git);
    thenBatch(() => {
      model.apply(edit("1", "/w/a.ts", "a\n", "a2\n"), 0);
      model.apply(edit("2", "/w/b.ts", "b\n", "b2\n"), 0);
      model.apply(edit("3", "/w/a.ts", "a2\n", "a3\n"), 0);
    });
    expect(batches).toEqual([["a.ts", "b.ts"]]);
    expect(blobReads).toEqual([]);
    const set = await tracker.finish({ git });
    expect(batches).toEqual([["a.ts", "b.ts"]]);
    expect(blobReads).toEqual([["oid-a.ts", "oid-b.ts"]]);
    expect(set.files.map((f) => [f.path, f.baseline, f.added, f.removed])).toEqual([
      ["a.ts", "git", 1, 1],
      ["b.ts", "git", 1, 1],
    ]);
  });

  it("HEAD looked up during the run wins over the lookup at the agent's exit, which wins over none", async () => {
    const { git, batches, blobReads } = fakeGit({ "a.ts": "a\n", "b.ts": "b\n", "c.ts": "c\n" });
    const { model, tracker } = watched(git);
    // The timer's batch is asked for.
    thenBatch(() => model.apply(edit("1", "/w/a.ts", "a\n", "a2\n"), 0));
    model.apply(edit("2", "/w/b.ts", "b\n", "b2\n"), 0);
    model.apply(edit("3", "/w/c.ts", "c\n", "c2\n"), 0);
    // At the exit, the status listed a.ts and b.ts; HEAD had moved (the agent committed a.ts since).
    const atExit = new Map<string, HeadEntry>([
      ["a.ts", { kind: "blob", oid: "oid-a.ts-committed", size: 3 }],
      ["b.ts", { kind: "blob", oid: "oid-b.ts", size: 2 }],
    ]);
    // b.ts's content was read at the exit too.
    const blobsAtExit = new Map<string, FileRead>([["oid-b.ts", { kind: "text", text: "b\n" }]]);
    const set = await tracker.finish({
      git,
      atExit: { heads: () => atExit, blobs: () => blobsAtExit },
    });
    // a.ts from the run, b.ts from the exit, c.ts asked for now; only the blobs not read at the exit are.
    expect(batches).toEqual([["a.ts"], ["c.ts"]]);
    expect(blobReads).toEqual([["oid-a.ts", "oid-c.ts"]]);
    expect(set.files.map((f) => [f.path, f.baseline, f.added, f.removed])).toEqual([
      ["a.ts", "git", 1, 1],
      ["b.ts", "git", 1, 1],
      ["c.ts", "git", 1, 1],
    ]);
  });

  it("the exit's lookups are not waited for: not back yet, the end asks git itself", async () => {
    const { git, batches, blobReads } = fakeGit({ "a.ts": "a\n" });
    const { model, tracker } = watched(git);
    model.apply(edit("1", "/w/a.ts", "a\n", "a2\n"), 0);
    const set = await tracker.finish({ git, atExit: { heads: () => undefined, blobs: () => undefined } });
    expect(batches).toEqual([["a.ts"]]);
    expect(blobReads).toEqual([["oid-a.ts"]]);
    expect(set.files[0]).toMatchObject({ path: "a.ts", baseline: "git", added: 1, removed: 1 });
  });

  it("a batch still waiting at the end is asked for with the rest", async () => {
    const { git, batches } = fakeGit({ "c.ts": "c\n" });
    const { model, tracker } = watched(git);
    model.apply(edit("1", "/w/c.ts", "c\n", "c2\n"), 0);
    const set = await tracker.finish({ git });
    expect(batches).toEqual([["c.ts"]]);
    expect(set.files[0]).toMatchObject({ path: "c.ts", baseline: "git", added: 1, removed: 1 });
  });
});
