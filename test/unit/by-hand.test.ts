/** The events every run has once, read by hand: exactly what their schemas read, or left to them. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  initFields,
  lenientBool,
  lenientNum,
  lenientStr,
  plainTextContent,
  plainUsage,
} from "../../src/stream/by-hand.js";
import { toEvent } from "../../src/stream/events.js";

// The schemas as events.ts builds them (on first use there).
const str = z.string().optional().catch(undefined);
const num = z.number().optional().catch(undefined);
const initSchema = z.object({
  session_id: str,
  request_id: str,
  model: str,
  cwd: str,
  workspace: str,
  apiKeySource: str,
  permissionMode: str,
});
const textContent = z.object({
  message: z.object({ content: z.array(z.object({ type: str, text: str })) }).optional(),
  text: z.string().optional(),
});
const usageSchema = z.record(z.string(), z.number()).optional().catch(undefined);

const scalar = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom("type", "text", "a", "__proto__", "constructor"), scalar, { maxKeys: 3 }),
);
/** JSON.parse's own objects (an own `__proto__` key included), from random JSON text. */
const parsed = (v: unknown) => JSON.parse(JSON.stringify(v) ?? "null") as unknown;

describe("by hand, as the schema", () => {
  it("a lenient field: the value when of its type (a number finite), else absent (property)", () => {
    const bool = z.boolean().optional().catch(undefined);
    fc.assert(
      fc.property(fc.oneof(value, fc.constantFrom(Infinity, -Infinity, Number.NaN, -0)), (v) => {
        expect(lenientStr(v)).toBe(str.parse(v));
        expect(lenientNum(v)).toBe(num.parse(v));
        expect(lenientBool(v)).toBe(bool.parse(v));
      }),
      { numRuns: 2000 },
    );
  });

  it("init: every field as the schema reads it (property)", () => {
    const keys = [
      "session_id",
      "request_id",
      "model",
      "cwd",
      "workspace",
      "apiKeySource",
      "permissionMode",
      "x",
    ];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 8 }), (d) => {
        const raw = parsed(d) as Record<string, unknown>;
        const byHand = initFields(raw);
        const schema = initSchema.parse(raw);
        for (const k of keys.slice(0, 7))
          expect(byHand[k as keyof typeof byHand]).toBe(schema[k as keyof typeof schema]);
      }),
      { numRuns: 2000 },
    );
  });

  const part = fc.oneof(value, fc.record({ type: value, text: value }, { requiredKeys: [] }));
  const message = fc.oneof(
    value,
    fc.record({ content: fc.oneof(value, fc.array(part, { maxLength: 3 })) }, { requiredKeys: [] }),
  );

  it("user: the text content, or the schema's word when the shape is not plain (property)", () => {
    fc.assert(
      fc.property(fc.record({ message, text: value }, { requiredKeys: [] }), (d) => {
        const raw = parsed(d) as Record<string, unknown>;
        const byHand = plainTextContent(raw);
        const schema = textContent.safeParse(raw);
        if (byHand === undefined) return;
        expect(schema.success).toBe(true);
        expect(byHand.text).toBe(schema.data?.text);
        expect(byHand.message?.content.map((p) => p.text)).toEqual(
          schema.data?.message?.content.map((p) => p.text),
        );
        expect(toEvent({ ...raw, type: "user" })).toEqual({
          kind: "user",
          text: schema.data?.message
            ? schema.data.message.content.map((p) => p.text ?? "").join("")
            : (schema.data?.text ?? ""),
        });
      }),
      { numRuns: 3000 },
    );
  });

  it("result: usage as the schema reads it, or the schema's word (property)", () => {
    const usage = fc.oneof(
      value,
      fc.dictionary(
        fc.constantFrom("inputTokens", "outputTokens", "__proto__", "constructor", "1"),
        fc.oneof(fc.integer(), scalar),
        { maxKeys: 4 },
      ),
    );
    fc.assert(
      fc.property(usage, (u) => {
        const v = parsed(u);
        const byHand = plainUsage(v);
        if (byHand !== false) expect(byHand).toStrictEqual(usageSchema.parse(v));
      }),
      { numRuns: 3000 },
    );
  });

  it("result: the whole event as before (the fields lenient, numbers finite)", () => {
    const raw = {
      type: "result",
      subtype: "success",
      is_error: "no",
      result: 3,
      duration_ms: 12,
      usage: { inputTokens: 5 },
    };
    expect(toEvent(raw)).toEqual({
      kind: "result",
      subtype: "success",
      isError: false,
      text: undefined,
      error: undefined,
      durationMs: 12,
      durationApiMs: undefined,
      sessionId: undefined,
      requestId: undefined,
      usage: { inputTokens: 5 },
    });
    expect(toEvent({ ...raw, usage: JSON.parse('{"__proto__":1,"a":2}') })).toMatchObject({
      usage: { a: 2 },
    });
    expect(toEvent({ ...raw, usage: { a: "1" } })).toMatchObject({ usage: undefined });
  });
});
