/** HEAD contents are fetched while the agent runs, in batches, so that the end of the run does not wait. */
import { describe, expect, it } from "vitest";
import { ChangeTracker } from "../../src/changes/index.js";
import type { FileRead, GitReader } from "../../src/git/reader.js";
import { RunModel } from "../../src/model/run-model.js";
import { toEvent } from "../../src/stream/events.js";

function fakeGit(heads: Record<string, string>) {
  const batches: string[][] = [];
  const git: GitReader = {
    isRepo: async () => true,
    show: async (p) => (p in heads ? { kind: "text", text: heads[p]! } : { kind: "absent" }),
    async showMany(paths) {
      batches.push([...paths]);
      return new Map<string, FileRead>(
        paths.map((p) => [p, p in heads ? { kind: "text", text: heads[p]! } : { kind: "absent" }]),
      );
    },
    status: async () => [],
    numstat: async () => [],
    read: async () => ({ kind: "absent" }),
  };
  return { git, batches };
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

describe("HEAD prefetch", () => {
  it("asks for the files in one batch during the run, and not again at the end", async () => {
    const { git, batches } = fakeGit({ "a.ts": "a\n", "b.ts": "b\n" });
    let tracker: ChangeTracker | undefined;
    const model = new RunModel((u) => tracker?.onUpdate(u), "/w");
    tracker = new ChangeTracker({ workspace: "/w", prefetch: git });
    model.apply(edit("1", "/w/a.ts", "a\n", "a2\n"), 0);
    model.apply(edit("2", "/w/b.ts", "b\n", "b2\n"), 0);
    model.apply(edit("3", "/w/a.ts", "a2\n", "a3\n"), 0);
    await new Promise((r) => setTimeout(r, 700));
    expect(batches).toEqual([["a.ts", "b.ts"]]);
    const set = await tracker.finish({ git });
    expect(batches).toEqual([["a.ts", "b.ts"]]);
    expect(set.files.map((f) => [f.path, f.baseline, f.added, f.removed])).toEqual([
      ["a.ts", "git", 1, 1],
      ["b.ts", "git", 1, 1],
    ]);
  });

  it("a batch still waiting at the end is asked for with the rest", async () => {
    const { git, batches } = fakeGit({ "c.ts": "c\n" });
    let tracker: ChangeTracker | undefined;
    const model = new RunModel((u) => tracker?.onUpdate(u), "/w");
    tracker = new ChangeTracker({ workspace: "/w", prefetch: git });
    model.apply(edit("1", "/w/c.ts", "c\n", "c2\n"), 0);
    const set = await tracker.finish({ git });
    expect(batches).toEqual([["c.ts"]]);
    expect(set.files[0]).toMatchObject({ path: "c.ts", baseline: "git", added: 1, removed: 1 });
  });
});
