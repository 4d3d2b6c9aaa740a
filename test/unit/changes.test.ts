/**
 * The change tracker: real transcripts' edits through the real pipeline, synthetic runs for the cases the
 * transcripts lack, a real temporary git repository for the cross-check, the cost guards, and a property
 * test that every diff we produce applies (by jsdiff's own `applyPatch`) to give the final text.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { applyPatch, parsePatch, structuredPatch } from "diff";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { HEAD_BYTES_AT_ONCE } from "../../src/base/limits.js";
import { EXIT_LOOKUP_MAX, treeAtExit } from "../../src/changes/at-exit.js";
import { describeChange, diffTexts } from "../../src/changes/diff.js";
import { changeOutputs } from "../../src/changes/outputs.js";
import { ChangeTracker, type FinishOptions } from "../../src/changes/tracker.js";
import type { ChangeSet, FileChange } from "../../src/changes/types.js";
import {
  createGitReader,
  type FileRead,
  type GitReader,
  type HeadEntry,
  noGit,
} from "../../src/git/reader.js";
import { readInside } from "../../src/git/workspace-files.js";
import { applyChunks, parsePatchText } from "../../src/tools/patch.js";
import { fixture, replay } from "../helpers/replay.js";

// ---- helpers ----

const lines = (...events: object[]) => Buffer.from(events.map((e) => `${JSON.stringify(e)}\n`).join(""));
const init = (cwd: string) => ({ type: "system", subtype: "init", cwd, session_id: "s", model: "m" });
let ids = 0;
/** A started + completed pair for a Cursor tool call of `kind`. */
function tool(kind: string, args: object, result: object): object[] {
  const id = `call_${++ids}\nfc_${ids}`;
  return [
    { type: "tool_call", subtype: "started", call_id: id, tool_call: { [kind]: { args } } },
    { type: "tool_call", subtype: "completed", call_id: id, tool_call: { [kind]: { args, result } } },
  ];
}
const edit = (p: string, before: string | undefined, after: string) =>
  tool(
    "editToolCall",
    { path: p },
    {
      success: {
        path: p,
        afterFullFileContent: after,
        ...(before === undefined ? {} : { beforeFullFileContent: before }),
      },
    },
  );
const write = (p: string, fileText: string) =>
  tool("writeToolCall", { path: p, fileText }, { success: { path: p } });
const del = (p: string, prevContent?: string) =>
  tool(
    "deleteToolCall",
    { path: p },
    { success: { path: p, ...(prevContent === undefined ? {} : { prevContent }) } },
  );
const read = (p: string, content: string, extra: object = {}) =>
  tool("readToolCall", { path: p, ...extra }, { success: { content, path: p } });

/** Runs `events` through the real framer and model into a tracker, and finishes it. */
async function track(
  workspace: string,
  events: object[],
  opts: Partial<FinishOptions> = { git: noGit },
  now?: () => number,
): Promise<{ set: ChangeSet; tracker: ChangeTracker }> {
  const r = replay(lines(...events));
  const tracker = new ChangeTracker({ workspace, now });
  for (const u of r.updates) tracker.onUpdate(u);
  // No git given: the workspace's own, as the action reads it.
  return { set: await tracker.finish({ ...opts, git: opts.git ?? createGitReader(workspace) }), tracker };
}

const byPath = (set: ChangeSet, p: string): FileChange | undefined => set.files.find((f) => f.path === p);

/** A GitReader over in-memory maps that records every path it was asked about. */
class SpyGit implements GitReader {
  readonly asked: string[] = [];
  constructor(
    private readonly head: Record<string, string> = {},
    private readonly disk: Record<string, string> = {},
    private readonly repo = true,
  ) {}
  async isRepo() {
    return this.repo;
  }
  async show(p: string): Promise<FileRead> {
    this.asked.push(`show:${p}`);
    return p in this.head ? { kind: "text", text: this.head[p]! } : { kind: "absent" };
  }
  async status() {
    return [];
  }
  async numstat() {
    return [];
  }
  async read(p: string): Promise<FileRead> {
    this.asked.push(`read:${p}`);
    return p in this.disk ? { kind: "text", text: this.disk[p]! } : { kind: "absent" };
  }
}

const temps: string[] = [];
function tempDir(): string {
  const d = realpathSync(mkdtempSync(path.join(tmpdir(), "changes-test-")));
  temps.push(d);
  return d;
}
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** Independently of the tracker: the first before-content and last after-content of a file's successful edits. */
function editsInFixture(name: string): Map<string, { before: string; after: string; events: number }> {
  const out = new Map<string, { before: string; after: string; events: number }>();
  for (const line of fixture(name).toString("utf8").split("\n")) {
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(line);
    } catch {
      continue;
    }
    if (o.type !== "tool_call" || o.subtype !== "completed") continue;
    const e = (o.tool_call as Record<string, { result?: { success?: Record<string, string> } }>).editToolCall;
    const s = e?.result?.success;
    if (!s || typeof s.afterFullFileContent !== "string") continue;
    const key = s.path!.replaceAll("\\", "/").split("/").pop()!;
    const prev = out.get(key);
    out.set(key, {
      before: prev ? prev.before : (s.beforeFullFileContent ?? ""),
      after: s.afterFullFileContent,
      events: (prev?.events ?? 0) + 1,
    });
  }
  return out;
}

// ---- the real transcripts ----

