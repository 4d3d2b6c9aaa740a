/**
 * A stand-in for downloads.cursor.com and cursor.com/install on 127.0.0.1: builds of a package laid out
 * like the real one (one top directory holding the launcher `cursor-agent`, which runs the bundled `node`
 * on `index.js`, with a chunk and `rg` beside it), here running the fake agent; `/lab/latest-version`
 * (which the real one often answers with 403); and the install script, which names the current build in
 * its download URL, served only to a curl-like User-Agent. Windows gets a .zip laid out as its packages
 * have been (`cursor-agent.cmd` and `.ps1` over `node.exe` and `index.js`), optionally with a
 * `cursor-agent.exe` (here a script that runs the fake agent, so that a run on Linux can start it). Failures are injected per path: a status, or
 * a connection dropped before any answer; a mirror that gzips the package on the wire is an option.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, gzipSync } from "node:zlib";
import { FAKE_AGENT_DIR } from "./launch.mjs";

export interface CliDownloads {
  url: string;
  /** Every request: path, user-agent, accept-encoding, status answered (0: the connection was dropped). */
  requests: { path: string; userAgent: string; acceptEncoding: string; status: number }[];
  /** The package's bytes and sha256, per build. */
  packages: Map<string, { bytes: Buffer; sha256: string }>;
  /** The next `times` requests whose path contains `match` get `status`. */
  fail(match: string, status: number, times?: number): void;
  /** The next `times` requests whose path contains `match` have their connection destroyed, unanswered. */
  drop(match: string, times?: number): void;
  /** The next `times` requests whose path contains `match` are answered 302 to `location`. */
  redirect(match: string, location: string, times?: number): void;
  close(): Promise<void>;
}

export interface CliDownloadsOptions {
  builds: string[];
  /** What `/lab/latest-version` answers: a build, or a status (403, as the real one often does). */
  latest: string | number;
  /** The build the install script names (default: `latest` when it is a build). */
  scriptBuild?: string;
  /**
   * Packages sent with `Content-Encoding: gzip` (gzipped again on the wire) whatever the request asked,
   * as a misconfigured mirror does.
   */
  gzipOnTheWire?: boolean;
  /** Builds served with these bytes as their package instead of a built one (a hostile package). */
  custom?: Record<string, Buffer>;
  /**
   * Windows' zip: `node` (the default) the scripts over node.exe and index.js; `exe` a `cursor-agent.exe`
   * beside them too; `scripts` the script launchers alone.
   */
  windows?: "node" | "exe" | "scripts";
}

/** A package as the real one is laid out, its launcher running the fake agent with the bundled node. */
function buildPackage(build: string): Buffer {
  const root = mkdtempSync(path.join(tmpdir(), "cli-package-"));
  const top = path.join(root, `dist-package-${build}`);
  mkdirSync(top);
  writeFileSync(
    path.join(top, "cursor-agent"),
    '#!/usr/bin/env sh\nDIR="$(cd "$(dirname "$0")" && pwd)"\nexec "$DIR/node" "$DIR/index.js" "$@"\n',
  );
  chmodSync(path.join(top, "cursor-agent"), 0o755);
  // A file, not a link to the test's node: the installer keeps no link that leaves the package.
  writeFileSync(path.join(top, "node"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} "$@"\n`);
  chmodSync(path.join(top, "node"), 0o755);
  writeFileSync(
    path.join(top, "index.js"),
    `// build ${build}\nawait import(${JSON.stringify(path.join(FAKE_AGENT_DIR, "fake-agent.mjs"))});\n`,
  );
  writeFileSync(path.join(top, "package.json"), '{"type":"module"}\n');
  writeFileSync(path.join(top, "chunk-1.js"), `export const build = ${JSON.stringify(build)};\n`);
  writeFileSync(path.join(top, "rg"), "#!/bin/sh\nexit 0\n");
  chmodSync(path.join(top, "rg"), 0o755);
  const archive = path.join(root, "agent-cli-package.tar.gz");
  execFileSync("tar", ["-czf", archive, "-C", root, path.basename(top)]);
  return readFileSync(archive);
}

