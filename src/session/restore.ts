/**
 * A fetched cache entry (cache-client.ts) into a staged chat: decompressed as it is read (gzip in-process;
 * zstd by the system's `zstd`, as the cache client compresses it) and unpacked by unpack.ts, which refuses
 * anything that is not the chat's layout of directories and regular files, within the chat's limits.
 */
import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { SYSTEM_PATH } from "../base/system-dirs.js";
import type { Fetched } from "./cache-client.js";
import { MAX_CHAT_BYTES, MAX_CHAT_ENTRIES } from "./chat-store.js";
import { unpackArchive } from "./unpack.js";

/** `chat.json` and the `chat/` directory besides the chat's own entries. */
const LAYOUT_ENTRIES = 2;

/**
 * Unpacks `entry` into `dest` (made here, new). Resolves with why the entry is refused (a name, a link,
 * too much, not an archive), or undefined. At `signal` the reading stops and it resolves with why.
 */
export async function unpackEntry(
  entry: Fetched,
  dest: string,
  signal: AbortSignal,
): Promise<string | undefined> {
  await mkdir(dest, { mode: 0o700 });
  const source = decompressed(entry);
  const stop = () => source.stream.destroy(signal.reason as Error);
  signal.addEventListener("abort", stop, { once: true });
  try {
    await unpackArchive(source.stream, dest, {
      entries: MAX_CHAT_ENTRIES + LAYOUT_ENTRIES,
      bytes: MAX_CHAT_BYTES + MAX_ID_BYTES,
    });
    return signal.aborted ? (signal.reason as Error).message : undefined;
  } catch (e) {
    return signal.aborted ? (signal.reason as Error).message : (e as Error).message;
  } finally {
    signal.removeEventListener("abort", stop);
    source.end();
  }
}

/** `chat.json`: `{"id": …}`, a chat id of at most 128 characters. */
const MAX_ID_BYTES = 1024;

function decompressed(entry: Fetched): { stream: Readable; end: () => void } {
  if (entry.compression === "gzip") {
    const file = createReadStream(entry.archive);
    const stream = file.pipe(createGunzip());
    file.on("error", (e) => stream.destroy(e));
    return { stream, end: () => file.destroy() };
  }
  // Only as much is read as the unpacker takes: at its end (or a refusal) zstd is killed, not drained.
  const zstd = spawn("zstd", ["-d", "-c", "-q", "--no-progress", "--", entry.archive], {
    env: { PATH: SYSTEM_PATH, LC_ALL: "C" },
    stdio: ["ignore", "pipe", "ignore"],
  });
  zstd.on("error", (e) => zstd.stdout.destroy(e));
  return { stream: zstd.stdout, end: () => zstd.kill("SIGKILL") };
}
