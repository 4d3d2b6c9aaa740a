/**
 * A stand-in for GitHub's Actions cache service v2 as hosted runners use it, on 127.0.0.1, for the real
 * `@actions/cache` client: point `ACTIONS_RESULTS_URL` at `url` (with `ACTIONS_CACHE_SERVICE_V2` set).
 *
 * - Twirp JSON (protobuf JSON with the proto's field names, as the client sends and GitHub answers): `POST /twirp/github.actions.results.api.v1.CacheService/<Method>` with the runtime token
 *   as a bearer; `GetCacheEntryDownloadURL` (the key, else the newest entry of the same version whose key
 *   starts with a restore key, in their order), `CreateCacheEntry` (refused for a key and version that
 *   exist), `FinalizeCacheEntryUpload`.
 * - Signed blob URLs (`/blob/<id>?sig=…`, any other signature is 403): Azure's `Put Blob` (one PUT with
 *   `x-ms-blob-type: BlockBlob`) or `Put Block` + `Put Block List`, as the Azure SDK uploads; a GET
 *   downloads.
 * - Failures: `fail(status)` answers every twirp call with it; `hang()` answers nothing at all.
 * - `plant(key, data)`: an entry someone else wrote in a scope the run reads, with any archive. Its version
 *   is whatever a restore asks for (a version is predictable: the paths and the compression).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const SERVICE = "/twirp/github.actions.results.api.v1.CacheService/";

export interface CacheEntry {
  id: number;
  key: string;
  /** Undefined for a planted entry: it answers every version. */
  version: string | undefined;
  /** Set once finalised; only then can it be restored. */
  data?: Buffer;
  sizeBytes?: number;
  finalized: boolean;
  /** The order entries were made in: the newest wins a prefix. */
  seq: number;
}

export interface CacheRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The twirp body, parsed (undefined for blobs). */
  body?: Record<string, unknown>;
  status: number;
}

export interface CacheService {
  url: string;
  token: string;
  entries: CacheEntry[];
  requests: CacheRequest[];
  /** Twirp requests only, by method name. */
  calls(method: string): CacheRequest[];
  fail(status: number | undefined): void;
  hang(on?: boolean): void;
  /** A finalised entry of `key` holding `data` (a compressed tar archive), of every version. */
  plant(key: string, data: Buffer): void;
  /** Resolves once a request for `path` (a twirp method name or `blob`) has arrived. */
  waitFor(what: string): Promise<CacheRequest>;
  close(): Promise<void>;
}

