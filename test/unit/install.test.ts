/**
 * The installer's pure parts and its input errors: platforms, the tool cache's key for a build, the
 * inputs, and an unsupported platform's one-line error (before anything is fetched); a text that does
 * not end (a mirror's stream) read only up to its cap; which redirects are followed; the unpacker on
 * archives as GNU tar writes them (long names, pax headers); every platform's package installed with the
 * platform and arch handed in. The attacks: test/hostile/installer.test.ts.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getText, redirectRefusal } from "../../src/install/fetch.js";
import { installAgent } from "../../src/install/install.js";
import { cacheVersion, packageUrl, targetOf } from "../../src/install/platform.js";
import { unpackTarGz } from "../../src/install/tar.js";
import { readInstallInputs } from "../../src/settings/install.js";
import { withCliDownloads } from "../harness/cli-downloads.js";

const inputs = (v: Record<string, string>) =>
  readInstallInputs((n) => v[n] ?? (n === "download-base-url" ? "https://downloads.cursor.com" : ""));

describe("installing the Cursor CLI: the pure parts", () => {
  it("the package of each platform; Windows gets the zip", () => {
    const url = (p: NodeJS.Platform, a: string) => {
      const t = targetOf(p, a);
      return typeof t === "string" ? t : packageUrl("https://d.example", "2026.09.28-a1b2c3d", t);
    };
    expect(url("linux", "x64")).toBe(
      "https://d.example/lab/2026.09.28-a1b2c3d/linux/x64/agent-cli-package.tar.gz",
    );
    expect(url("darwin", "arm64")).toBe(
      "https://d.example/lab/2026.09.28-a1b2c3d/darwin/arm64/agent-cli-package.tar.gz",
    );
    expect(url("win32", "x64")).toBe(
      "https://d.example/lab/2026.09.28-a1b2c3d/windows/x64/agent-cli-package.zip",
    );
    expect(url("linux", "ia32")).toBe(
      "the Cursor CLI is published for Linux, macOS and Windows on x64 and arm64, not linux/ia32",
    );
  });

  it("a build's key in the tool cache is semver, an all-digit commit included", () => {
    expect(cacheVersion("2026.09.28-a1b2c3d")).toBe("2026.9.28-ga1b2c3d");
    expect(cacheVersion("2026.01.05-0123456")).toBe("2026.1.5-g0123456");
  });

  it("inputs: a build, latest or empty; a base URL that is http(s)", () => {
    expect(inputs({ "cursor-version": "latest", "download-base-url": "https://m.example/cursor/" })).toEqual({
      version: "latest",
      baseUrl: "https://m.example/cursor",
    });
    expect(() => inputs({ "cursor-version": "2026.9.28-a1b2c3d" })).toThrow(
      "Input 'cursor-version': '2026.9.28-a1b2c3d' is not a build name like 2026.09.28-a1b2c3d, nor latest",
    );
    expect(() => inputs({ "download-base-url": "file:///etc" })).toThrow(
      "Input 'download-base-url': 'file:' is not http or https",
    );
    expect(() => inputs({ "download-base-url": "downloads" })).toThrow(
      "Input 'download-base-url': 'downloads' is not a URL",
    );
    const pinned = (version: string, sha: string) =>
      readInstallInputs((n) => (n === "cursor-version" ? version : "https://downloads.cursor.com"), sha);
    expect(pinned("2026.09.28-a1b2c3d", ` ${"A".repeat(64)} `).sha256).toBe("a".repeat(64));
    expect(pinned("2026.09.28-a1b2c3d", "").sha256).toBeUndefined();
    expect(() => pinned("2026.09.28-a1b2c3d", "abc")).toThrow(
      "Input 'cursor-sha256': 'abc' is not a sha256 (64 hex digits)",
    );
    expect(() => pinned("latest", "a".repeat(64))).toThrow(
      "Input 'cursor-sha256': needs cursor-version set to the build it is the package digest of",
    );
  });

  it("an unsupported platform: one line, nothing fetched", async () => {
    await expect(
      installAgent(
        { version: "2026.09.28-a1b2c3d", baseUrl: "http://127.0.0.1:9" },
        {},
        () => {},
        "aix",
        "ppc64",
      ),
    ).rejects.toThrow(
      "Could not install the Cursor CLI: the Cursor CLI is published for Linux, macOS and Windows on x64 and arm64, not aix/ppc64.",
    );
  });

  it("a text that never ends is read up to 1 MiB, and the connection closed", async () => {
    let closed = false;
    const server = createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(64 * 1024, "x");
      const more = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on("drain", more);
      res.on("close", () => {
        closed = true;
      });
      req.socket.setNoDelay(true);
      more();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/install`;
      const text = await getText(url, () => {});
      expect(text.length).toBe(1024 * 1024);
      await expect.poll(() => closed).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("redirects: from https to https only; from http within the same origin only", () => {
    const refusal = (from: string, to: string) => redirectRefusal(new URL(from), new URL(to));
    expect(refusal("https://downloads.cursor.com/lab/x", "https://cdn.example/x?sig=1")).toBeUndefined();
    expect(refusal("https://downloads.cursor.com/lab/x", "http://cdn.example/x?sig=1")).toBe(
      "refused a redirect to http://cdn.example: not https",
    );
    expect(refusal("https://d.example/x", "file:///etc/passwd")).toBe(
      "refused a redirect to file://: not https",
    );
    expect(refusal("http://127.0.0.1:8080/a", "http://127.0.0.1:8080/b")).toBeUndefined();
    expect(refusal("http://127.0.0.1:8080/a", "http://127.0.0.1:9090/b")).toBe(
      "refused a redirect from http://127.0.0.1:8080 to http://127.0.0.1:9090: over http, only within the same origin",
    );
    expect(refusal("http://m.example/a", "https://m.example/a")).toMatch(/only within the same origin/);
  });

  it("the unpacker reads GNU tar's archives: gnu and pax formats, long names, links inside", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "tar-formats-"));
    const long = `${"d".repeat(60)}/${"e".repeat(60)}/${"f".repeat(90)}.js`;
    const top = path.join(root, "src", "dist-package");
    mkdirSync(path.join(top, path.dirname(long)), { recursive: true });
    writeFileSync(path.join(top, long), "long\n", { mode: 0o640 });
    writeFileSync(path.join(top, "cursor-agent"), "#!/bin/sh\n", { mode: 0o750 });
    execFileSync("ln", ["-s", long, path.join(top, "to-long")]);
    for (const format of ["gnu", "pax", "ustar"]) {
      const archive = path.join(root, `${format}.tar.gz`);
      const files = format === "ustar" ? ["dist-package/cursor-agent"] : ["dist-package"];
      execFileSync("tar", [`--format=${format}`, "-czf", archive, "-C", path.join(root, "src"), ...files]);
      const dest = path.join(root, format);
      await unpackTarGz(archive, dest);
      expect(statSync(path.join(dest, "cursor-agent")).mode & 0o7777, format).toBe(0o755);
      if (format === "ustar") continue;
      expect(readFileSync(path.join(dest, long), "utf8"), format).toBe("long\n");
      expect(statSync(path.join(dest, long)).mode & 0o7777, format).toBe(0o644);
      expect(readlinkSync(path.join(dest, "to-long")), format).toBe(long);
    }
  });
});

describe("every platform's package, the platform and arch handed in", () => {
  const BUILD = "2026.09.28-a1b2c3d";
  const install = (base: string, platform: NodeJS.Platform, arch: string) => {
    const temp = mkdtempSync(path.join(tmpdir(), "install-platform-"));
    const env = { RUNNER_TEMP: temp, RUNNER_TOOL_CACHE: path.join(temp, "cache") };
    return installAgent({ version: BUILD, baseUrl: base }, env, () => {}, platform, arch).then(
      (got) => ({ got, cache: env.RUNNER_TOOL_CACHE }),
      (e: Error) => ({ error: e.message, cache: env.RUNNER_TOOL_CACHE }),
    );
  };

  it("Linux and macOS, x64 and arm64: their .tar.gz, the launcher cursor-agent under the arch's key", async () => {
    await withCliDownloads({ builds: [BUILD], latest: 403 }, async (d) => {
      for (const [platform, os] of [
        ["linux", "linux"],
        ["darwin", "darwin"],
      ] as const) {
        for (const arch of ["x64", "arm64"]) {
          const r = await install(d.url, platform, arch);
          if (!("got" in r)) throw new Error(r.error);
          expect(r.got.launcher).toEqual({
            file: path.join(r.cache, "cursor-agent", "2026.9.28-ga1b2c3d", arch, "cursor-agent"),
            args: [],
          });
          expect(existsSync(`${path.dirname(r.got.launcher.file)}.complete`)).toBe(true);
          expect(d.requests.at(-1)?.path).toBe(`/lab/${BUILD}/${os}/${arch}/agent-cli-package.tar.gz`);
        }
      }
    });
  });

  it("Windows, x64 and arm64: the .zip unpacked, started as its .cmd would start it (node.exe on index.js, no shell)", async () => {
    await withCliDownloads({ builds: [BUILD], latest: 403 }, async (d) => {
      for (const arch of ["x64", "arm64"]) {
        const r = await install(d.url, "win32", arch);
        if (!("got" in r)) throw new Error(r.error);
        const home = path.join(r.cache, "cursor-agent", "2026.9.28-ga1b2c3d", arch);
        expect(r.got.launcher).toEqual({
          file: path.join(home, "node.exe"),
          args: [path.join(home, "index.js")],
        });
        expect(d.requests.at(-1)?.path).toBe(`/lab/${BUILD}/windows/${arch}/agent-cli-package.zip`);
        // The zip's top folder stripped; the whole package kept and recorded.
        expect(r.got.manifest.entries.map((e) => e.path).sort()).toEqual(
          [".", "cursor-agent.cmd", "cursor-agent.ps1", "index.js", "node.exe", "package.json"].sort(),
        );
      }
    });
  });

  it("Windows: a cursor-agent.exe is started as it is; a package of scripts alone is one line, and nothing kept", async () => {
    await withCliDownloads({ builds: [BUILD], latest: 403, windows: "exe" }, async (d) => {
      const r = await install(d.url, "win32", "arm64");
      if (!("got" in r)) throw new Error(r.error);
      const home = path.join(r.cache, "cursor-agent", "2026.9.28-ga1b2c3d", "arm64");
      expect(r.got.launcher).toEqual({ file: path.join(home, "cursor-agent.exe"), args: [] });
    });
    await withCliDownloads({ builds: [BUILD], latest: 403, windows: "scripts" }, async (d) => {
      const r = await install(d.url, "win32", "x64");
      const home = path.join(r.cache, "cursor-agent", "2026.9.28-ga1b2c3d", "x64");
      expect(r).toEqual({
        error: `Could not install the Cursor CLI: its package has neither cursor-agent.exe nor node.exe and index.js (what its cursor-agent.cmd would run) (in ${home}).`,
        cache: r.cache,
      });
      expect(existsSync(home)).toBe(false);
      expect(existsSync(`${home}.complete`)).toBe(false);
    });
  });
});
