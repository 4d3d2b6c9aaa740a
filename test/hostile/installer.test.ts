/**
 * The installer trusts only what it verified. The package: only files, directories and links that stay
 * inside are made, modes normalised, at most 1 GiB and 20,000 entries (a FIFO used to hang the install,
 * a 2 MB package to unpack to 2 GiB). The tool cache: an entry is used only while it matches the manifest
 * written when it was installed (an edited launcher, or a build planted with a made-up sha256, used to run
 * with the genuine digest as cursor-sha256). Redirects: https only, or within an http base's own origin.
 * `$GITHUB_PATH`: the install directory is added at the run's end only if the agent left it as verified.
 *
 * The package's contents are checked through installAgent in-process (no process is needed); what a run
 * shows (one error line, what ran, later steps' PATH, an https mirror) through the bundle.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  accessSync,
  appendFileSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateRawSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { installAgent } from "../../src/install/install.js";
import { recordManifest } from "../../src/install/manifest.js";
import { type CliDownloads, withCliDownloads as withDownloads } from "../harness/cli-downloads.js";
import { FAKE_AGENT_DIR } from "../harness/launch.mjs";
import { cleanupActionRuns, createGate, runAction, startAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const KEY = "key_0123456789abcdef0123456789abcdef";
const BUILD = "2026.09.28-a1b2c3d";
const ARCH = process.arch === "arm64" ? "arm64" : "x64";
const BARE_PATH = "/usr/local/bin:/usr/bin:/bin";
const TOP = "dist-package";

// ---------------------------------------------------------------------------------------------
// Packages written entry by entry (tar cannot make a FIFO's or a device's header without root)

interface TarEntry {
  name: string;
  /** "0" file (default), "1" hard link, "2" symlink, "3" char device, "5" dir, "6" FIFO. */
  type?: string;
  mode?: number;
  data?: string | Buffer;
  link?: string;
  /** The size the header says, when not the data's (a bomb's header, its data sent apart). */
  size?: number;
}

function header(e: TarEntry): Buffer {
  const b = Buffer.alloc(512);
  const field = (value: number, at: number, width: number) =>
    b.write(`${value.toString(8).padStart(width - 1, "0")}\0`, at, width, "latin1");
  b.write(e.name, 0, 100, "utf8");
  field(e.mode ?? (e.type === "5" ? 0o755 : 0o644), 100, 8);
  field(0, 108, 8);
  field(0, 116, 8);
  field(e.size ?? Buffer.byteLength(e.data ?? ""), 124, 12);
  field(0, 136, 12);
  b.write(e.type ?? "0", 156, 1, "latin1");
  b.write(e.link ?? "", 157, 100, "utf8");
  b.write("ustar\u000000", 257, 8, "latin1");
  b.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of b) sum += byte;
  b.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "latin1");
  return b;
}

