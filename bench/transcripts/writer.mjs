// @ts-check
/**
 * Writing a transcript: a buffered writer of one JSON event a line, the end every generated run shares
 * (the final segment and the result), and the files a run edits (each one's content before the run).
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { assistantEvent, T0 } from "./events.mjs";
import { codeLine } from "./random.mjs";

/** Buffered line writer: one JSON event per line, written in ~1 MiB chunks. @param {string} file */
export function lineWriter(file) {
  const fd = openSync(file, "w");
  /** @type {string[]} */
  let pending = [];
  let pendingBytes = 0;
  const w = {
    bytes: 0,
    lines: 0,
    /** @param {unknown} e */
    emit(e) {
      const line = `${JSON.stringify(e)}\n`;
      pending.push(line);
      pendingBytes += Buffer.byteLength(line);
      w.lines++;
      if (pendingBytes > 1 << 20) w.flush();
    },
    flush() {
      if (pending.length === 0) return;
      const chunk = pending.join("");
      writeSync(fd, chunk);
      w.bytes += Buffer.byteLength(chunk);
      pending = [];
      pendingBytes = 0;
    },
    /** Bytes written or waiting. */
    get size() {
      return w.bytes + pendingBytes;
    },
    close() {
      w.flush();
      closeSync(fd);
    },
  };
  return w;
}

/** @param {ReturnType<typeof lineWriter>} w @param {string} sessionId @param {number} ts @param {string} text */
export function finish(w, sessionId, ts, text) {
  w.emit(assistantEvent(text, sessionId));
  w.emit({
    type: "result",
    subtype: "success",
    duration_ms: ts - T0 + 1000,
    duration_api_ms: ts - T0 + 900,
    is_error: false,
    result: text,
    session_id: sessionId,
    request_id: "7d1e2f30-4152-4637-8899-aabbccddeeff",
    usage: { inputTokens: 1_000_000, outputTokens: 50_000, cacheReadTokens: 4_000_000, cacheWriteTokens: 0 },
  });
}

/**
 * @typedef {{ rel: string, abs: string, lines: string[], initial: string }} GenFile
 * @param {import("./random.mjs").Rng} r @param {string} root @param {number} count
 * @param {() => number} lineCount lines per file
 * @param {(i: number) => string} name
 * @returns {GenFile[]}
 */
export function makeFiles(r, root, count, lineCount, name) {
  /** @type {GenFile[]} */
  const files = [];
  for (let i = 0; i < count; i++) {
    const rel = name(i);
    const lines = [];
    for (let n = lineCount(); n > 0; n--) lines.push(codeLine(r));
    files.push({ rel, abs: `${root}/${rel}`, lines, initial: `${lines.join("\n")}\n` });
  }
  return files;
}

/**
 * The workspace of a run that edits files: each file's content before the run and after it (what the
 * bench builds its git checkout from). @param {{ rel: string, initial: string, lines: string[] }[]} files
 */
export const workspaceOf = (files) =>
  files.map((f) => ({ rel: f.rel, initial: f.initial, final: `${f.lines.join("\n")}\n` }));
