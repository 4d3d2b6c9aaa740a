/**
 * Unguessable values: the runner's output delimiters, file names under RUNNER_TEMP (a name the agent could
 * guess, it could plant first). From the kernel's generator: `/dev/urandom` where there is one (Linux,
 * macOS), read synchronously, because loading node:crypto (or the Web Crypto global) cost 5–7 ms of
 * start-up before the agent could start (BENCHMARKS.md); node:crypto elsewhere (Windows).
 */
import { closeSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";

function randomBytes(n: number): Buffer {
  const out = Buffer.alloc(n);
  let fd: number | undefined;
  try {
    fd = openSync("/dev/urandom", "r");
    let got = 0;
    while (got < n) {
      const read = readSync(fd, out, got, n - got, null);
      if (read <= 0) throw new Error("/dev/urandom ended");
      got += read;
    }
    return out;
  } catch {
    const crypto = createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
    return crypto.randomBytes(n);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `bytes` random bytes in hex. */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

/** A random (version 4) UUID, as `crypto.randomUUID()` spells it. */
export function randomUuid(): string {
  const b = randomBytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
