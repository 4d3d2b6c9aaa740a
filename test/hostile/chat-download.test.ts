/**
 * A cache entry that is not a chat's size (#41 item 6): whoever can write an entry in a scope the run reads
 * chooses its archive's bytes and what its blob's server says of them. The download was bounded only by the
 * restore's deadline (30 s of writing whatever came to disk: many GB on a fast network). It is now read no
 * further than a saved chat can be (MAX_CHAT_ENTRY_BYTES): a size claimed past it is refused before the body
 * is read, a body that runs past it is stopped there; a notice says so, and the run goes on with a new chat.
 *
 * The stand-in here answers the cache service's lookup with its own blob, and counts what it could send
 * before the action closed the connection. It sends at most {@link EXTRA} bytes more than the cap, then ends
 * the body: an action that reads on (as before) then reads all of it.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { MAX_CHAT_ENTRY_BYTES } from "../../src/session/chat-store.js";
import { cleanupActionRuns, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

const SERVICE = "/twirp/github.actions.results.api.v1.CacheService/";
/** What the stand-in sends past the cap at most (an action that does not stop reads it all). */
const EXTRA = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(256 * 1024);

interface Blob {
  /** The size the blob's answer claims, if any. */
  claimed?: number;
  /** How many bytes the body has before it ends. */
  bytes: number;
}

/** A cache service whose one entry is `blob`; how much of it was sent, once the action let go of it. */
async function serving(blob: Blob, test: (url: string) => Promise<void>): Promise<{ sent: number }> {
  let sent = 0;
  let requested = false;
  let closed: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.url?.startsWith("/blob")) return stream(res);
      const found = req.url === `${SERVICE}GetCacheEntryDownloadURL`;
      const body = found
        ? {
            ok: true,
            signed_download_url: `${base()}/blob?sig=x`,
            matched_key: "cursor-agent-chat/octo/repo/9/x",
          }
        : { code: "bad_route", msg: "not here" };
      const text = JSON.stringify(body);
      res.writeHead(found ? 200 : 404, { "content-type": "application/json" }).end(text);
    });
  });
  const stream = (res: ServerResponse) => {
    const headers: Record<string, string | number> = { "content-type": "application/octet-stream" };
    if (blob.claimed !== undefined) headers["content-length"] = blob.claimed;
    requested = true;
    res.writeHead(200, headers);
    res.on("close", () => closed());
    const more = () => {
      while (sent < blob.bytes && !res.destroyed) {
        const n = Math.min(CHUNK.length, blob.bytes - sent);
        sent += n;
        if (!res.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) return;
      }
      // A body shorter than it claimed: the connection goes, as a server that stops does.
      if (blob.claimed !== undefined && sent < blob.claimed) res.destroy();
      else res.end();
    };
    res.on("drain", more);
    more();
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await test(`${base()}/`);
    // The action has exited: its connection is closed by now (the close may still be on its way here).
    if (requested) await done;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { sent };
}

async function restoreFrom(url: string) {
  const r = await runAction({
    inputs: { prompt: "go on", session: "pull-request", comment: "false", "safety-strategy": "no-sudo" },
    env: {
      CURSOR_API_KEY: "key_0123456789abcdef0123456789abcdef",
      ACTIONS_RUNTIME_TOKEN: "runtime-token",
      ACTIONS_RESULTS_URL: url,
      ACTIONS_CACHE_SERVICE_V2: "True",
      RUNNER_TEMP: mkdtempSync(path.join(tmpdir(), "chat-download-temp-")),
    },
    timeoutMs: 120_000,
    pullRequest: { number: 9 },
  });
  expect(r.outputs.conclusion).toBe("success");
  expect(r.outputs.resumed).toBe("false");
  expect(r.record?.parsed?.options.resume).toBeUndefined();
  const notices = r.log.commands.filter((c) => c.name === "notice").map((c) => c.data);
  expect(notices).toContainEqual(
    expect.stringMatching(
      /^The chat of #9 could not be restored \(the entry is over [\d.]+ MB \(no chat is that large\): download stopped\): a new chat starts/,
    ),
  );
}

it("an entry that claims more than a chat can be: refused before its body is read", async () => {
  // A terabyte claimed; what the stand-in can send before the action lets go is far below the cap.
  const { sent } = await serving({ claimed: 2 ** 40, bytes: MAX_CHAT_ENTRY_BYTES + EXTRA }, restoreFrom);
  expect(sent).toBeLessThan(MAX_CHAT_ENTRY_BYTES);
}, 180_000);

it("an entry whose body runs past what a chat can be, claiming no size: stopped there", async () => {
  const { sent } = await serving({ bytes: MAX_CHAT_ENTRY_BYTES + EXTRA }, restoreFrom);
  // Stopped at the cap (what the sockets' buffers held besides), not read to the end.
  expect(sent).toBeGreaterThan(MAX_CHAT_ENTRY_BYTES);
  expect(sent).toBeLessThan(MAX_CHAT_ENTRY_BYTES + EXTRA);
}, 180_000);