/** Windows' package: a zip whose entries carry Unix modes (unzip, on the Linux that runs the tests, keeps them). */
function buildZipPackage(build: string, layout: "node" | "exe" | "scripts"): Buffer {
  const top = `dist-package-${build}/`;
  const agent = JSON.stringify(path.join(FAKE_AGENT_DIR, "fake-agent.mjs"));
  const files: [string, string, number][] = [
    ["cursor-agent.cmd", '@echo off\r\n"%~dp0node.exe" "%~dp0index.js" %*\r\n', 0o644],
    ["cursor-agent.ps1", '& "$PSScriptRoot\\node.exe" "$PSScriptRoot\\index.js" @args\r\n', 0o644],
  ];
  if (layout !== "scripts") {
    files.push(
      ["node.exe", `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} "$@"\n`, 0o755],
      ["index.js", `// build ${build}\nawait import(${agent});\n`, 0o644],
      ["package.json", '{"type":"module"}\n', 0o644],
    );
  }
  if (layout === "exe")
    files.push([
      "cursor-agent.exe",
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${agent} "$@"\n`,
      0o755,
    ]);
  return zip([
    [top, "", 0o40755],
    ...files.map(([n, d, m]): [string, string, number] => [top + n, d, 0o100000 | m]),
  ]);
}

/** A stored (uncompressed) zip of `[name, data, st_mode]` entries, written field by field. */
function zip(entries: [string, string, number][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text, mode] of entries) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix: the external attributes' high half is st_mode
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(((mode << 16) | (name.endsWith("/") ? 0x10 : 0)) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export async function startCliDownloads(o: CliDownloadsOptions): Promise<CliDownloads> {
  const packages = new Map<string, { bytes: Buffer; sha256: string }>();
  const zips = new Map<string, Buffer>();
  for (const b of o.builds) {
    const bytes = o.custom?.[b] ?? buildPackage(b);
    packages.set(b, { bytes, sha256: createHash("sha256").update(bytes).digest("hex") });
    zips.set(b, buildZipPackage(b, o.windows ?? "node"));
  }
  const failures: { match: string; status: number | "drop"; left: number; location?: string }[] = [];
  const requests: CliDownloads["requests"] = [];
  let base = "";
  const server = createServer((req, res) => {
    const p = new URL(req.url ?? "/", "http://x").pathname;
    const ua = req.headers["user-agent"] ?? "";
    const acceptEncoding = req.headers["accept-encoding"] ?? "";
    const answer = (status: number, body: string | Buffer, type = "text/plain", encoding?: string) => {
      requests.push({ path: p, userAgent: ua, acceptEncoding, status });
      res.writeHead(status, {
        "content-type": type,
        "content-length": Buffer.byteLength(body),
        ...(encoding ? { "content-encoding": encoding } : {}),
      });
      res.end(body);
    };
    const failure = failures.find((f) => f.left > 0 && p.includes(f.match));
    if (failure) {
      failure.left--;
      if (failure.status === "drop") {
        requests.push({ path: p, userAgent: ua, acceptEncoding, status: 0 });
        return req.socket.destroy();
      }
      if (failure.location) {
        requests.push({ path: p, userAgent: ua, acceptEncoding, status: 302 });
        res.writeHead(302, { location: failure.location, "content-length": 0 });
        return res.end();
      }
      return answer(failure.status, `<html>${failure.status}</html>`, "text/html");
    }
    if (p === "/lab/latest-version") {
      return typeof o.latest === "number" ? answer(o.latest, "Forbidden") : answer(200, `${o.latest}\n`);
    }
    if (p === "/install") {
      // Like cursor.com: the script only for curl; a browser gets a page.
      if (!/^curl\//.test(ua)) return answer(200, "<!doctype html><title>Cursor</title>", "text/html");
      const build = o.scriptBuild ?? (typeof o.latest === "string" ? o.latest : o.builds[0]);
      return answer(
        200,
        `#!/usr/bin/env bash\nset -euo pipefail\nDOWNLOAD_URL="${base}/lab/${build}/\${OS}/\${ARCH}/agent-cli-package.tar.gz"\n`,
      );
    }
    const w = /^\/lab\/([^/]+)\/windows\/(x64|arm64)\/agent-cli-package\.zip$/.exec(p);
    const windows = w ? zips.get(w[1]!) : undefined;
    if (windows) return answer(200, windows, "application/zip");
    const m = /^\/lab\/([^/]+)\/(linux|darwin)\/(x64|arm64)\/agent-cli-package\.tar\.gz$/.exec(p);
    const pkg = m ? packages.get(m[1]!) : undefined;
    if (pkg && o.gzipOnTheWire) return answer(200, gzipSync(pkg.bytes), "application/gzip", "gzip");
    if (pkg) return answer(200, pkg.bytes, "application/gzip");
    return answer(404, "<?xml version='1.0'?><Error><Code>NoSuchKey</Code></Error>", "application/xml");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    packages,
    fail: (match, status, times = 1) => failures.push({ match, status, left: times }),
    drop: (match, times = 1) => failures.push({ match, status: "drop", left: times }),
    redirect: (match, location, times = 1) => failures.push({ match, status: 302, left: times, location }),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** `body` with a stand-in started for it, closed after whatever `body` did. */
export async function withCliDownloads(
  o: CliDownloadsOptions,
  body: (d: CliDownloads) => Promise<void>,
): Promise<void> {
  const d = await startCliDownloads(o);
  try {
    await body(d);
  } finally {
    await d.close();
  }
}

/**
 * A URL where nothing listens, so every connection is refused: a port just let go on 127.0.0.2. Not on
 * 127.0.0.1, where every server of the suite listens: a port let go there was once taken by another test's
 * server during the installer's 7 s of retries (it answered 401).
 */
export async function refusingUrl(): Promise<string> {
  const server = createNetServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.2", r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.2:${port}`;
}