describe("the real transcripts' edits", () => {
  const withEdits = [
    "cursed-mac-read-edit-usage.ndjson",
    "inspector-mac-partial-thinking-edit-wrapperline.ndjson",
    "skill-eval-0016-win-partial-grok-parallel-grep-glob-read-edit.ndjson",
    "skill-eval-0020-win-partial-kimi-thinking-grep-read-strreplace.ndjson",
    "skill-eval-0025-win-partial-grep-read-edit-error.ndjson",
    "toad-mac-partial-opus-read-edit.ndjson",
  ];

  it.each(withEdits)("%s: each diff applied to the baseline gives the final content", async (name) => {
    const r = replay(fixture(name));
    const tracker = new ChangeTracker({ workspace: tempDir() });
    for (const u of r.updates) tracker.onUpdate(u);
    const spy = new SpyGit({}, {}, false);
    const set = await tracker.finish({ git: spy });
    const expected = editsInFixture(name);
    // One change per file the transcript edited, no more, no fewer.
    expect(set.files.map((f) => f.path.split("/").pop()).sort()).toEqual([...expected.keys()].sort());
    for (const f of set.files) {
      const e = expected.get(f.path.split("/").pop()!)!;
      if (f.status === "outside") {
        expect(f.diff).toBeUndefined();
        continue;
      }
      // No diff applies as none: the baseline, not the final content.
      expect(applyPatch(e.before, f.diff ?? "")).toBe(e.after);
    }
  });

  it("cursed: sample.txt +1 −0 from the edit's own before-content", async () => {
    const r = replay(fixture("cursed-mac-read-edit-usage.ndjson"));
    const t = new ChangeTracker({ workspace: tempDir() });
    for (const u of r.updates) t.onUpdate(u);
    const set = await t.finish({ git: noGit });
    expect(set.files).toEqual([
      expect.objectContaining({
        path: "sample.txt",
        status: "modified",
        added: 1,
        removed: 0,
        baseline: "before",
        editCount: 1,
      }),
    ]);
    expect(set.files[0]!.diff).toBe(
      "--- a/sample.txt\n+++ b/sample.txt\n@@ -1,2 +1,3 @@\n line one\n line two\n+line three\n",
    );
    expect([set.added, set.removed]).toEqual([1, 0]);
  });

  it("skill-eval-0025 (Windows paths): the failed patch edit does not count, the successful one gives +1 −1", async () => {
    const r = replay(fixture("skill-eval-0025-win-partial-grep-read-edit-error.ndjson"));
    const t = new ChangeTracker({ workspace: tempDir() });
    for (const u of r.updates) t.onUpdate(u);
    const set = await t.finish({ git: noGit });
    expect(set.files).toEqual([
      expect.objectContaining({
        path: "components/roof/RoofQuickLinearCalculator.vue",
        status: "modified",
        added: 1,
        removed: 1,
        editCount: 1,
      }),
    ]);
    expect(set.files[0]!.diff).toContain("-      Clear entries\n+      Clear manual entries\n");
  });

  it("skill-eval-0016/0020: the events' own +1 −1 is the net change", async () => {
    for (const name of [
      "skill-eval-0016-win-partial-grok-parallel-grep-glob-read-edit.ndjson",
      "skill-eval-0020-win-partial-kimi-thinking-grep-read-strreplace.ndjson",
    ]) {
      const r = replay(fixture(name));
      const t = new ChangeTracker({ workspace: tempDir() });
      for (const u of r.updates) t.onUpdate(u);
      const set = await t.finish({ git: noGit });
      expect(set.files.map((f) => [f.path, f.added, f.removed])).toEqual([
        ["components/roof/RoofQuickLinearCalculator.vue", 1, 1],
      ]);
    }
  });

  it("inspector: an edit without before-content is a new file", async () => {
    const r = replay(fixture("inspector-mac-partial-thinking-edit-wrapperline.ndjson"));
    const t = new ChangeTracker({ workspace: tempDir() });
    for (const u of r.updates) t.onUpdate(u);
    const set = await t.finish({ git: noGit });
    expect(set.files).toEqual([
      expect.objectContaining({ path: "src/Poop.tsx", status: "added", added: 5, removed: 0 }),
    ]);
    expect(set.files[0]!.diff).toMatch(/^--- \/dev\/null\n\+\+\+ b\/src\/Poop.tsx\n/);
  });

  it("toad: a file in /tmp is outside the workspace, counted from the events, never read", async () => {
    const r = replay(fixture("toad-mac-partial-opus-read-edit.ndjson"));
    const t = new ChangeTracker({ workspace: tempDir() });
    for (const u of r.updates) t.onUpdate(u);
    const spy = new SpyGit();
    const set = await t.finish({ git: spy });
    expect(set.files).toEqual([
      expect.objectContaining({ path: "/tmp/toadstool-cursor-fixture.txt", status: "outside", added: 1 }),
    ]);
    expect(spy.asked).toEqual([]);
    expect([set.added, set.removed]).toEqual([0, 0]);
    expect(JSON.parse(changeOutputs(set)["files-changed"])).toEqual([]);
  });
});

// ---- net changes ----

