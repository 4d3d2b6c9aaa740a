/**
 * What the action asks of `@actions/cache`: save an entry (its `saveCache`), and fetch an entry's archive
 * without unpacking it. The client's `restoreCache` unpacks what it fetched itself, with `tar -P -C
 * $GITHUB_WORKSPACE` as the action's user, and an entry's names and links are whoever wrote it's to choose
 * (unpack.ts): so the restore is the client's own steps up to the download (its service client, with its
 * retries; the entry's version as it computes it; its downloader, Azure's SDK as `restoreCache` uses it),
 * and the archive is left to the caller. The package exports only its entry module, so these steps are
 * imported by their files: the version is pinned in package.json, and the session tests run them against
 * the cache stand-in, a restore of what `saveCache` saved included.
 */
import path from "node:path";
import { saveCache } from "@actions/cache";
import { downloadCache } from "../../node_modules/@actions/cache/lib/internal/cacheHttpClient.js";
import {
  getCacheFileName,
  getCacheVersion,
  getCompressionMethod,
} from "../../node_modules/@actions/cache/lib/internal/cacheUtils.js";
import { internalCacheTwirpClient } from "../../node_modules/@actions/cache/lib/internal/shared/cacheTwirpClient.js";

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
   * into `dir`; undefined when there is none.
   */
  fetch(paths: string[], key: string, restoreKeys: string[], dir: string): Promise<Fetched | undefined>;
}

export const cacheClient: CacheClient = {
  save: (paths, key) => saveCache(paths, key),
  async fetch(paths, key, restoreKeys, dir) {
    const method = await getCompressionMethod();
    const version = getCacheVersion(paths, method);
    const answer = await internalCacheTwirpClient().GetCacheEntryDownloadURL({
      key,
      restoreKeys,
      version,
    });
    if (!answer.ok) return undefined;
    const archive = path.join(dir, getCacheFileName(method));
    await downloadCache(answer.signedDownloadUrl, archive, { useAzureSdk: true });
    return { key: answer.matchedKey, archive, compression: method === "gzip" ? "gzip" : "zstd" };
  },
};
