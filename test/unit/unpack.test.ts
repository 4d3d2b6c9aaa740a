/**
 * The chat's unpacker (src/session/unpack.ts) reads no byte it does not count: what a cache entry's
 * archive may say to make every run read on until its deadline is refused at once.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { unpackArchive } from "../../src/session/unpack.js";
import { tarArchive } from "../harness/tar-archive.js";

const limits = { entries: 100, bytes: 1024 * 1024 };
const unpack = (archive: Buffer) =>
  unpackArchive(Readable.from([archive]), mkdtempSync(path.join(tmpdir(), "unpack-")), limits);

/** A pax record, its length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let n = body.length + 1;
  while (`${n}${body}`.length !== n) n++;
  return `${n}${body}`;
}

describe("the chat's unpacker counts what it reads", () => {
  it("takes a chat of the layout", async () => {
    await expect(
      unpack(
        tarArchive([
          { name: "./", type: "5" },
          { name: "./chat.json", data: '{"id":"c"}' },
        ]),
      ),
    ).resolves.toBeUndefined();
  });

  it("refuses a directory that says it holds data (bytes it would read past, uncounted)", async () => {
    await expect(
      unpack(
        tarArchive([
          { name: "./", type: "5" },
          { name: "./chat/", type: "5", data: Buffer.alloc(4096) },
        ]),
      ),
    ).rejects.toThrow(/a directory with data/);
  });

  it("refuses extended headers that add up past the bound before one member, each under it", async () => {
    const pax = paxRecord("comment", "x".repeat(1000));
    const headers = Array.from({ length: 100 }, () => ({
      name: "./PaxHeader",
      type: "x" as const,
      data: pax,
    }));
    await expect(
      unpack(tarArchive([{ name: "./", type: "5" }, ...headers, { name: "./chat.json", data: "{}" }])),
    ).rejects.toThrow(/an oversized extended header/);
  });
});