describe("one net change per file", () => {
  const ws = "/work/ws";

  it("several edits to one file give one change, from the first before to the last after", async () => {
    const { set } = await track(ws, [
      init(ws),
      ...edit("/work/ws/a.txt", "1\n2\n3\n", "1\n2b\n3\n"),
      ...edit("a.txt", "1\n2b\n3\n", "1\n2b\n3\n4\n"),
      ...edit("/work/ws/a.txt", "1\n2b\n3\n4\n", "0\n1\n2b\n3\n4\n"),
    ]);
    expect(set.files).toHaveLength(1);
    const f = set.files[0]!;
    expect(f).toMatchObject({
      path: "a.txt",
      status: "modified",
      added: 3,
      removed: 1,
      editCount: 3,
      baseline: "before",
    });
    expect(applyPatch("1\n2\n3\n", f.diff!)).toBe("0\n1\n2b\n3\n4\n");
  });

  it("edits that end where they started are no change", async () => {
    const { set } = await track(ws, [
      init(ws),
      ...edit("a.txt", "x\n", "y\n"),
      ...edit("a.txt", "y\n", "x\n"),
    ]);
    expect(set.files).toEqual([]);
    expect(set.notes.join()).toContain("no net change");
  });

  it("a file written then deleted in the run is no change", async () => {
    const { set } = await track(ws, [
      init(ws),
      ...edit("new.txt", undefined, "hello\n"),
      ...del("new.txt", "hello\n"),
    ]);
    expect(set.files).toEqual([]);
    const git = new SpyGit({}, {});
    const again = await track(ws, [init(ws), ...write("gen.txt", "x\n"), ...del("gen.txt")], { git });
    expect(again.set.files).toEqual([]);
  });

  it("deleting an existing file: removed counted from prevContent, or from HEAD", async () => {
    const { set } = await track(ws, [init(ws), ...del("old.txt", "a\nb\nc\n")]);
    expect(set.files).toEqual([
      expect.objectContaining({
        path: "old.txt",
        status: "deleted",
        added: 0,
        removed: 3,
        baseline: "before",
      }),
    ]);
    expect(applyPatch("a\nb\nc\n", set.files[0]!.diff!)).toBe("");
    const git = new SpyGit({ "old.txt": "1\n2\n" }, {});
    const fromGit = await track(ws, [init(ws), ...del("old.txt")], { git });
    expect(fromGit.set.files).toEqual([
      expect.objectContaining({ path: "old.txt", status: "deleted", removed: 2, baseline: "git" }),
    ]);
  });

  it("only successful calls change files", async () => {
    const failed = tool("editToolCall", { path: "a.txt" }, { error: { error: "Failed to find context" } });
    const rejected = tool("writeToolCall", { path: "b.txt", fileText: "x" }, { rejected: { reason: "no" } });
    const { set } = await track(ws, [init(ws), ...failed, ...rejected]);
    expect(set.files).toEqual([]);
  });

  it("a full earlier read is the baseline for a write; a partial read is not", async () => {
    const { set } = await track(ws, [init(ws), ...read("a.txt", "1\n2\n"), ...write("a.txt", "1\n2\n3\n")]);
    expect(set.files).toEqual([expect.objectContaining({ added: 1, removed: 0, baseline: "read" })]);
    const partial = await track(ws, [
      init(ws),
      ...read("a.txt", "2\n", { offset: 2, limit: 1 }),
      ...write("a.txt", "1\n2\n3\n"),
    ]);
    expect(partial.set.files).toEqual([
      expect.objectContaining({ status: "modified", added: 3, removed: 0, baseline: "unknown" }),
    ]);
    expect(partial.set.files[0]!.note).toContain("previous content is unknown");
    expect(partial.set.files[0]!.diff).toBeUndefined();
  });

  it("an edit's before-content beats an earlier read, HEAD beats both", async () => {
    const events = [init(ws), ...read("a.txt", "old\n"), ...edit("a.txt", "mid\n", "new\n")];
    expect((await track(ws, events)).set.files[0]).toMatchObject({
      baseline: "before",
      added: 1,
      removed: 1,
    });
    const git = new SpyGit({ "a.txt": "head\nmore\n" }, { "a.txt": "new\n" });
    const f = (await track(ws, events, { git })).set.files[0]!;
    expect(f).toMatchObject({ baseline: "git", added: 1, removed: 2 });
    expect(applyPatch("head\nmore\n", f.diff!)).toBe("new\n");
  });

  it("Windows paths in either slash style and case are one file", async () => {
    const root = "D:\\Repo";
    const { set } = await track(ws, [
      init(root),
      ...edit("D:/Repo/src/A.ts", "a\n", "b\n"),
      ...edit("D:\\Repo\\src\\a.ts", "b\n", "c\n"),
      ...edit("src\\a.ts", "c\n", "d\n"),
    ]);
    expect(set.files).toEqual([
      expect.objectContaining({ path: "src/A.ts", editCount: 3, added: 1, removed: 1 }),
    ]);
  });
});

// ---- other shapes of file changes ----

