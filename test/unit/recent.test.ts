import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecentKeys } from "../../src/base/recent.js";

describe("RecentKeys", () => {
  it("remembers what a Set that drops its oldest key past the capacity remembers (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }),
        (capacity, adds) => {
          const recent = new RecentKeys(capacity);
          const reference = new Set<string>();
          for (const n of adds) {
            const key = `call_${n}`;
            recent.add(key);
            reference.add(key);
            if (reference.size > capacity) reference.delete(reference.values().next().value!);
            expect(recent.size).toBe(reference.size);
            for (let k = 0; k <= 20; k++) expect(recent.has(`call_${k}`)).toBe(reference.has(`call_${k}`));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("forgets the oldest of a million keys one by one, keeping the last window", () => {
    const recent = new RecentKeys(4096);
    for (let i = 0; i < 1_000_000; i++) recent.add(`tool_${i}`);
    expect(recent.size).toBe(4096);
    expect(recent.has("tool_995903")).toBe(false);
    expect(recent.has("tool_995904")).toBe(true);
    expect(recent.has("tool_999999")).toBe(true);
  });
});