function tar(entries: TarEntry[], end = true): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = Buffer.from(e.data ?? "");
    parts.push(header(e), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  if (end) parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/** The package as the harness lays it out: a launcher running `node` (a script) on index.js, the fake agent. */
function genuine(build = BUILD): TarEntry[] {
  return [
    { name: `${TOP}/`, type: "5" },
    {
      name: `${TOP}/cursor-agent`,
      mode: 0o755,
      data: '#!/usr/bin/env sh\nDIR="$(cd "$(dirname "$0")" && pwd)"\nexec "$DIR/node" "$DIR/index.js" "$@"\n',
    },
    { name: `${TOP}/node`, mode: 0o755, data: `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} "$@"\n` },
    {
      name: `${TOP}/index.js`,
      data: `// build ${build}\nawait import(${JSON.stringify(path.join(FAKE_AGENT_DIR, "fake-agent.mjs"))});\n`,
    },
    { name: `${TOP}/package.json`, data: '{"type":"module"}\n' },
    { name: `${TOP}/chunk-1.js`, data: `export const build = ${JSON.stringify(build)};\n` },
    { name: `${TOP}/rg`, mode: 0o755, data: "#!/bin/sh\nexit 0\n" },
  ];
}

const pkg = (extra: TarEntry[] = []) => gzipSync(tar([...genuine(), ...extra]));

/**
 * A 2 GiB file in about 2 MB: 1 MiB of zeros deflated once and repeated (each piece ends with a full
 * flush, so the pieces stand alone), between the genuine package's entries and the end; a valid gzip.
 */
function bomb(): Buffer {
  const before = tar([...genuine(), { name: `${TOP}/zeros`, size: 2 * 1024 ** 3 }], false);
  const mib = Buffer.alloc(1024 * 1024);
  const after = Buffer.alloc(1024);
  const flushed = (b: Buffer) => deflateRawSync(b, { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const piece = flushed(mib);
  const parts = [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), flushed(before)];
  const zeros = crcOverZeros(mib);
  let crc = crc32(before);
  for (let i = 0; i < 2048; i++) {
    parts.push(piece);
    crc = zeros(crc);
  }
  parts.push(deflateRawSync(after));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(after, crc) >>> 0, 0);
  trailer.writeUInt32LE((before.length + 2 * 1024 ** 3 + after.length) % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/**
 * `crc => crc32(block, crc)` without reading the block again: the CRC of more data is an affine function
 * of the CRC so far (over GF(2)), so 33 CRCs of the block give its matrix. The bomb's trailer needs the CRC
 * of 2 GiB of zeros: read, that was ~2 s of CPU a bomb.
 */
function crcOverZeros(block: Buffer): (crc: number) => number {
  const offset = crc32(block, 0);
  const columns = Array.from({ length: 32 }, (_, bit) => (crc32(block, 2 ** bit) ^ offset) >>> 0);
  return (crc) => {
    let out = offset;
    for (let bit = 0; bit < 32; bit++) if ((crc >>> bit) & 1) out ^= columns[bit]!;
    return out >>> 0;
  };
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const homeIn = (cache: string) => path.join(cache, "cursor-agent", "2026.9.28-ga1b2c3d", ARCH);
const downloads = (d: CliDownloads) => d.requests.filter((r) => r.path.endsWith(".tar.gz")).length;

/**
 * Where the in-process installs unpack: a memory file system where the machine has one. A package of
 * 20,000 entries made and removed on a disk file system cost ~5 s of CPU, most of it the kernel's.
 */
const SCRATCH = (() => {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return statSync("/dev/shm").isDirectory() ? "/dev/shm" : tmpdir();
  } catch {
    return tmpdir();
  }
})();

/** A new directory in {@link SCRATCH}, removed after the file's tests (memory is not given back otherwise). */
const scratchDirs: string[] = [];
function scratch(prefix: string): string {
  const dir = mkdtempSync(path.join(SCRATCH, prefix));
  scratchDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

/** installAgent in-process against `d`, with a fresh tool cache; its log lines collected. */
async function install(d: { url: string }, cache = scratch("toolcache-"), sha256?: string) {
  const lines: string[] = [];
  const env = { RUNNER_TOOL_CACHE: cache, RUNNER_TEMP: scratch("runner-temp-") };
  const got = installAgent({ version: BUILD, baseUrl: d.url, sha256 }, env, (l) => lines.push(l));
  return { got, lines, cache, home: homeIn(cache) };
}

/** The one-line error of a refused package, and nothing of it left in the tool cache. */
async function expectRefused(bytes: Buffer, reason: string): Promise<void> {
  await withDownloads({ builds: [BUILD], latest: BUILD, custom: { [BUILD]: bytes } }, async (d) => {
    const { got, home } = await install(d);
    await expect(got).rejects.toThrow(
      `Could not install the Cursor CLI ${BUILD}: ${reason} (package sha256 ${sha256(bytes)}); nothing of it was run.`,
    );
    expect(existsSync(home)).toBe(false);
    expect(existsSync(`${home}.complete`)).toBe(false);
  });
}

describe.concurrent("the package: only files, directories and links inside it", () => {
  it("a FIFO: refused in one line (it used to hang the install)", async () => {
    await expectRefused(pkg([{ name: `${TOP}/pipe`, type: "6" }]), `the package holds a FIFO (${TOP}/pipe)`);
  }, 30_000);

  it("a hard link, a device: refused", async () => {
    await expectRefused(
      pkg([{ name: `${TOP}/passwd`, type: "1", link: "/etc/passwd" }]),
      `the package holds a hard link (${TOP}/passwd)`,
    );
    await expectRefused(
      pkg([{ name: `${TOP}/tty`, type: "3" }]),
      `the package holds a character device (${TOP}/tty)`,
    );
  }, 30_000);

  it("links that leave the install, a path with .., a path through a link: refused, nothing written outside", async () => {
    await expectRefused(
      pkg([{ name: `${TOP}/env`, type: "2", link: "/usr/bin/env" }]),
      `the package holds a link that leaves it (env -> /usr/bin/env): only links inside are kept`,
    );
    await expectRefused(
      pkg([{ name: `${TOP}/lib/up`, type: "2", link: "../../x" }]),
      `the package holds a link that leaves it (lib/up -> ../../x): only links inside are kept`,
    );
    const outside = `escaped-${process.pid}-${Date.now()}`;
    await expectRefused(
      pkg([{ name: `${TOP}/../../${outside}`, data: "x" }]),
      `the package holds a path with .. (${TOP}/../../${outside})`,
    );
    await expectRefused(
      pkg([
        { name: `${TOP}/here`, type: "2", link: "." },
        { name: `${TOP}/here/chunk-2.js`, data: "x" },
      ]),
      `the package holds a path through a link (here/chunk-2.js)`,
    );
  }, 30_000);

  it("modes normalised: no setuid, setgid or sticky bit, nothing group- or world-writable; links inside kept", async () => {
    const bytes = pkg([
      { name: `${TOP}/suid`, mode: 0o4777, data: "#!/bin/sh\n" },
      { name: `${TOP}/sgid`, mode: 0o2664, data: "x" },
      { name: `${TOP}/tmp/`, type: "5", mode: 0o1777 },
      { name: `${TOP}/tmp/open`, mode: 0o666, data: "x" },
      { name: `${TOP}/agent`, type: "2", link: "cursor-agent" },
      { name: `${TOP}/tmp/chunk`, type: "2", link: "../chunk-1.js" },
    ]);
    await withDownloads({ builds: [BUILD], latest: BUILD, custom: { [BUILD]: bytes } }, async (d) => {
      const { got, home } = await install(d);
      expect((await got).sha256).toBe(sha256(bytes));
      const mode = (p: string) => statSync(path.join(home, p)).mode & 0o7777;
      expect([mode("suid"), mode("sgid"), mode("tmp"), mode("tmp/open"), mode(".")]).toEqual([
        0o755, 0o644, 0o755, 0o644, 0o755,
      ]);
      expect(readlinkSync(path.join(home, "agent"))).toBe("cursor-agent");
      expect(readFileSync(path.join(home, "tmp/chunk"), "utf8")).toContain(BUILD);
    });
  }, 30_000);

  it("a 2 MB package that unpacks to 2 GiB: one line at its header, nothing of it written", async () => {
    const bytes = bomb();
    expect(bytes.length).toBeLessThan(3 * 1024 * 1024);
    await expectRefused(bytes, "the package unpacks to more than 1 GiB");
  }, 60_000);

  it("more than 20,000 entries: refused", async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ name: `${TOP}/d/${i}`, data: "" }));
    await expectRefused(pkg(many), "the package has more than 20000 entries");
  }, 60_000);
});

