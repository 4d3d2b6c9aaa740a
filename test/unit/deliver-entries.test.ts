/**
 * The changes as a delivery carries them (src/changes/entries.ts), read from the patch's own index
 * (src/changes/patch.ts with `entries: true`): contents and modes, deletions, a symlink and a submodule
 * refused by path; and the same entries from the saved patch applied to a fresh checkout's index, as a
 * later, separate job would read them (docs/delivery.md).
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { MAX_DELIVERY_FILES } from "../../src/base/limits.js";
import { readEntries } from "../../src/changes/entries.js";
import { writePatch } from "../../src/changes/patch.js";
import { openRepo } from "../../src/git/repo.js";
import { commitFiles, git } from "../harness/git-repo.js";

function repo(): { ws: string; base: string; out: string } {
  const root = mkdtempSync(path.join(tmpdir(), "deliver-entries-"));
  const ws = path.join(root, "repo");
  mkdirSync(ws);
  commitFiles(ws, { "a.txt": "alpha\n", "run.sh": "#!/bin/sh\n", "dir/old.txt": "old\n" });
  const out = path.join(root, "out");
  mkdirSync(out);
  return { ws, base: git(ws, "rev-parse", "HEAD"), out };
}

const read = async (ws: string, base: string, out: string) =>
  writePatch(openRepo(ws), base, { dir: out, name: "t", entries: true });

it("every kind of change as an entry, in git's order; the same from the saved patch on a fresh checkout", async () => {
  const { ws, base, out } = repo();
  writeFileSync(path.join(ws, "a.txt"), "alpha\nbeta\n");
  chmodSync(path.join(ws, "run.sh"), 0o755);
  rmSync(path.join(ws, "dir", "old.txt"));
  writeFileSync(path.join(ws, "bin.dat"), Buffer.from([0, 255, 1]));
  const r = await read(ws, base, out);
  expect(r.kind).toBe("patch");
  if (r.kind !== "patch") return;
  expect(r.entries).toEqual({
    kind: "entries",
    entries: [
      { path: "a.txt", mode: "100644", content: Buffer.from("alpha\nbeta\n") },
      { path: "bin.dat", mode: "100644", content: Buffer.from([0, 255, 1]) },
      { path: "dir/old.txt", deleted: true },
      { path: "run.sh", mode: "100755", content: Buffer.from("#!/bin/sh\n") },
    ],
  });
  // A later job: a fresh checkout of the base, the patch applied to its index, the same reader.
  const clone = mkdtempSync(path.join(tmpdir(), "deliver-entries-clone-"));
  execFileSync("git", ["clone", "-q", ws, clone]);
  git(clone, "checkout", "-q", base);
  git(clone, "apply", "--binary", "--index", r.file);
  const again = openRepo(clone).git;
  expect(await readEntries((args, input, maxBytes) => again(args, { input, maxBytes }), base)).toEqual(
    r.entries,
  );
});

it("a symlink or a submodule among the changes: refused, each named, the patch still made", async () => {
  const { ws, base, out } = repo();
  symlinkSync("a.txt", path.join(ws, "link"));
  const sub = path.join(ws, "vendor");
  mkdirSync(sub);
  commitFiles(sub, { "lib.txt": "lib\n" });
  const r = await read(ws, base, out);
  expect(r.kind).toBe("patch");
  if (r.kind !== "patch") return;
  expect(r.entries).toEqual({
    kind: "refused",
    why: 'a change a delivery cannot carry as a file: "link" (a symlink), "vendor" (a submodule)',
  });
});

it("nothing changed: no patch, no entries", async () => {
  const { ws, base, out } = repo();
  expect(await read(ws, base, out)).toEqual({ kind: "none" });
});

it("more files than a delivery carries: refused before any content is read", async () => {
  const { ws, base, out } = repo();
  mkdirSync(path.join(ws, "gen"));
  for (let i = 0; i <= MAX_DELIVERY_FILES; i++) writeFileSync(path.join(ws, "gen", `f${i}.txt`), `${i}\n`);
  const r = await read(ws, base, out);
  expect(r.kind === "patch" && r.entries).toEqual({
    kind: "refused",
    why: `${MAX_DELIVERY_FILES + 1} files changed, over the limit of ${MAX_DELIVERY_FILES}`,
  });
});