describe("patch-style edits and the alternate naming", () => {
  const ws = "/work/ws";
  const patch = (p: string, body: string) => `*** Begin Patch\n*** Update File: ${p}\n${body}\n*** End Patch`;

  it("a successful patch edit without after-content is replayed on the known content", async () => {
    const p = "D:\\Repo\\src\\x.vue";
    const edited = [
      {
        type: "tool_call",
        subtype: "started",
        call_id: "e1",
        tool_call: { editToolCall: { args: { path: p } } },
      },
      {
        type: "tool_call",
        subtype: "completed",
        call_id: "e1",
        tool_call: {
          editToolCall: {
            args: {
              path: p,
              streamContent: patch(p, "@@\n   <b>\n-    Clear entries\n+    Clear manual entries\n   </b>"),
            },
            result: { success: { path: p, linesAdded: 1, linesRemoved: 1 } },
          },
        },
      },
    ];
    const { set } = await track(ws, [
      init("D:\\Repo"),
      ...read(p, "<a>\n  <b>\n    Clear entries\n  </b>\n</a>\n"),
      ...edited,
    ]);
    expect(set.files).toEqual([
      expect.objectContaining({ path: "src/x.vue", added: 1, removed: 1, baseline: "read" }),
    ]);
    expect(applyPatch("<a>\n  <b>\n    Clear entries\n  </b>\n</a>\n", set.files[0]!.diff!)).toBe(
      "<a>\n  <b>\n    Clear manual entries\n  </b>\n</a>\n",
    );
  });

  it("a patch that does not fit falls back to the working tree (inside the workspace only)", async () => {
    const p = "src/y.txt";
    const e = tool(
      "editToolCall",
      { path: p, streamContent: patch(p, "@@\n-nope\n+yes") },
      { success: { path: p } },
    );
    const git = new SpyGit({ "src/y.txt": "a\n" }, { "src/y.txt": "a\nyes\n" });
    const { set } = await track(ws, [init(ws), ...e], { git });
    expect(set.files).toEqual([
      expect.objectContaining({ path: "src/y.txt", added: 1, removed: 0, baseline: "git" }),
    ]);
    expect(set.files[0]!.note).toContain("taken from the working tree");
    const none = await track(ws, [init(ws), ...e], { git: noGit });
    expect(none.set.files[0]!.note).toContain("could not be replayed");
  });

  it("the apply_patch format: add, delete, update with an anchor and end of file", () => {
    const sections = parsePatchText(
      "*** Begin Patch\n*** Add File: n.txt\n+one\n+two\n*** Delete File: d.txt\n*** Update File: u.txt\n@@ def f():\n-    return 1\n+    return 2\n*** End Patch",
    )!;
    expect(sections.map((s) => s.op)).toEqual(["add", "delete", "update"]);
    expect(sections[0]).toMatchObject({ path: "n.txt", text: "one\ntwo\n" });
    const u = sections[2]!;
    if (u.op !== "update") throw new Error("update expected");
    const src = "def g():\n    return 1\n\ndef f():\n    return 1\n";
    expect(applyChunks(src, u.chunks)).toBe("def g():\n    return 1\n\ndef f():\n    return 2\n");
    expect(
      applyChunks("x\r\n    return 1\r\n", [
        { anchor: "", oldLines: ["    return 1"], newLines: ["    return 3"], atEnd: false },
      ]),
    ).toBe("x\r\n    return 3\r\n");
    expect(
      applyChunks("a\n", [{ anchor: "", oldLines: ["zzz"], newLines: ["y"], atEnd: false }]),
    ).toBeUndefined();
  });

  it("tool-call-completed with tool_name and parameters: write_file, str_replace, delete", async () => {
    const alt = (name: string, parameters: object, success = true) => ({
      type: "tool-call-completed",
      tool_call_id: `t${++ids}`,
      tool_name: name,
      parameters,
      result: { success, output: "" },
    });
    const { set } = await track(
      ws,
      [
        init(ws),
        alt("write_file", { path: "w.txt", content: "a\nb\n" }),
        alt("str_replace", { path: "w.txt", old_str: "b", new_str: "c" }),
        alt("edit", { file_path: "w.txt", old_string: "c", new_string: "d" }, false),
        alt("delete", { path: "gone.txt" }),
      ],
      { git: new SpyGit({ "gone.txt": "x\ny\n" }, {}) },
    );
    expect(set.files.map((f) => [f.path, f.status, f.added, f.removed])).toEqual([
      ["gone.txt", "deleted", 0, 2],
      ["w.txt", "added", 2, 0],
    ]);
    expect(applyPatch("", byPath(set, "w.txt")!.diff!)).toBe("a\nc\n");
  });
});

// ---- the trust boundary ----

describe("paths outside the workspace are never read", () => {
  it("/etc/passwd, ../x and D:\\Other\\x: listed as outside; the reader is never asked", async () => {
    const ws = "/work/ws";
    const spy = new SpyGit({ "a.txt": "1\n" }, { "a.txt": "2\n" });
    const posix = await track(
      ws,
      [
        init(ws),
        ...edit("/etc/passwd", "root\n", "root\nme\n"),
        ...write("../x", "x\n"),
        ...del("/etc/shadow"),
        ...edit("a.txt", "1\n", "2\n"),
      ],
      { git: spy },
    );
    expect(posix.set.files.map((f) => [f.path, f.status])).toEqual([
      ["a.txt", "modified"],
      ["/etc/passwd", "outside"],
      ["/etc/shadow", "outside"],
      ["/work/x", "outside"],
    ]);
    expect(byPath(posix.set, "/etc/passwd")).toMatchObject({ added: 1, removed: 0 });
    expect(byPath(posix.set, "/etc/passwd")!.diff).toBeUndefined();
    expect(spy.asked.every((a) => a.endsWith(":a.txt"))).toBe(true);
    expect(posix.set.added).toBe(1);

    const spyWin = new SpyGit();
    const win = await track(
      ws,
      [
        init("D:\\Repo"),
        ...write("D:\\Other\\x", "x\n"),
        ...write("..\\y", "y\n"),
        ...write("/etc/passwd", "z\n"),
      ],
      { git: spyWin },
    );
    expect(win.set.files.map((f) => [f.path, f.status])).toEqual([
      ["D:/Other/x", "outside"],
      ["D:/etc/passwd", "outside"],
      ["D:/y", "outside"],
    ]);
    expect(spyWin.asked).toEqual([]);
  });

  it("the real reader refuses .. and absolute paths, and symlinks that lead out", async () => {
    const outside = tempDir();
    writeFileSync(path.join(outside, "secret.txt"), "secret\n");
    const ws = tempDir();
    writeFileSync(path.join(ws, "ok.txt"), "ok\n");
    symlinkSync(path.join(outside, "secret.txt"), path.join(ws, "link.txt"));
    symlinkSync(outside, path.join(ws, "dir"));
    symlinkSync(path.join(ws, "ok.txt"), path.join(ws, "inner.txt"));
    const git = createGitReader(ws);
    expect(await git.read("ok.txt", 1000)).toEqual({ kind: "text", text: "ok\n" });
    expect(await git.read("inner.txt", 1000)).toEqual({ kind: "text", text: "ok\n" });
    for (const p of [
      "link.txt",
      "dir/secret.txt",
      "../secret.txt",
      path.join(outside, "secret.txt"),
      "D:\\x",
    ]) {
      expect((await git.read(p, 1000)).kind, p).toBe("refused");
    }
    expect((await git.show("../x", 1000)).kind).toBe("refused");
    expect(await readInside(ws, "missing.txt", 1000)).toEqual({ kind: "absent" });
    expect(await readInside(ws, "ok.txt", 2)).toEqual({ kind: "too-large", bytes: 3 });
  });
});

