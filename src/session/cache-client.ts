/**
 * What the action asks of `@actions/cache`: save an entry (its `saveCache`), and fetch an entry's archive
 * without unpacking it. The client's `restoreCache` unpacks what it fetched itself, with `tar -P -C
 * $GITHUB_WORKSPACE` as the action's user, and an entry's names and links are whoever wrote it's to choose
 * (unpack.ts): so the restore is the client's own steps up to the download (its service client, with its
 * retries; the entry's version as it computes it; its downloader, Azure's SDK as `restoreCache` uses it),
 * and the archive is left to the caller. The package exports only its entry module, so these steps are
 * imported by their files: the version is pinned in package.json, and the session tests run them against
 * the cache stand-in, a restore of what `saveCache` saved included.
 *
 * The download is the one step that is not the client's: its downloaders write whatever the URL serves,
 * as long as it lasts (Azure's SDK first takes the size the blob claims and holds up to 128 MiB of it in
 * memory at once), and an entry is anyone's who can write one in a scope the run reads. So the archive is
 * fetched as the client fetches a blob without its SDK (its HTTP client, proxies honoured, its retries of a
 * server's error) and read only up to `maxBytes`: a size claimed past it is refused before the body is
 * read, and a body that runs past it (no size claimed, or a false one) is stopped there.
 */
import { createWriteStream } from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { saveCache } from "@actions/cache";
import { HttpClient } from "@actions/http-client";
import {
  getCacheFileName,
  getCacheVersion,
  getCompressionMethod,
} from "../../node_modules/@actions/cache/lib/internal/cacheUtils.js";
import { retryHttpClientResponse } from "../../node_modules/@actions/cache/lib/internal/requestUtils.js";
import { internalCacheTwirpClient } from "../../node_modules/@actions/cache/lib/internal/shared/cacheTwirpClient.js";
import { formatBytes } from "../base/format.js";

/** An entry fetched, not unpacked. */
export interface Fetched {
  /** The key of the entry found. */
  key: string;
  /** Its archive, in the directory the caller gave. */
  archive: string;
  /** How it is compressed. */
  compression: "gzip" | "zstd";
}

export interface CacheClient {
  /** `saveCache` of the client: an entry of `paths`, archived relative to `GITHUB_WORKSPACE`. */
  save(paths: string[], key: string): Promise<number>;
  /**
   * The newest entry of `paths`' version whose key is `key` or starts with one of `restoreKeys`, downloaded
   * into `dir`; undefined when there is none. Rejects (the download stopped) when it is larger than `maxBytes`.
   */
  fetch(
    paths: string[],
    key: string,
    restoreKeys: string[],
    dir: string,
    maxBytes: number,
  ): Promise<Fetched | undefined>;
}

export const cacheClient: CacheClient = {
  save: (paths, key) => saveCache(paths, key),
  async fetch(paths, key, restoreKeys, dir, maxBytes) {
    const method = await getCompressionMethod();
    const version = getCacheVersion(paths, method);
    const answer = await internalCacheTwirpClient().GetCacheEntryDownloadURL({
      key,
      restoreKeys,
      version,
    });
    if (!answer.ok) return undefined;
    const archive = path.join(dir, getCacheFileName(method));
    await download(answer.signedDownloadUrl, archive, maxBytes);
    return { key: answer.matchedKey, archive, compression: method === "gzip" ? "gzip" : "zstd" };
  },
};

/** The blob at `url` into `file` (new), at most `maxBytes` of it; rejects with why it is not all there. */
async function download(url: string, file: string, maxBytes: number): Promise<void> {
  const http = new HttpClient("actions/cache");
  const response = await retryHttpClientResponse("downloadCache", () => http.get(url));
  const { message } = response;
  // One short line: it ends in a notice, cut at 80 characters.
  const tooLarge = () =>
    new Error(`the entry is over ${formatBytes(maxBytes)} (no chat is that large): download stopped`);
  if (message.statusCode !== 200) {
    message.destroy();
    throw new Error(`the download answered ${message.statusCode}`);
  }
  const claimed = Number(message.headers["content-length"] ?? Number.NaN);
  if (claimed > maxBytes) {
    message.destroy();
    throw tooLarge();
  }
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(tooLarge());
      else done(null, chunk);
    },
  });
  await pipeline(message, counted, createWriteStream(file, { flags: "wx", mode: 0o600 }));
  if (Number.isFinite(claimed) && bytes !== claimed) {
    throw new Error(`the download was cut short (${bytes} of ${claimed} bytes)`);
  }
}