describe.concurrent("the tool cache: used only while it matches its manifest", () => {
  it("a FIFO, a mode made world-writable, an added file in a cached build: installed again, never blocked", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const first = await install(d);
      const { home, cache } = first;
      await first.got;
      const tamper: [string, () => void][] = [
        ["pipe is not a file, directory or link", () => execFileSync("mkfifo", [path.join(home, "pipe")])],
        ["rg has mode 0757, not 0755", () => chmodSync(path.join(home, "rg"), 0o757)],
        ["extra.js was added", () => writeFileSync(path.join(home, "extra.js"), "")],
        ["its manifest is for build 2026.01.01-0000000", () => forgeBuild(home)],
      ];
      for (const [why, act] of tamper) {
        act();
        const again = await install(d, cache);
        expect((await again.got).fromCache).toBe(false);
        expect(again.lines).toContain(
          `Cursor CLI ${BUILD} in the tool cache (${home}) is not what was installed (${why}): installing it again`,
        );
      }
      expect(downloads(d)).toBe(1 + tamper.length);
      const last = await install(d, cache);
      expect((await last.got).fromCache).toBe(true);
      expect(readdirSync(home).sort()).toEqual([
        "chunk-1.js",
        "cursor-agent",
        "index.js",
        "node",
        "package.json",
        "rg",
      ]);
    });
  }, 60_000);
});

