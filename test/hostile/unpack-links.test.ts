/**
 * The unpacker checked a link's target lexically: `a -> .` stays, `b/c -> ../a/..` normalises to `.`, yet
 * the kernel resolves `b/c` to `b/../a/..` = (a is the install itself) its parent: out of the install. So
 * does a link that leaves through one made after it. Each link is now followed through the package's own
 * links, as the kernel would: such a package is refused; links that stay inside are kept.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { unpackTarGz } from "../../src/install/tar.js";

/** A .tar.gz of `top/` holding `links` (in that order, each under `top/`) and a file `f`. */
function archive(links: [string, string][]): { file: string; dest: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "unpack-links-"));
  const top = path.join(dir, "top");
  mkdirSync(top);
  writeFileSync(path.join(top, "f"), "x");
  for (const [name, target] of links) {
    mkdirSync(path.dirname(path.join(top, name)), { recursive: true });
    symlinkSync(target, path.join(top, name));
  }
  const file = path.join(dir, "p.tar.gz");
  const names = ["top", "top/f", ...links.map(([n]) => `top/${n}`)];
  execFileSync("tar", ["-czf", file, "--no-recursion", "-C", dir, ...names]);
  return { file, dest: path.join(dir, "dest") };
}

it("a link that leaves through another link is refused, whatever their order", async () => {
  const through = archive([
    ["a", "."],
    ["b/c", "../a/.."],
  ]);
  await expect(unpackTarGz(through.file, through.dest)).rejects.toThrow(
    "the package holds a link that leaves it (b/c -> ../a/..): only links inside are kept",
  );
  const later = archive([
    ["c", "d/.."],
    ["d", "."],
  ]);
  await expect(unpackTarGz(later.file, later.dest)).rejects.toThrow(
    /^the package holds a link that leaves it \(c -> d\/\.\.\)/,
  );
  const loop = archive([
    ["x", "y"],
    ["y", "x"],
  ]);
  await expect(unpackTarGz(loop.file, loop.dest)).rejects.toThrow(/a link that leaves it \(y -> x\)/);
});

it("links that stay inside, through other links too, are kept", async () => {
  const ok = archive([
    ["a", "."],
    ["b/c", "../a/f"],
    ["lib", "b"],
  ]);
  await unpackTarGz(ok.file, ok.dest);
  expect(readlinkSync(path.join(ok.dest, "b/c"))).toBe("../a/f");
});
