import { describe, expect, it } from "vitest";
import { RootedMemo } from "../../src/base/memo.js";

describe("answers kept by root, then by key", () => {
  it("keeps each root's answers apart, including undefined ones", () => {
    const m = new RootedMemo<string | undefined>(2, 10);
    m.set("/a", "x", "in a");
    m.set("/b", "x", undefined);
    expect(m.get("/a", "x")).toBe("in a");
    expect(m.has("/b", "x")).toBe(true);
    expect(m.get("/b", "x")).toBeUndefined();
    expect(m.has("/a\0x", "")).toBe(false);
  });

  it("stays bounded: a root starts over past its entries, the roots past theirs", () => {
    const m = new RootedMemo<number>(2, 3);
    for (let i = 0; i < 3; i++) m.set("/a", `k${i}`, i);
    m.set("/a", "k3", 3);
    expect(m.has("/a", "k0")).toBe(false);
    expect(m.get("/a", "k3")).toBe(3);
    m.set("/b", "k", 1);
    m.set("/c", "k", 2);
    expect(m.has("/a", "k3")).toBe(false);
    expect(m.has("/b", "k")).toBe(false);
    expect(m.get("/c", "k")).toBe(2);
  });
});