function forgeBuild(home: string): void {
  const file = `${home}.cursor-agent-action.json`;
  writeFileSync(file, readFileSync(file, "utf8").replace(BUILD, "2026.01.01-0000000"));
}

function run(d: { url: string }, cache: string, env: Record<string, string> = {}) {
  return runAction({
    inputs: { prompt: "go", "download-base-url": d.url, "cursor-version": BUILD },
    env: { CURSOR_API_KEY: KEY, PATH: BARE_PATH, RUNNER_TOOL_CACHE: cache, ...env },
    scenario: {},
  });
}

/** A launcher that leaves a mark and fails: were it run, the run would show it. */
function hostileLauncher(mark: string): string {
  return `#!/bin/sh\necho planted > ${JSON.stringify(mark)}\necho 'planted launcher' >&2\nexit 3\n`;
}

describe.concurrent("a run: what it runs, what it says, what later steps get", () => {
  it("an edited launcher in the tool cache is not run: installed again, and cursor-sha256 is what ran", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const cache = mkdtempSync(path.join(tmpdir(), "toolcache-"));
      const sha = d.packages.get(BUILD)!.sha256;
      expect((await run(d, cache)).outputs["cursor-sha256"]).toBe(sha);
      const home = homeIn(cache);
      const mark = path.join(cache, "ran");
      writeFileSync(path.join(home, "cursor-agent"), hostileLauncher(mark));
      const r = await run(d, cache);
      expect(r.outputs.error).toBe("");
      expect(r.record?.outcome).toBe("finished");
      expect(existsSync(mark)).toBe(false);
      expect(r.stdout).toContain(
        `Cursor CLI ${BUILD} in the tool cache (${home}) is not what was installed (cursor-agent changed): installing it again`,
      );
      expect(r.outputs["cursor-sha256"]).toBe(sha);
      expect(downloads(d)).toBe(2);
    });
  }, 60_000);

  it("a build planted with a made-up sha256 beside it is not run: installed again", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const cache = mkdtempSync(path.join(tmpdir(), "toolcache-"));
      const home = homeIn(cache);
      const mark = path.join(cache, "ran");
      mkdirSync(home, { recursive: true });
      writeFileSync(path.join(home, "cursor-agent"), hostileLauncher(mark), { mode: 0o755 });
      // The genuine digest, as the action before this one wrote it beside its builds.
      writeFileSync(path.join(home, ".cursor-agent-action.sha256"), `${d.packages.get(BUILD)!.sha256}\n`);
      writeFileSync(`${home}.complete`, "");
      const r = await run(d, cache);
      expect(r.record?.outcome).toBe("finished");
      expect(existsSync(mark)).toBe(false);
      expect(r.stdout).toContain("is not what was installed (no manifest): installing it again");
      expect(downloads(d)).toBe(1);
    });
  }, 60_000);

  it("a FIFO in the package, a bomb: one error line each, and no agent", async () => {
    const fifo = pkg([{ name: `${TOP}/pipe`, type: "6" }]);
    await withDownloads({ builds: [BUILD], latest: BUILD, custom: { [BUILD]: fifo } }, async (d) => {
      const r = await run(d, mkdtempSync(path.join(tmpdir(), "toolcache-")));
      expect(r.outputs.conclusion).toBe("failure");
      expect(r.outputs.error).toBe(
        `Could not install the Cursor CLI ${BUILD}: the package holds a FIFO (${TOP}/pipe) (package sha256 ${sha256(fifo)}); nothing of it was run.`,
      );
      expect(r.record).toBeUndefined();
      expect(r.stdout).not.toMatch(/^\s+at /m);
    });
    const big = bomb();
    await withDownloads({ builds: [BUILD], latest: BUILD, custom: { [BUILD]: big } }, async (d) => {
      const r = await run(d, mkdtempSync(path.join(tmpdir(), "toolcache-")));
      expect(r.outputs.error).toBe(
        `Could not install the Cursor CLI ${BUILD}: the package unpacks to more than 1 GiB (package sha256 ${sha256(big)}); nothing of it was run.`,
      );
      expect(r.record).toBeUndefined();
    });
  }, 60_000);

  it("the agent edits the install while it runs: not on PATH for later steps, and the next run installs again", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const cache = mkdtempSync(path.join(tmpdir(), "toolcache-"));
      const home = homeIn(cache);
      // The edit, then the manifest rewritten to match it: neither is trusted after the run.
      const edits = [
        () => appendFileSync(path.join(home, "chunk-1.js"), "// the agent's\n"),
        () => {
          const file = `${home}.cursor-agent-action.json`;
          const m = JSON.parse(readFileSync(file, "utf8"));
          const chunk = m.entries.find((e: { path: string }) => e.path === "chunk-1.js");
          const bytes = readFileSync(path.join(home, "chunk-1.js"));
          Object.assign(chunk, { size: bytes.length, sha256: sha256(bytes) });
          writeFileSync(file, JSON.stringify(m));
        },
      ];
      const whys = ["chunk-1.js changed", "its manifest was rewritten"];
      for (const [i, edit] of edits.entries()) {
        const gate = createGate();
        const h = await startAction({
          inputs: { prompt: "go", "download-base-url": d.url, "cursor-version": BUILD },
          env: { CURSOR_API_KEY: KEY, PATH: BARE_PATH, RUNNER_TOOL_CACHE: cache },
          scenario: { gates: { 0: gate.file } },
        });
        await h.waitForRecord((rec) => rec.waitingAt === 0, 30_000);
        edits[0]!();
        if (i === 1) edit();
        gate.open();
        const r = await h.done;
        expect(r.record?.outcome).toBe("finished");
        expect(r.addedPath).toEqual([]);
        expect(r.stdout).toContain(`The Cursor CLI in ${home} changed while the agent ran (${whys[i]}`);
        expect(existsSync(`${home}.cursor-agent-action.json`)).toBe(false);
      }
      // Each run found the last one's entry untrusted, and installed it again.
      expect(downloads(d)).toBe(2);
      const clean = await run(d, cache);
      expect(clean.addedPath).toEqual([home]);
      expect(downloads(d)).toBe(3);
    });
  }, 90_000);
});

