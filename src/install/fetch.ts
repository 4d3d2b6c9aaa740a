/**
 * The installer's HTTP: retried with backoff on network errors, timeouts, 429 and 5xx (p-retry), never on
 * other 4xx; a timeout per attempt; a downloaded file streamed to disk and hashed on the way, with a
 * progress line every few seconds. A request that fails for good throws `FetchFailed`: one line, naming the
 * URL, the last error and how many attempts were really made.
 *
 * Redirects are followed here, not by fetch: from https only to https (TLS names the host we trust; a
 * hop to http would hand the package to anyone on the path), and from http (a test's or a LAN mirror's
 * base URL) only within the same origin. A refused redirect is final, and said in one line.
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import pRetry, { AbortError } from "p-retry";
import { UserFacingError } from "../base/errors.js";

/** A failure of the install, said in one line (the action's last resort prints it as is). */
export class InstallError extends UserFacingError {
  constructor(message: string) {
    super(message);
    this.name = "InstallError";
  }
}

export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`HTTP ${status} from ${url}`);
  }
}

/** A redirect this installer does not follow (see the header): final, never retried. */
class RedirectRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RedirectRefused";
  }
}

/** A request that failed for good: its last error, after `attempts` tries (1: it was not retried). */
export class FetchFailed extends Error {
  constructor(
    readonly url: string,
    readonly attempts: number,
    readonly last: unknown,
  ) {
    super(`${url} failed${attempts > 1 ? ` after ${attempts} attempts` : ""} (${why(last)})`);
    this.name = "FetchFailed";
  }
}

/** 1 + 3 retries, 1 s, 2 s, 4 s apart: a flaky CDN gets 7 s to recover. */
const RETRIES = 3;
const FIRST_DELAY_MS = 1_000;
const TEXT_TIMEOUT_MS = 30_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
const PROGRESS_EVERY_MS = 5_000;
/** A build name or the install script: anything longer is not read (a mirror's error page, a stream). */
const MAX_TEXT_BYTES = 1024 * 1024;
/** As many hops as a CDN needs (a mirror, then a signed URL); more is a loop. */
const MAX_REDIRECTS = 5;

export type Log = (line: string) => void;

async function retried<T>(
  url: string,
  timeoutMs: number,
  log: Log,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  // Counted here, not taken from the retry settings: an answer that is final (a 404) is tried once.
  let attempts = 0;
  try {
    return await pRetry(
      async () => {
        attempts++;
        const res = attempt(AbortSignal.timeout(timeoutMs));
        return await res.catch((e: unknown) => {
          // Only a server's trouble or a rate limit may pass with time; any other answer is final.
          if (e instanceof HttpStatusError && e.status !== 429 && e.status < 500) throw new AbortError(e);
          if (e instanceof RedirectRefused) throw new AbortError(e);
          throw e;
        });
      },
      {
        retries: RETRIES,
        minTimeout: FIRST_DELAY_MS,
        factor: 2,
        onFailedAttempt: ({ error, retriesLeft, retryDelay }) => {
          if (retriesLeft > 0 && retryDelay > 0)
            log(`${url}: ${why(error)}; retrying in ${retryDelay / 1000} s (${retriesLeft} left)`);
        },
      },
    );
  } catch (e) {
    throw new FetchFailed(url, attempts, e);
  }
}

/** What went wrong, in a few words: the status, or the network error under fetch's "fetch failed". */
export function why(e: unknown): string {
  if (e instanceof FetchFailed) return why(e.last);
  if (e instanceof HttpStatusError) return `HTTP ${e.status}`;
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === "TimeoutError") return "timed out";
  return err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(e);
}

async function get(
  url: string,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<Response> {
  let at = new URL(url);
  for (let hops = 0; ; hops++) {
    const res = await fetch(at, { signal, headers, redirect: "manual" });
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location !== null) {
      await res.body?.cancel().catch(() => {});
      if (hops === MAX_REDIRECTS) throw new RedirectRefused(`more than ${MAX_REDIRECTS} redirects`);
      const next = new URL(location, at);
      const refusal = redirectRefusal(at, next);
      if (refusal) throw new RedirectRefused(refusal);
      at = next;
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new HttpStatusError(res.status, url);
    }
    return res;
  }
}

/** Why a redirect from `from` to `to` is not followed (see the header); undefined when it is. */
export function redirectRefusal(from: URL, to: URL): string | undefined {
  if (from.protocol === "https:") {
    return to.protocol === "https:" ? undefined : `refused a redirect to ${where(to)}: not https`;
  }
  return to.origin === from.origin
    ? undefined
    : `refused a redirect from ${where(from)} to ${where(to)}: over http, only within the same origin`;
}

/** Scheme and host, not the path or query (a signed URL's token stays out of the log). */
const where = (u: URL) => `${u.protocol}//${u.host}`;

/** A small text (a build name, the install script). */
export async function getText(url: string, log: Log, headers: Record<string, string> = {}): Promise<string> {
  return retried(url, TEXT_TIMEOUT_MS, log, async (signal) => {
    const res = await get(url, signal, headers);
    return readCapped(res, MAX_TEXT_BYTES);
  });
}

/** At most `cap` bytes of the body, as text: reading stops there, so an endless answer costs `cap`. */
async function readCapped(res: Response, cap: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    while (bytes < cap) {
      const { done, value } = await reader.read();
      if (done) break;
      const kept = value.subarray(0, cap - bytes);
      chunks.push(kept);
      bytes += kept.length;
    }
  } finally {
    // Closes the connection when the cap cut the body short; nothing to do when it ended.
    await reader.cancel().catch(() => {});
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Downloads `url` to `dest`; the sha256 and size of what was written. */
export async function download(
  url: string,
  dest: string,
  log: Log,
): Promise<{ sha256: string; bytes: number }> {
  return retried(url, DOWNLOAD_TIMEOUT_MS, log, async (signal) => {
    // The archive as it is stored: asked not to be compressed again on the way. A mirror may do it
    // anyway (gzip over the .tar.gz); fetch then undoes it, so what is written and hashed is still the
    // archive, but the Content-Length counts the encoded bytes and cannot be checked against it.
    const res = await get(url, signal, { "accept-encoding": "identity" });
    const encoding = res.headers.get("content-encoding");
    const encoded = encoding !== null && encoding.trim().toLowerCase() !== "identity";
    if (encoded) log(`${url}: sent with Content-Encoding: ${encoding}, decoded`);
    const total = encoded ? undefined : Number(res.headers.get("content-length")) || undefined;
    const hash = createHash("sha256");
    let bytes = 0;
    let last = Date.now();
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        bytes += chunk.length;
        if (Date.now() - last >= PROGRESS_EVERY_MS) {
          last = Date.now();
          log(`Downloading: ${mib(bytes)}${total ? ` of ${mib(total)}` : ""}`);
        }
        done(null, chunk);
      },
    });
    if (!res.body) throw new HttpStatusError(res.status, url);
    await pipeline(
      Readable.fromWeb(res.body as import("node:stream/web").ReadableStream),
      count,
      createWriteStream(dest),
    );
    if (total !== undefined && bytes !== total) throw new Error(`cut short: ${bytes} of ${total} bytes`);
    return { sha256: hash.digest("hex"), bytes };
  });
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