// ---- a real git repository ----

describe("a real git repository", () => {
  const sh = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, {
      cwd,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@t",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@t",
      },
    });
  function repo(files: Record<string, string>): string {
    const dir = tempDir();
    sh(dir, "init", "-q");
    for (const [p, t] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
      writeFileSync(path.join(dir, p), t);
    }
    sh(dir, "add", "-A");
    sh(dir, "commit", "-qm", "init");
    return dir;
  }

  it("baseline from HEAD, command-made changes listed as shell, unapplied tool changes flagged", async () => {
    const dir = repo({
      "a.txt": "1\n2\n3\n",
      "b.txt": "x\ny\nz\n",
      "c.txt": "keep\n",
      "d.txt": "d1\nd2\n",
      "sub/e.txt": "e\n",
    });
    // What the agent's file tools did, on disk and in the transcript:
    writeFileSync(path.join(dir, "a.txt"), "1\n2\n3\n4\n");
    rmSync(path.join(dir, "d.txt"));
    writeFileSync(path.join(dir, "new.txt"), "n1\nn2\n");
    // What a shell command did (`sed -i`, a generator): no tool call says so.
    writeFileSync(path.join(dir, "b.txt"), "x\nY\nz\n");
    writeFileSync(path.join(dir, "sub/gen.txt"), "g1\ng2\ng3\n");
    const { set } = await track(
      dir,
      [
        init(dir),
        ...write(path.join(dir, "a.txt"), "1\n2\n3\n4\n"),
        ...del("d.txt"),
        ...write("new.txt", "n1\nn2\n"),
        // Reported, but the working tree does not have it:
        ...edit("c.txt", "keep\n", "changed\n"),
      ],
      {},
    );
    expect(set.files.map((f) => [f.path, f.status, f.added, f.removed, f.baseline])).toEqual([
      ["a.txt", "modified", 1, 0, "git"],
      ["c.txt", "modified", 1, 1, "git"],
      ["d.txt", "deleted", 0, 2, "git"],
      ["new.txt", "added", 2, 0, "git"],
      ["b.txt", "shell", 1, 1, "git"],
      ["sub/gen.txt", "shell", 3, 0, "git"],
    ]);
    expect(byPath(set, "c.txt")).toMatchObject({ mismatchOnDisk: true });
    expect(byPath(set, "c.txt")!.note).toContain("unchanged on disk");
    expect(byPath(set, "a.txt")!.mismatchOnDisk).toBeUndefined();
    expect(applyPatch("1\n2\n3\n", byPath(set, "a.txt")!.diff!)).toBe("1\n2\n3\n4\n");
    expect(byPath(set, "sub/gen.txt")!.note).toContain("a new file");
    expect([set.added, set.removed]).toEqual([1 + 1 + 2 + 1 + 3, 1 + 2 + 1]);
    expect(JSON.parse(changeOutputs(set)["files-changed"])).toEqual([
      "a.txt",
      "c.txt",
      "d.txt",
      "new.txt",
      "b.txt",
      "sub/gen.txt",
    ]);
    // Read-only: the cross-check left the index alone.
    expect(sh(dir, "status", "--porcelain").toString()).toContain("?? new.txt");
  });

  it("git's line counts are asked for only what no tool call explains, by name", async () => {
    const dir = repo({ "a.txt": "1\n", "b.txt": "x\n" });
    const real = createGitReader(dir);
    const asked: (string[] | undefined)[] = [];
    const spy: GitReader = {
      ...real,
      numstat: (paths) => {
        asked.push(paths);
        return real.numstat(paths);
      },
    };
    writeFileSync(path.join(dir, "a.txt"), "1\n2\n");
    await track(dir, [init(dir), ...write(path.join(dir, "a.txt"), "1\n2\n")], { git: spy });
    // Every change is a tool call's: no numstat at all.
    expect(asked).toEqual([]);
    // A command changed b.txt and made gen.txt (untracked: no counts from git, its lines are read).
    writeFileSync(path.join(dir, "b.txt"), "x\ny\n");
    writeFileSync(path.join(dir, "gen.txt"), "g\n");
    const { set } = await track(dir, [init(dir), ...write(path.join(dir, "a.txt"), "1\n2\n")], { git: spy });
    expect(asked).toEqual([["b.txt"]]);
    expect(set.files.map((f) => [f.path, f.status, f.added, f.removed])).toEqual([
      ["a.txt", "modified", 1, 0],
      ["b.txt", "shell", 1, 0],
      ["gen.txt", "shell", 1, 0],
    ]);
  });

  it("the status taken when the working tree became final (the agent's exit) is the one used", async () => {
    const dir = repo({ "a.txt": "1\n", "b.txt": "x\n" });
    // A command's change before the agent exited; the status is asked for then.
    writeFileSync(path.join(dir, "b.txt"), "x\ny\n");
    const real = createGitReader(dir);
    const atExit = real.status();
    await atExit;
    // Written after that status: the end takes the one it was given and asks git for none of its own.
    writeFileSync(path.join(dir, "late.txt"), "late\n");
    let asked = 0;
    const spy: GitReader = {
      ...real,
      status: () => {
        asked++;
        return real.status();
      },
    };
    const { set } = await track(dir, [init(dir)], { git: spy, atExit: { status: atExit } });
    expect(asked).toBe(0);
    expect(set.files.map((f) => [f.path, f.status])).toEqual([["b.txt", "shell"]]);
  });

  it("where the status's files are at HEAD, looked up at the agent's exit, is used: the end looks up only the rest", async () => {
    const dir = repo({ "a.txt": "1\n", "b.txt": "x\n" });
    writeFileSync(path.join(dir, "a.txt"), "2\n");
    writeFileSync(path.join(dir, "c.txt"), "new\n");
    const real = createGitReader(dir);
    // As the action does at the exit: the tracked files of the status (c.txt is untracked: not asked).
    const exit = treeAtExit(real);
    await exit.settled;
    const asked: string[][] = [];
    const spy: GitReader = {
      ...real,
      heads: (paths) => {
        asked.push(paths);
        return real.heads!(paths);
      },
    };
    const events = [init(dir), ...edit("a.txt", "1\n", "2\n"), ...edit("b.txt", "x\n", "x\n")];
    const { set } = await track(dir, events, { git: spy, atExit: exit });
    // b.txt was edited back to what it was: not in the status, so looked up at the end.
    expect(asked).toEqual([["b.txt"]]);
    expect(set.files.map((f) => [f.path, f.status, f.added, f.removed, f.baseline])).toEqual([
      ["a.txt", "modified", 1, 1, "git"],
      ["c.txt", "shell", 1, 0, "git"],
    ]);
  });

  it("at the exit, only a status's tracked files are looked up at HEAD, and only up to a bound", async () => {
    const entries = (n: number, code: string) =>
      Array.from({ length: n }, (_, i) => ({ code, path: `${code.trim() || "u"}${i}.txt` }));
    const asked: string[][] = [];
    const fake = (status: { code: string; path: string }[]): GitReader => ({
      ...noGit,
      status: async () => status,
      heads: async (paths) => {
        asked.push(paths);
        return new Map();
      },
    });
    const back = async (status: { code: string; path: string }[]) => {
      const t = treeAtExit(fake(status));
      await t.settled;
      return t.heads();
    };
    // The fake's answer (no file at HEAD), taken as the lookup's: a Map, not "not looked up".
    expect(await back([...entries(2, " M"), ...entries(3, "??"), ...entries(1, "D ")])).toEqual(new Map());
    expect(asked).toEqual([["M0.txt", "M1.txt", "D0.txt"]]);
    // A formatter's thousands of files: the end looks up the few it needs instead.
    expect(await back(entries(EXIT_LOOKUP_MAX + 1, " M"))).toBeUndefined();
    expect(await back(entries(4, "??"))).toBeUndefined();
    expect(asked).toHaveLength(1);
    // A status that fails is none, and nothing is looked up.
    const failing: GitReader = { ...noGit, status: () => Promise.reject(new Error("git died")) };
    const t = treeAtExit(failing);
    expect(await t.status).toEqual([]);
    await t.settled;
    expect(t.heads()).toBeUndefined();
    expect(t.blobs()).toBeUndefined();
  });

  it("at the exit, the status files' content at HEAD is read too when it is small, by blob id", async () => {
    const sizes: Record<string, number> = { "a.txt": 10, "b.txt": 20, "gone.txt": 0 };
    const read: string[][] = [];
    const fake = (big: number): GitReader => ({
      ...noGit,
      status: async () => Object.keys(sizes).map((p) => ({ code: " M", path: p })),
      heads: async (paths) =>
        new Map(
          paths.map((p): [string, HeadEntry] =>
            p === "gone.txt"
              ? [p, { kind: "absent" }]
              : [p, { kind: "blob", oid: `oid-${p}`, size: p === "b.txt" ? big : sizes[p]! }],
          ),
        ),
      blobs: async (ids) => {
        read.push(ids.map((b) => b.oid));
        return new Map(ids.map((b): [string, FileRead] => [b.oid, { kind: "text", text: b.oid }]));
      },
    });
    const small = treeAtExit(fake(20));
    // Nothing is there before it is back: the end never waits for it.
    expect(small.blobs()).toBeUndefined();
    await small.settled;
    expect([...(small.blobs() ?? new Map()).keys()]).toEqual(["oid-a.txt", "oid-b.txt"]);
    // Past the bound in all: none read then (the end reads them a batch at a time).
    const big = treeAtExit(fake(HEAD_BYTES_AT_ONCE));
    await big.settled;
    expect(big.blobs()).toBeUndefined();
    expect(read).toEqual([["oid-a.txt", "oid-b.txt"]]);
  });

  it("a workspace below the top of the repository sees only its own files, by its own paths", async () => {
    const dir = repo({ "top.txt": "t\n", "pkg/a.txt": "a\n" });
    writeFileSync(path.join(dir, "top.txt"), "T\n");
    writeFileSync(path.join(dir, "pkg/a.txt"), "A\n");
    writeFileSync(path.join(dir, "pkg/b.txt"), "b\n");
    const ws = path.join(dir, "pkg");
    const { set } = await track(ws, [init(ws), ...write("b.txt", "b\n")], {});
    expect(set.files.map((f) => [f.path, f.status, f.added, f.removed])).toEqual([
      ["b.txt", "added", 1, 0],
      ["a.txt", "shell", 1, 1],
    ]);
  });

  it("a tool-written file that a command changed afterwards is flagged, its tool diff kept", async () => {
    const dir = repo({ "f.txt": "1\n" });
    writeFileSync(path.join(dir, "f.txt"), "2 (by sed)\n");
    const { set } = await track(dir, [init(dir), ...write("f.txt", "2\n")], {});
    expect(set.files).toEqual([
      expect.objectContaining({
        path: "f.txt",
        status: "modified",
        mismatchOnDisk: true,
        added: 1,
        removed: 1,
      }),
    ]);
    expect(applyPatch("1\n", set.files[0]!.diff!)).toBe("2\n");
    expect(set.files[0]!.note).toContain("differs");
  });

  it("a change on disk by a file tool call that never reported is a shell change, with a note", async () => {
    const dir = repo({ "half.txt": "1\n" });
    writeFileSync(path.join(dir, "half.txt"), "1\n2\n");
    const startedOnly = {
      type: "tool_call",
      subtype: "started",
      call_id: "cut",
      tool_call: { editToolCall: { args: { path: "half.txt" } } },
    };
    const { set } = await track(dir, [init(dir), startedOnly], {});
    expect(set.files).toEqual([
      expect.objectContaining({ path: "half.txt", status: "shell", added: 1, removed: 0 }),
    ]);
    expect(set.files[0]!.note).toContain("did not report success");
  });

  it("not a repository: no cross-check, no shell list", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "stray.txt"), "s\n");
    const { set } = await track(dir, [init(dir), ...write("w.txt", "w\n")], {});
    expect(set.files.map((f) => [f.path, f.status, f.baseline])).toEqual([["w.txt", "modified", "unknown"]]);
  });
});