describe.concurrent("redirects", () => {
  it("over http, only within the base URL's origin", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      await withDownloads({ builds: [BUILD], latest: BUILD }, async (other) => {
        const p = `/lab/${BUILD}/linux/${ARCH}/agent-cli-package.tar.gz`;
        d.redirect(".tar.gz", `${d.url}/moved${p}`);
        d.redirect("/moved/", p);
        const same = await install(d);
        expect((await same.got).sha256).toBe(d.packages.get(BUILD)!.sha256);

        d.redirect(".tar.gz", `${other.url}${p}`);
        const away = await install(d);
        await expect(away.got).rejects.toThrow(
          `Could not install the Cursor CLI: ${d.url}${p} failed (refused a redirect from ${d.url} to ${other.url}: over http, only within the same origin).`,
        );
        expect(downloads(other)).toBe(0);
      });
    });
  }, 30_000);

  it("from https: to another https host followed, to http refused in one line", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "https-mirror-"));
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-days", "2"],
        ...["-keyout", key, "-out", cert],
      ],
      { stdio: "ignore" },
    );
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const seen: string[] = [];
      const mirror = (to: (p: string) => string) =>
        createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
          seen.push(req.url ?? "");
          res.writeHead(302, { location: to(req.url ?? "/") }).end();
        });
      const second = mirror((p) => `${d.url}${p}`);
      const first = mirror((p) => `https://127.0.0.1:${(second.address() as AddressInfo).port}${p}`);
      for (const s of [first, second]) await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
      try {
        const base = `https://127.0.0.1:${(first.address() as AddressInfo).port}`;
        const r = await run({ url: base }, mkdtempSync(path.join(tmpdir(), "toolcache-")), {
          NODE_EXTRA_CA_CERTS: cert,
        });
        expect(r.outputs.error).toBe(
          `Could not install the Cursor CLI: ${base}/lab/${BUILD}/linux/${ARCH}/agent-cli-package.tar.gz failed (refused a redirect to ${d.url}: not https).`,
        );
        expect(seen).toHaveLength(2);
        expect(downloads(d)).toBe(0);
        expect(r.record).toBeUndefined();
      } finally {
        for (const s of [first, second]) s.close();
      }
    });
  }, 60_000);
});