export async function startCacheService(
  token = `runtime-${randomBytes(8).toString("hex")}`,
): Promise<CacheService> {
  const entries: CacheEntry[] = [];
  const requests: CacheRequest[] = [];
  const blocks = new Map<number, Map<string, Buffer>>();
  const sig = randomBytes(12).toString("hex");
  const waiting: { what: string; resolve: (r: CacheRequest) => void }[] = [];
  let failing: number | undefined;
  let hanging = false;
  let seq = 0;
  const held = new Set<ServerResponse>();

  const record = (req: IncomingMessage, url: URL, status: number, body?: Record<string, unknown>) => {
    const r: CacheRequest = {
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
      status,
    };
    requests.push(r);
    const what = url.pathname.startsWith(SERVICE) ? url.pathname.slice(SERVICE.length) : "blob";
    for (const w of waiting.filter((w) => w.what === what)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(r);
    }
    return r;
  };

  const twirp = (method: string, body: Record<string, unknown>): [number, unknown] => {
    const key = String(body.key ?? "");
    const version = String(body.version ?? "");
    const base = `http://127.0.0.1:${port()}`;
    if (method === "GetCacheEntryDownloadURL") {
      const ready = entries.filter((e) => e.finalized && (e.version ?? version) === version);
      const newest = (match: (e: CacheEntry) => boolean) =>
        ready.filter(match).sort((a, b) => b.seq - a.seq)[0];
      let hit = newest((e) => e.key === key);
      for (const prefix of (body.restore_keys as string[] | undefined) ?? []) {
        hit ??= newest((e) => e.key.startsWith(prefix));
      }
      if (!hit) return [200, { ok: false, signed_download_url: "", matched_key: "" }];
      return [
        200,
        { ok: true, signed_download_url: `${base}/blob/${hit.id}?sig=${sig}`, matched_key: hit.key },
      ];
    }
    if (method === "CreateCacheEntry") {
      if (entries.some((e) => e.key === key && e.version === version)) {
        return [
          409,
          { code: "already_exists", msg: "cache entry with the same key, version, and scope already exists" },
        ];
      }
      const e: CacheEntry = { id: entries.length + 1, key, version, finalized: false, seq: ++seq };
      entries.push(e);
      return [200, { ok: true, signed_upload_url: `${base}/blob/${e.id}?sig=${sig}` }];
    }
    if (method === "FinalizeCacheEntryUpload") {
      const e = entries.find((x) => x.key === key && x.version === version && !x.finalized);
      if (!e?.data) return [200, { ok: false, entry_id: "0" }];
      e.finalized = true;
      e.sizeBytes = Number(body.size_bytes);
      return [200, { ok: true, entry_id: String(e.id) }];
    }
    return [404, { code: "bad_route", msg: `no handler for ${method}` }];
  };

  const blob = (req: IncomingMessage, url: URL, data: Buffer, res: ServerResponse): number => {
    const id = Number(url.pathname.slice("/blob/".length));
    const e = entries.find((x) => x.id === id);
    if (url.searchParams.get("sig") !== sig || !e) return send(res, 403, "AuthenticationFailed");
    const azure = { "x-ms-request-id": "stand-in", "x-ms-version": "2025-01-05", etag: `"${id}"` };
    if (req.method === "GET") {
      if (!e.finalized || !e.data) return send(res, 404, "BlobNotFound");
      res.writeHead(200, {
        "content-type": "application/octet-stream",
        "content-length": e.data.length,
        ...azure,
      });
      res.end(e.data);
      return 200;
    }
    if (req.method !== "PUT" || e.finalized) return send(res, 409, "BlobImmutable");
    const comp = url.searchParams.get("comp");
    if (comp === "block") {
      const list = blocks.get(id) ?? new Map<string, Buffer>();
      list.set(url.searchParams.get("blockid") ?? "", data);
      blocks.set(id, list);
    } else if (comp === "blocklist") {
      const ids = [...data.toString("utf8").matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)</g)].map(
        (m) => m[1],
      );
      const list = blocks.get(id) ?? new Map<string, Buffer>();
      e.data = Buffer.concat(ids.map((b) => list.get(b ?? "") ?? Buffer.alloc(0)));
    } else if (req.headers["x-ms-blob-type"] === "BlockBlob") {
      e.data = data;
    } else {
      return send(res, 400, "MissingRequiredHeader");
    }
    res.writeHead(201, { ...azure, "last-modified": new Date().toUTCString(), "content-length": 0 });
    res.end();
    return 201;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const data = Buffer.concat(chunks);
      if (hanging) {
        // Never answered: the client must give up on its own.
        held.add(res);
        record(req, url, 0);
        return;
      }
      if (url.pathname.startsWith("/blob/")) {
        const status = blob(req, url, data, res);
        record(req, url, status);
        return;
      }
      const body = parse(data);
      const method = url.pathname.slice(SERVICE.length);
      if (!url.pathname.startsWith(SERVICE) || req.method !== "POST") {
        record(req, url, send(res, 404, "not found"), body);
      } else if (req.headers.authorization !== `Bearer ${token}`) {
        record(req, url, json(res, 401, { code: "unauthenticated", msg: "bad token" }), body);
      } else if (failing !== undefined) {
        record(req, url, json(res, failing, { code: "internal", msg: `stand-in failure ${failing}` }), body);
      } else {
        const [status, answer] = twirp(method, body);
        record(req, url, json(res, status, answer), body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = () => (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port()}/`,
    token,
    entries,
    requests,
    calls: (method) => requests.filter((r) => r.path === `${SERVICE}${method}`),
    fail: (status) => {
      failing = status;
    },
    hang: (on = true) => {
      hanging = on;
    },
    plant: (key, data) => {
      entries.push({ id: entries.length + 1, key, version: undefined, data, finalized: true, seq: ++seq });
    },
    waitFor: (what) => new Promise((resolve) => waiting.push({ what, resolve })),
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function parse(data: Buffer): Record<string, unknown> {
  try {
    const v = JSON.parse(data.toString("utf8")) as unknown;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function json(res: ServerResponse, status: number, body: unknown): number {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
  return status;
}

function send(res: ServerResponse, status: number, code: string): number {
  res.writeHead(status, { "content-type": "text/plain", "x-ms-error-code": code });
  res.end(code);
  return status;
}
