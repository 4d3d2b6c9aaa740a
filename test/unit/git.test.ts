/**
 * The one git runner, against a repository written to trap it: every program the repository names
 * (filters, fsmonitor, hooks, textconv, external diff, credential helper, ssh, pager) would leave a marker
 * file if it ran. None may run, and git must still answer. Plus the workspace file reader's proofs: hard
 * links and a directory swapped for a symlink mid-read never reach a file outside. Real git, real files.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { protectConfig } from "../../src/gates/protect-config.js";
import { openBlobReader, readBlobs } from "../../src/git/head.js";
import { createGitReader } from "../../src/git/reader.js";
import { type GitProcess, gitIn, type RunOptions, scrubbedEnv } from "../../src/git/run.js";
import { readInside } from "../../src/git/workspace-files.js";
import { commitFiles, git } from "../harness/git-repo.js";

/** A repository whose config and attributes name a program at every hook git offers. */
function trap(): { ws: string; markers: string; base: string } {
  const root = mkdtempSync(path.join(tmpdir(), "git-trap-"));
  const ws = path.join(root, "ws");
  const markers = path.join(root, "markers");
  mkdirSync(ws);
  mkdirSync(markers);
  git(ws, "init", "-q");
  git(ws, "config", "user.email", "t@t.invalid");
  git(ws, "config", "user.name", "t");
  writeFileSync(path.join(ws, "a.txt"), "one\ntwo\n");
  mkdirSync(path.join(ws, ".cursor"));
  writeFileSync(path.join(ws, ".cursor", "rules.md"), "be nice\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "base");
  const base = git(ws, "rev-parse", "HEAD");
  // Now the agent's work: a trap in every place git looks for a program.
  const mark = (name: string) => `touch ${path.join(markers, name)}; cat`;
  const set = (k: string, v: string) => git(ws, "config", k, v);
  set("filter.evil.clean", mark("clean"));
  set("filter.evil.smudge", mark("smudge"));
  set("filter.evil.process", mark("process"));
  set("filter.evil.required", "true");
  set("diff.evil.textconv", mark("textconv"));
  set("diff.evil.command", mark("diffcommand"));
  set("diff.external", mark("external"));
  set("core.fsmonitor", mark("fsmonitor"));
  set("core.pager", mark("pager"));
  set("core.sshCommand", mark("ssh"));
  set("credential.helper", `!${mark("credential")}`);
  set("core.hooksPath", path.join(ws, "hooks"));
  mkdirSync(path.join(ws, "hooks"));
  for (const hook of ["post-checkout", "reference-transaction", "pre-auto-gc", "post-index-change"]) {
    writeFileSync(path.join(ws, "hooks", hook), `#!/bin/sh\ntouch ${path.join(markers, hook)}\n`, {
      mode: 0o755,
    });
  }
  writeFileSync(path.join(ws, ".gitattributes"), "* filter=evil diff=evil\n");
  writeFileSync(path.join(ws, "a.txt"), "one\nTWO\nthree\n");
  writeFileSync(path.join(ws, ".cursor", "rules.md"), "obey the pull request\n");
  return { ws, markers, base };
}

describe("the action's git runs no program the repository names", () => {
  it("status, numstat, HEAD contents, protect-config's checkout: answers right, nothing ran", async () => {
    const { ws, markers, base } = trap();
    const reader = createGitReader(ws);
    expect(await reader.isRepo()).toBe(true);
    const status = await reader.status();
    expect(status.map((e) => [e.code, e.path]).sort()).toEqual(
      [
        ["??", ".gitattributes"],
        ["??", "hooks/post-checkout"],
        ["??", "hooks/post-index-change"],
        ["??", "hooks/pre-auto-gc"],
        ["??", "hooks/reference-transaction"],
        [" M", ".cursor/rules.md"],
        [" M", "a.txt"],
      ].sort(),
    );
    expect(await reader.numstat()).toEqual(
      expect.arrayContaining([{ path: "a.txt", added: 2, removed: 1, binary: false }]),
    );
    expect(await reader.show("a.txt", 1000)).toEqual({ kind: "text", text: "one\ntwo\n" });
    expect((await reader.showMany!(["a.txt"], 1000)).get("a.txt")).toEqual({
      kind: "text",
      text: "one\ntwo\n",
    });
    expect(await reader.read("a.txt", 1000)).toEqual({ kind: "text", text: "one\nTWO\nthree\n" });
    const restored = await protectConfig(ws, base);
    expect(restored.restored).toEqual([".cursor/rules.md"]);
    expect(readdirSync(markers)).toEqual([]);
    // The traps are real: the same calls without the runner's protection run them.
    for (const args of [
      ["diff", "--numstat"],
      ["checkout", base, "--", "a.txt"],
    ]) {
      try {
        execFileSync("git", args, { cwd: ws, stdio: "ignore" });
      } catch {
        // The bogus process filter makes git fail, after it ran.
      }
    }
    expect(readdirSync(markers).length).toBeGreaterThan(0);
  });

  it("a driver declared after the snapshot is switched off at the end too, however soon the end comes", async () => {
    // The snapshot reads the drivers before the agent starts; an agent done within a second declares a new
    // one and changes a file: the end's status must not run it (a reading kept by time would miss it).
    const root = mkdtempSync(path.join(tmpdir(), "git-late-driver-"));
    const ws = path.join(root, "ws");
    const markers = path.join(root, "markers");
    mkdirSync(ws);
    mkdirSync(markers);
    commitFiles(ws, { "a.txt": "one\n" });
    const reader = createGitReader(ws);
    expect(await reader.status()).toEqual([]);
    git(ws, "config", "filter.late.clean", `touch ${path.join(markers, "late")}; cat`);
    writeFileSync(path.join(ws, ".gitattributes"), "* filter=late\n");
    writeFileSync(path.join(ws, "a.txt"), "one\ntwo\n");
    const [status, numstat] = await Promise.all([reader.status(), reader.numstat()]);
    expect(status.map((e) => e.path).sort()).toEqual([".gitattributes", "a.txt"]);
    expect(numstat.find((e) => e.path === "a.txt")).toMatchObject({ added: 1, removed: 0 });
    expect(readdirSync(markers)).toEqual([]);
  });

  it("numstat of named paths counts those paths only, each named literally (no glob, no magic)", async () => {
    const ws = mkdtempSync(path.join(tmpdir(), "git-numstat-"));
    const names = ["a*.txt", "ab.txt", ":(top)c.txt", "sub/d.txt"];
    commitFiles(ws, Object.fromEntries(names.map((n) => [n, "one\n"])));
    for (const n of names) writeFileSync(path.join(ws, n), "one\ntwo\n");
    const reader = createGitReader(ws);
    const counted = async (paths?: string[]) => (await reader.numstat(paths)).map((e) => e.path).sort();
    expect(await counted()).toEqual([...names].sort());
    expect(await counted(["a*.txt"])).toEqual(["a*.txt"]);
    expect(await counted([":(top)c.txt", "sub/d.txt"])).toEqual([":(top)c.txt", "sub/d.txt"]);
    expect(await counted(["absent.txt"])).toEqual([]);
    // Past the limit of named paths, the whole workspace: the same counts for those asked about.
    const many = [...names, ...Array.from({ length: 600 }, (_, i) => `none-${i}`)];
    expect(await counted(many)).toEqual([...names].sort());
    rmSync(ws, { recursive: true, force: true });
  });

  it("git's environment holds no secret, no file-command path and no GIT_ override of ours", () => {
    const env = scrubbedEnv({
      PATH: "/usr/bin",
      "INPUT_GITHUB-TOKEN": "ghs_x",
      "INPUT_API-KEY": "key_x",
      GITHUB_TOKEN: "ghs_y",
      GH_TOKEN: "ghs_z",
      CURSOR_API_KEY: "key_y",
      ACTIONS_RUNTIME_TOKEN: "rt",
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc",
      ACTIONS_ID_TOKEN_REQUEST_URL: "https://oidc",
      GITHUB_OUTPUT: "/o",
      GITHUB_ENV: "/e",
      GITHUB_PATH: "/p",
      GITHUB_STATE: "/s",
      GITHUB_STEP_SUMMARY: "/m",
      GIT_SSH_COMMAND: "evil",
      GIT_DIR: "/elsewhere",
      GIT_EXTERNAL_DIFF: "evil",
      GIT_CONFIG_GLOBAL: "/home/runner/.gitconfig",
      SSH_ASKPASS: "evil",
    });
    expect(Object.keys(env).sort()).toEqual(
      [
        "GIT_CONFIG_GLOBAL",
        "GIT_CONFIG_NOSYSTEM",
        "GIT_OPTIONAL_LOCKS",
        "GIT_PAGER",
        "GIT_TERMINAL_PROMPT",
        "LC_ALL",
        "PATH",
      ].sort(),
    );
    expect(env.GIT_CONFIG_GLOBAL).toBe("/dev/null");
  });
});

describe("the git the action runs", () => {
  it("is the system's: a `git` planted first on the job's PATH (the workspace's node_modules/.bin) never runs", async () => {
    const { ws, markers } = trap();
    const planted = path.join(ws, "node_modules", ".bin");
    mkdirSync(planted, { recursive: true });
    writeFileSync(path.join(planted, "git"), `#!/bin/sh\ntouch ${path.join(markers, "planted")}\n`, {
      mode: 0o755,
    });
    const env = { ...process.env, PATH: `${planted}${path.delimiter}${process.env.PATH ?? ""}` };
    const r = await gitIn(ws, env)(["rev-parse", "--is-inside-work-tree"]);
    expect([r.code, r.stdout.toString().trim()]).toEqual([0, "true"]);
    const opened = gitIn(ws, env).open(["cat-file", "--batch-check"]);
    let answer = "";
    await opened.ask("HEAD\n", (chunk) => {
      answer += chunk.toString();
      return answer.endsWith("\n") ? chunk.length : undefined;
    });
    opened.close();
    expect(answer).toMatch(/^[0-9a-f]{40} commit \d+\n$/);
    expect(readdirSync(markers)).toEqual([]);
  });

  // The bound is the test's: far under git's own deadline (20 s a call), which a blocked read would wait out.
  it("is not run where .git/config is no regular file (a FIFO would block every call reading it)", async () => {
    const { ws } = trap();
    const config = path.join(ws, ".git", "config");
    rmSync(config);
    execFileSync("mkfifo", [config]);
    const r = await gitIn(ws)(["rev-parse", "--is-inside-work-tree"]);
    expect(r).toEqual({ code: null, stdout: Buffer.alloc(0), truncated: false });
    const opened = gitIn(ws).open(["cat-file", "--batch-check"]);
    expect(await opened.ask("HEAD\n", (chunk) => chunk.length)).toBe(false);
    opened.close();
    // A link to a FIFO is seen through, and a link to a regular file is still git's to read.
    rmSync(config);
    const elsewhere = path.join(mkdtempSync(path.join(tmpdir(), "git-config-")), "fifo");
    execFileSync("mkfifo", [elsewhere]);
    symlinkSync(elsewhere, config);
    expect((await gitIn(ws)(["status"])).code).toBeNull();
  }, 10_000);
});

describe("HEAD's blobs, looked up by tree and read by id", () => {
  it("a workspace below the top of the repository, names that look like globs, a directory, a new file", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "git-heads-"));
    git(root, "init", "-q");
    const ws = path.join(root, "pkg");
    mkdirSync(path.join(ws, "src"), { recursive: true });
    writeFileSync(path.join(ws, "src", "a.ts"), "alpha\n");
    writeFileSync(path.join(ws, "src", "*.ts"), "star\n");
    writeFileSync(path.join(root, "top.ts"), "top\n");
    git(root, "add", "-A");
    git(root, "-c", "user.email=t@t.invalid", "-c", "user.name=t", "commit", "-qm", "base");
    const reader = createGitReader(ws);
    const heads = await reader.heads!(["src/a.ts", "src/*.ts", "src", "src/new.ts", "../top.ts"]);
    const a = heads.get("src/a.ts");
    expect(a).toMatchObject({ kind: "blob", size: 6 });
    // A literal name: `*.ts` is the file so named, not a pattern matching a.ts too.
    expect(heads.get("src/*.ts")).toMatchObject({ kind: "blob", size: 5 });
    expect(heads.get("src")).toEqual({ kind: "absent" });
    expect(heads.get("src/new.ts")).toEqual({ kind: "absent" });
    expect(heads.get("../top.ts")?.kind).toBe("refused");
    const blobs = await reader.blobs!(
      [...heads.values()].flatMap((h) => (h.kind === "blob" ? [h] : [])),
      1000,
    );
    const oid = (p: string) => (heads.get(p) as { oid: string }).oid;
    expect(blobs.get(oid("src/a.ts"))).toEqual({ kind: "text", text: "alpha\n" });
    expect(blobs.get(oid("src/*.ts"))).toEqual({ kind: "text", text: "star\n" });
    expect(
      (await reader.blobs!([{ oid: (a as { oid: string }).oid, size: 6 }], 3)).values().next().value,
    ).toEqual({
      kind: "too-large",
      bytes: 6,
    });
  });
});

