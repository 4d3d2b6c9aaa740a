/** Unguessable names and delimiters (src/base/random.ts): the kernel's bytes, in the shapes asked for. */
import { describe, expect, it } from "vitest";
import { randomHex, randomUuid } from "../../src/base/random.js";

describe("random values", () => {
  it("a version 4 UUID as crypto.randomUUID spells it, and hex of the length asked", () => {
    const uuids = Array.from({ length: 2000 }, randomUuid);
    for (const u of uuids)
      expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(randomHex(6)).toMatch(/^[0-9a-f]{12}$/);
    // Every byte value turns up: the bytes are read, not left as allocated.
    const seen = new Set(Buffer.from(Array.from({ length: 400 }, () => randomHex(16)).join(""), "hex"));
    expect(seen.size).toBe(256);
  });
});