// ---- cost guards ----

describe("cost guards", () => {
  const ws = "/work/ws";
  const numbered = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} ${i}\n`).join("");

  // Each guard below says, in its note, that the costly work was not done: that, not a time, is what holds.
  it("a 5 MB file gets counts and a note, no diff", async () => {
    const before = `${"x".repeat(99)}\n`.repeat(50_000);
    const after = `${before}tail\n`.replace("x".repeat(99), "y".repeat(99));
    const { set } = await track(ws, [init(ws), ...edit("big.txt", before, after)]);
    expect(set.files).toEqual([expect.objectContaining({ path: "big.txt", added: 2, removed: 1 })]);
    expect(set.files[0]!.note).toMatch(/no diff: larger than 1\.0 MB/);
    expect(set.files[0]!.diff).toBeUndefined();
  });

  it("50k lines, all different: counts and a note, no diff", async () => {
    const { set } = await track(ws, [
      init(ws),
      ...edit("p.txt", numbered(50_000, "old"), numbered(50_000, "new")),
    ]);
    expect(set.files[0]).toMatchObject({ added: 50_000, removed: 50_000 });
    expect(set.files[0]!.note).toMatch(/more than 20000 lines/);
    expect(set.files[0]!.diff).toBeUndefined();
  });

  it("a pair too different to diff cheaply: counts and a note, no diff", () => {
    const d = diffTexts("p.txt", numbered(15_000, "old"), "p.txt", numbered(15_000, "new"));
    expect(d).toMatchObject({ added: 15_000, removed: 15_000 });
    expect(d.note).toMatch(/too many changes/);
    expect(d.diff).toBeUndefined();
  });

  it("a maxFileBytes of the caller's choosing", async () => {
    const { set } = await track(ws, [init(ws), ...edit("m.txt", "a\n".repeat(100), "b\n".repeat(100))], {
      git: noGit,
      maxFileBytes: 100,
    });
    expect(set.files[0]).toMatchObject({ added: 100, removed: 100 });
    expect(set.files[0]!.diff).toBeUndefined();
  });

  it("a text beyond the retention cap keeps only its line count", async () => {
    const huge = "z\n".repeat(4_200_000 + 100); // 8.4M chars > 8 MiB
    const { set } = await track(ws, [init(ws), ...edit("h.txt", "z\n", huge)]);
    expect(set.files[0]).toMatchObject({ path: "h.txt", status: "modified", added: 4_200_099, removed: 0 });
    expect(set.files[0]!.note).toContain("too large to compare");
    expect(set.notes.join()).toContain("too large to keep");
  });

  it("replaying edits keeps to the budget: 8 files × 500 replacements each", async () => {
    const big = `${"x".repeat(64 * 1024)}\nEND 0\n`;
    const events: object[] = [init(ws)];
    for (let f = 0; f < 8; f++) {
      events.push(...write(`big${f}.txt`, big));
      for (let i = 0; i < 500; i++) {
        // str_replace edits carry no after-content: each is replayed on the whole text at the end.
        const args = JSON.stringify({ path: `big${f}.txt`, old_str: `END ${i}`, new_str: `END ${i + 1}` });
        const id = `replace_${f}_${i}`;
        const fn = { name: "str_replace", arguments: args };
        events.push(
          { type: "tool_call", subtype: "started", call_id: id, tool_call: { function: fn } },
          {
            type: "tool_call",
            subtype: "completed",
            call_id: id,
            tool_call: { function: { ...fn, result: { success: {} } } },
          },
        );
      }
    }
    // A clock that moves 1 ms each time it is read: the budget runs out after as many readings, on any
    // machine, however fast or slow.
    let ticks = 0;
    const { set } = await track(ws, events, { git: noGit, budgetMs: 800 }, () => ticks++);
    expect(set.files).toHaveLength(8);
    const outOfTime = set.files.filter((f) => f.note?.includes("the time for replaying its edits ran out"));
    // Some files were replayed in the budget, the rest were not even tried once it ran out.
    expect(outOfTime.length).toBeGreaterThan(0);
    expect(outOfTime.length).toBeLessThan(8);
  }, 60_000);

  it("finish never throws, whatever git does", async () => {
    const broken: GitReader = {
      isRepo: async () => true,
      show: () => Promise.reject(new Error("boom")),
      status: () => {
        throw new Error("boom");
      },
      numstat: () => new Promise(() => {}),
      read: () => new Promise(() => {}),
    };
    const { set } = await track(ws, [init(ws), ...edit("a.txt", "1\n", "2\n")], {
      git: broken,
      budgetMs: 300,
    });
    expect(set.files).toEqual([
      expect.objectContaining({ path: "a.txt", added: 1, removed: 1, baseline: "before" }),
    ]);
  });
});

// ---- properties ----

describe("properties", () => {
  const line = fc.constantFrom(
    "a",
    "b",
    "c",
    "",
    " a",
    "a ",
    "é",
    "\t",
    "x\r",
    "-",
    "+",
    "@@ -1 +1 @@",
    "\\ No newline",
  );
  const text = fc
    .tuple(fc.array(line, { maxLength: 30 }), fc.constantFrom("\n", "\r\n"), fc.boolean())
    .map(([ls, eol, end]) => ls.join(eol) + (end && ls.length ? eol : ""));

  it("the diff applied to the baseline gives the final text; counts match the diff", () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const d = describeChange("f.txt", { kind: "text", text: before }, { kind: "text", text: after });
        if (before === after) return d === undefined;
        expect(d?.diff?.split("\n").slice(0, 2)).toEqual(["--- a/f.txt", "+++ b/f.txt"]);
        expect(applyPatch(before, d!.diff!, { autoConvertLineEndings: false })).toBe(after);
        const body = d!.diff!.split("\n").slice(2);
        expect(body.filter((l) => l.startsWith("+")).length).toBe(d!.added);
        expect(body.filter((l) => l.startsWith("-")).length).toBe(d!.removed);
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it("diffing only what the sides do not share gives the whole texts' minimal counts, in place", () => {
    fc.assert(
      fc.property(text, text, text, text, fc.nat(3000), fc.nat(3000), (pre, a, b, post, m, k) => {
        // Shared starts and ends of any length, tens of KB included (compared a block at a time).
        const before = pre.repeat(1 + (m % 40)) + a + post.repeat(1 + (k % 40));
        const after = pre.repeat(1 + (m % 40)) + b + post.repeat(1 + (k % 40));
        fc.pre(before !== after);
        const d = diffTexts("f", before, "f", after);
        expect(applyPatch(before, d.diff!, { autoConvertLineEndings: false })).toBe(after);
        // Each hunk sits where its header says: its old lines are the baseline's lines from oldStart.
        const beforeLines = before.split("\n");
        for (const h of parsePatch(d.diff!)[0]!.hunks) {
          const old = h.lines.filter((l) => l[0] === " " || l[0] === "-").map((l) => l.slice(1));
          const at = h.oldLines === 0 ? h.oldStart : h.oldStart - 1;
          expect(beforeLines.slice(at, at + old.length)).toEqual(old);
        }
        // The same counts as jsdiff on the whole texts (minimal either way).
        const whole = structuredPatch("a", "b", before, after, "", "", { context: 3 });
        const lines = whole.hunks.flatMap((h) => h.lines);
        expect(d.added).toBe(lines.filter((l) => l.startsWith("+")).length);
        expect(d.removed).toBe(lines.filter((l) => l.startsWith("-")).length);
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it("added and deleted files round-trip too", () => {
    fc.assert(
      fc.property(text, (t) => {
        fc.pre(t !== "");
        const added = describeChange("f", { kind: "absent" }, { kind: "text", text: t })!;
        expect(added.status).toBe("added");
        expect(applyPatch("", added.diff!, { autoConvertLineEndings: false })).toBe(t);
        const deleted = describeChange("f", { kind: "text", text: t }, { kind: "absent" })!;
        expect(deleted.status).toBe("deleted");
        expect(applyPatch(t, deleted.diff!, { autoConvertLineEndings: false })).toBe("");
      }),
      { numRuns: 200 },
    );
  });

  it("the rough counts equal the diff's when no line moves (append/remove only)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 20 }),
        fc.array(fc.string(), { maxLength: 20 }),
        (a, b) => {
          const base = a.map((s) => `${s.replaceAll("\n", "")}\n`).join("");
          const ext = `${base}${b.map((s) => `${s.replaceAll("\n", "")}\n`).join("")}`;
          const d = diffTexts("f", base, "f", ext);
          const rough = diffTexts("f", base, "f", ext, {
            maxFileBytes: 0,
            maxLines: 0,
            timeoutMs: 1,
            maxEditLength: 1,
          });
          expect([rough.added, rough.removed]).toEqual([d.added, d.removed]);
        },
      ),
    );
  });
});