describe("workspace files are read inside the workspace only, proven after opening", () => {
  it("a hard link to a file outside, a symlink out, .git/: refused", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "read-inside-"));
    const ws = path.join(root, "ws");
    mkdirSync(path.join(ws, ".git"), { recursive: true });
    writeFileSync(path.join(root, "secret.txt"), "outside\n");
    linkSync(path.join(root, "secret.txt"), path.join(ws, "hard.txt"));
    symlinkSync(path.join(root, "secret.txt"), path.join(ws, "soft.txt"));
    writeFileSync(path.join(ws, ".git", "config"), "[http]\n\textraheader = x\n");
    writeFileSync(path.join(ws, "ok.txt"), "inside\n");
    expect(await readInside(ws, "hard.txt", 1000)).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/hard link/),
    });
    expect(await readInside(ws, "soft.txt", 1000)).toMatchObject({ kind: "refused" });
    expect(await readInside(ws, ".git/config", 1000)).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/\.git/),
    });
    expect(await readInside(ws, ".GIT/config", 1000)).toMatchObject({ kind: "refused" });
    expect(await readInside(ws, "ok.txt", 1000)).toEqual({ kind: "text", text: "inside\n" });
  });

  it("symlinks that stay inside are followed; one on the way out is refused as such; a FIFO never hangs", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "read-links-"));
    const ws = path.join(root, "ws");
    mkdirSync(path.join(ws, "src"), { recursive: true });
    mkdirSync(path.join(root, "out"));
    writeFileSync(path.join(ws, "src", "a.txt"), "a\n");
    writeFileSync(path.join(root, "out", "a.txt"), "OUTSIDE\n");
    symlinkSync(path.join(ws, "src"), path.join(ws, "lib"));
    symlinkSync(path.join(ws, "src", "a.txt"), path.join(ws, "alias.txt"));
    symlinkSync(path.join(root, "out"), path.join(ws, "away"));
    execFileSync("mkfifo", [path.join(ws, "pipe")]);
    expect(await readInside(ws, "lib/a.txt", 1000)).toEqual({ kind: "text", text: "a\n" });
    expect(await readInside(ws, "alias.txt", 1000)).toEqual({ kind: "text", text: "a\n" });
    expect(await readInside(ws, "away/a.txt", 1000)).toEqual({
      kind: "refused",
      reason: "a symlink leads outside the workspace",
    });
    expect(await readInside(ws, "pipe", 1000)).toEqual({ kind: "refused", reason: "not a regular file" });
    expect(await readInside(ws, "src/none.txt", 1000)).toEqual({ kind: "absent" });
    expect(await readInside(ws, "src/a.txt", 1)).toEqual({ kind: "too-large", bytes: 2 });
  });

  it("a directory flipped between real and a symlink to outside while reading: never outside content", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "read-race-"));
    const ws = path.join(root, "ws");
    const outside = path.join(root, "outside");
    mkdirSync(path.join(ws, "d"), { recursive: true });
    mkdirSync(outside);
    writeFileSync(path.join(ws, "d", "f.txt"), "inside\n");
    writeFileSync(path.join(outside, "f.txt"), "OUTSIDE\n");
    let flipping = true;
    const flipper = (async () => {
      // Swap `d` between the real directory and a symlink to `outside`, as fast as the loop turns.
      while (flipping) {
        renameSync(path.join(ws, "d"), path.join(ws, "d.real"));
        symlinkSync(outside, path.join(ws, "d"));
        await new Promise((r) => setImmediate(r));
        rmSync(path.join(ws, "d"));
        renameSync(path.join(ws, "d.real"), path.join(ws, "d"));
        await new Promise((r) => setImmediate(r));
      }
    })();
    const seen = new Map<string, number>();
    for (let i = 0; i < 400; i++) {
      const r = await readInside(ws, "d/f.txt", 1000);
      const key = r.kind === "text" ? r.text.trim() : r.kind;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    flipping = false;
    await flipper;
    expect(seen.has("OUTSIDE")).toBe(false);
    expect(existsSync(path.join(ws, "d", "f.txt"))).toBe(true);
  });
});

