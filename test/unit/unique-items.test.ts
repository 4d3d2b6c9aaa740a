/**
 * `uniqueItems` checked by hashing (src/structured/unique.ts): the same answers as ajv's own pairwise check
 * on arbitrary JSON, and work linear in the array, counted (ajv's own check compares every pair: a 600 KB
 * block of small objects held the event loop for 42–45 s).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadContract } from "../../src/structured/load.js";
import { AJV_OPTIONS } from "../../src/structured/validate.js";

const SCHEMA = { type: "object", properties: { items: { type: "array", uniqueItems: true } } };

async function compiled(schema: object) {
  const c = await loadContract({
    review: false,
    schema: { text: JSON.stringify(schema), from: "output-schema" },
  });
  if (!c) throw new Error("no contract");
  return c.validate;
}

/** Items that count every look into them: a property read, a key listing. */
function counted(n: number): { items: object[]; looks: () => number } {
  let looks = 0;
  const handler: ProxyHandler<object> = {
    get: (t, k, r) => {
      looks++;
      return Reflect.get(t, k, r);
    },
    ownKeys: (t) => {
      looks++;
      return Reflect.ownKeys(t);
    },
  };
  const items = Array.from({ length: n }, (_, i) => new Proxy({ id: i, kind: "x" }, handler));
  return { items, looks: () => looks };
}

describe("uniqueItems", () => {
  it("answers as ajv's own check on arbitrary JSON, nested arrays and objects with keys in any order", async () => {
    const ours = await compiled(SCHEMA);
    const theirs = new Ajv2020(AJV_OPTIONS).compile(SCHEMA);
    const leaf = fc.oneof(fc.constantFrom(0, -0, 1, 1.5, "", "a", true, false, null), fc.integer());
    const json = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("v"), { maxLength: 3 }), tie("o")),
      o: fc.dictionary(fc.constantFrom("a", "b", "c"), tie("v"), { maxKeys: 3 }),
    }));
    fc.assert(
      fc.property(fc.array(json.v, { maxLength: 6 }), (generated) => {
        // As the agent's block is: parsed JSON (plain objects, no -0).
        const items = JSON.parse(JSON.stringify(generated)) as unknown[];
        // The same items again with their keys in reverse order: equal as JSON values.
        const reversed = JSON.parse(JSON.stringify(items), (_k, v: unknown) =>
          v && typeof v === "object" && !Array.isArray(v)
            ? Object.fromEntries(Object.entries(v).reverse())
            : v,
        ) as unknown[];
        for (const list of [items, [...items, ...reversed.slice(0, 1)]]) {
          expect(ours({ items: list }).ok).toBe(theirs({ items: list }));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("names the pair found equal, at the array's path", async () => {
    const ours = await compiled(SCHEMA);
    expect(ours({ items: [{ a: 1, b: [2] }, { a: 2 }, { b: [2], a: 1 }] })).toEqual({
      ok: false,
      errors: ["/items must NOT have duplicate items (items ## 0 and 2 are identical)"],
    });
    const orderMatters = [
      [1, 2],
      [2, 1],
    ];
    expect(ours({ items: orderMatters }).ok).toBe(true);
  });

  it("uniqueItems: false and a schema's own uniqueItems keep their meaning", async () => {
    const loose = await compiled({ type: "array", uniqueItems: false });
    expect(loose([1, 1]).ok).toBe(true);
    await expect(
      loadContract({
        review: false,
        schema: { text: '{"uniqueItems":"yes"}', from: "output-schema" },
      }),
    ).rejects.toThrow(/^Input 'output-schema': not a valid JSON Schema/);
    // The meta-schema's own `uniqueItems` (of `required`, `type`) still holds.
    await expect(
      loadContract({
        review: false,
        schema: { text: '{"required":["a","a"]}', from: "output-schema" },
      }),
    ).rejects.toThrow(/^Input 'output-schema': not a valid JSON Schema/);
  });

  it("looks into each item a bounded number of times, however many there are", async () => {
    const ours = await compiled(SCHEMA);
    const n = 2_000;
    const { items, looks } = counted(n);
    expect(ours({ items }).ok).toBe(true);
    // A pairwise check looks into the items ~n² times (here millions); a hashing one a few times each.
    expect(looks()).toBeLessThan(10 * n);
  });
});