describe.concurrent("cursor-sha256 pinned: only that package runs", () => {
  it("a download of another package: one line naming both digests, nothing unpacked", async () => {
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const pin = "0".repeat(64);
      const { got, home } = await install(d, undefined, pin);
      await expect(got).rejects.toThrow(
        `Could not install the Cursor CLI ${BUILD}: its package's sha256 is ${d.packages.get(BUILD)!.sha256}, not cursor-sha256 ${pin}; nothing of it was run.`,
      );
      expect(existsSync(home)).toBe(false);
    });
  }, 30_000);

  it("a cached build of another package is not used, and left for other jobs until the pinned one replaces it", async () => {
    const other = pkg([{ name: `${TOP}/extra.js`, data: "// another package\n" }]);
    const cache = mkdtempSync(path.join(tmpdir(), "toolcache-"));
    const home = homeIn(cache);
    const manifestOf = () => JSON.parse(readFileSync(`${home}.cursor-agent-action.json`, "utf8")).sha256;
    await withDownloads({ builds: [BUILD], latest: BUILD, custom: { [BUILD]: other } }, async (d) => {
      await (await install(d, cache)).got;
      // Pinned to some other digest while the mirror serves this package: refused before it is
      // unpacked, the entry untouched.
      const pin = "1".repeat(64);
      const refused = await install(d, cache, pin);
      await expect(refused.got).rejects.toThrow(`not cursor-sha256 ${pin}`);
      expect(refused.lines).toContain(
        `cursor-sha256 is pinned: the tool cache's copy of ${BUILD} is not taken on its manifest's word (anyone who can write the cache can write one); downloading it`,
      );
      expect(manifestOf()).toBe(sha256(other));
      expect(existsSync(`${home}.complete`)).toBe(true);
    });
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const pin = d.packages.get(BUILD)!.sha256;
      const fresh = await (await install(d, cache, pin)).got;
      expect([fresh.fromCache, fresh.sha256, manifestOf()]).toEqual([false, pin, pin]);
      // Pinned, the next run downloads and checks it again: the cache's word is not the pin's.
      expect((await (await install(d, cache, pin)).got).fromCache).toBe(false);
      // Unpinned, the cached build is used while its files match its manifest.
      expect((await (await install(d, cache)).got).fromCache).toBe(true);
    });
  }, 30_000);

  it("a cache entry whose manifest names the pin over files of someone else's is never run", async () => {
    const cache = mkdtempSync(path.join(tmpdir(), "toolcache-"));
    const home = homeIn(cache);
    await withDownloads({ builds: [BUILD], latest: BUILD }, async (d) => {
      const pin = d.packages.get(BUILD)!.sha256;
      await (await install(d, cache, pin)).got;
      // Whoever can write the tool cache (an earlier job's agent, as the runner's user) swaps the
      // launcher and writes a manifest that matches its files and names the pin, as the action would.
      writeFileSync(path.join(home, "cursor-agent"), "#!/bin/sh\necho planted\n");
      await recordManifest(home, BUILD, pin);
      const again = await (await install(d, cache, pin)).got;
      expect(again.fromCache).toBe(false);
      expect(readFileSync(path.join(home, "cursor-agent"), "utf8")).not.toContain("planted");
      expect(downloads(d)).toBe(2);
    });
  }, 30_000);
});