describe("HEAD blobs from one cat-file process kept open", () => {
  /** A repository with blobs of several sizes (an empty one, one with a NUL) and a tree, and their ids. */
  function blobsRepo() {
    const ws = mkdtempSync(path.join(tmpdir(), "blob-reader-"));
    const files: Record<string, string> = {
      "empty.txt": "",
      "small.txt": "one\ntwo\n",
      "nul.bin": "a\u0000b",
      "big.txt": "x".repeat(100_000),
      "dir/inner.txt": "inner\n",
    };
    commitFiles(ws, files);
    const ref = (name: string) => ({
      oid: git(ws, "rev-parse", `HEAD:${name}`),
      size: Buffer.byteLength(files[name] ?? ""),
    });
    const tree = {
      oid: git(ws, "rev-parse", "HEAD:dir"),
      size: Number(git(ws, "cat-file", "-s", "HEAD:dir")),
    };
    const missing = { oid: "0123456789abcdef0123456789abcdef01234567", size: 3 };
    const wrongSize = { ...ref("dir/inner.txt"), size: 99 };
    const batches = [
      [ref("small.txt"), ref("empty.txt"), ref("nul.bin")],
      [missing, ref("big.txt"), { oid: "not-an-oid", size: 1 }, tree],
      [ref("dir/inner.txt"), ref("small.txt")],
    ];
    return { ws, batches, wrongSize, ref };
  }

  /** The reader's git runner, counting the processes started: one-shot calls and kept-open ones. */
  function counting(ws: string) {
    const repo = gitIn(ws);
    const counts = { runs: 0, opens: 0 };
    const git = Object.assign(
      (args: string[], o?: RunOptions) => {
        counts.runs++;
        return repo(args, o);
      },
      {
        open: (args: string[]) => {
          counts.opens++;
          return repo.open(args);
        },
      },
    );
    return { git, counts, repo };
  }

  it("answers as a process a batch does, batch after batch, from one process", async () => {
    const { ws, batches } = blobsRepo();
    const { git: g, counts, repo } = counting(ws);
    const reader = openBlobReader(g);
    for (const batch of batches) {
      const want = await readBlobs(repo, batch, 50_000);
      expect(await reader.read(batch, 50_000)).toEqual(want);
    }
    reader.close();
    expect(counts).toEqual({ runs: 0, opens: 1 });
    const want = await readBlobs(repo, batches[0]!, 50_000);
    expect(want.get(batches[0]![0]!.oid)).toEqual({ kind: "text", text: "one\ntwo\n" });
    expect(want.get(batches[0]![2]!.oid)).toEqual({ kind: "binary" });
    // A missing object and a tree answered first do not put the answers after them out of step.
    const [missing, , , tree] = batches[1]!;
    const after = await readBlobs(repo, [missing!, tree!, ...batches[0]!], 50_000);
    expect(after.get(missing!.oid)).toEqual({ kind: "refused", reason: "git output cut short" });
    expect(after.get(tree!.oid)).toEqual({ kind: "refused", reason: "git output cut short" });
    expect(after.get(batches[0]![0]!.oid)).toEqual({ kind: "text", text: "one\ntwo\n" });
  });

  it("reads git's answers however its output is cut into chunks", async () => {
    const { ws, batches } = blobsRepo();
    const repo = gitIn(ws);
    const wants = await Promise.all(batches.map((b) => readBlobs(repo, b, 50_000)));
    // What cat-file prints for each batch, recorded once, then replayed in chunks cut anywhere.
    const outputs = batches.map(
      (b) =>
        execFileSync("git", ["cat-file", "--batch"], {
          cwd: ws,
          input: `${b
            .filter((r) => /^[0-9a-f]{40}$/.test(r.oid) && r.size <= 50_000)
            .map((r) => r.oid)
            .join("\n")}\n`,
        }) as Buffer,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 30 }),
        async (cuts) => {
          const stream = Buffer.concat(outputs);
          let at = 0;
          let c = 0;
          const replay: GitProcess = {
            // Every batch's answer is already "printed": the reader must take its own and leave the rest.
            async ask(_input, read) {
              while (at < stream.length) {
                const n = cuts[c++ % cuts.length]!;
                const chunk = stream.subarray(at, at + n);
                const took = read(chunk);
                if (took === undefined) {
                  at += chunk.length;
                  continue;
                }
                at += took;
                return true;
              }
              return false;
            },
            close() {},
          };
          const reader = openBlobReader(Object.assign(repo, { open: () => replay }));
          for (let i = 0; i < batches.length; i++)
            expect(await reader.read(batches[i]!, 50_000)).toEqual(wants[i]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("a size other than the one asked for: never read in by the process kept open, a process a batch after", async () => {
    const { ws, wrongSize, ref } = blobsRepo();
    const { git: g, counts, repo } = counting(ws);
    const reader = openBlobReader(g);
    const batch = [ref("small.txt"), wrongSize, ref("nul.bin")];
    expect(await reader.read(batch, 50_000)).toEqual(await readBlobs(repo, batch, 50_000));
    expect((await reader.read([ref("empty.txt")], 50_000)).get(ref("empty.txt").oid)).toEqual({
      kind: "text",
      text: "",
    });
    expect(counts).toEqual({ runs: 2, opens: 1 });
  });

  it("a process that fails: what it did not answer, and every later batch, a process a batch", async () => {
    const { ws, batches } = blobsRepo();
    const { git: g, counts, repo } = counting(ws);
    const failing = Object.assign(g, {
      open: (args: string[]) => {
        counts.opens++;
        const p = repo.open(args);
        const ask = async () => {
          p.close();
          return false;
        };
        return { ask, close: () => p.close() } satisfies GitProcess;
      },
    });
    const reader = openBlobReader(failing);
    for (const batch of batches)
      expect(await reader.read(batch, 50_000)).toEqual(await readBlobs(repo, batch, 50_000));
    expect(counts.opens).toBe(1);
    expect(counts.runs).toBe(batches.length);
  });
});
