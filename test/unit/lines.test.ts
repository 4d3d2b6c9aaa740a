import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { StreamDecoder } from "../../src/stream/decoder.js";
import { readDelta } from "../../src/stream/deltas.js";
import { toEvent } from "../../src/stream/events.js";
import { LineFramer } from "../../src/stream/lines.js";
import { fixture, replay } from "../helpers/replay.js";

function frame(...chunks: (string | Buffer)[]) {
  const f = new LineFramer();
  const values = chunks.flatMap((c) => f.push(typeof c === "string" ? Buffer.from(c) : c));
  values.push(...f.end());
  return { values: values.map((v) => v.value), stats: f.stats };
}

describe("LineFramer", () => {
  it("parses LF, CRLF, blank lines and a last line without newline", () => {
    const { values, stats } = frame('{"a":1}\r\n\n   \n{"a":2}\n{"a":3}');
    expect(values).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(stats).toMatchObject({ lines: 3, blank: 2, malformed: 0 });
  });

  it("decodes UTF-8 split across chunks", () => {
    const bytes = Buffer.from('{"t":"输出为：🎉"}\n');
    for (let i = 1; i < bytes.length; i++) {
      expect(frame(bytes.subarray(0, i), bytes.subarray(i)).values).toEqual([{ t: "输出为：🎉" }]);
    }
  });

  it("counts noise, non-object JSON and truncated lines as malformed and goes on", () => {
    const { values, stats } = frame('Warning: something\n[1,2]\n42\n{"type":"a"}\n');
    expect(values).toEqual([{ type: "a" }]);
    expect(stats.malformed).toBe(3);
  });

  it("joins a line split by a raw newline inside a string (an id with a newline)", () => {
    const { values, stats } = frame('{"call_id":"call_X\nfc_Y","n":1}\n{"n":2}\n');
    expect(values).toEqual([{ call_id: "call_X\nfc_Y", n: 1 }, { n: 2 }]);
    expect(stats).toMatchObject({ joined: 1, malformed: 0 });
  });

  it("does not let a truncated line swallow the valid line after it", () => {
    const { values, stats } = frame('{"type":"assistant","text":"hel\n{"type":"result","result":"ok"}\n');
    expect(values).toEqual([{ type: "result", result: "ok" }]);
    expect(stats.malformed).toBe(1);
  });

  it("joins any number of physical lines while they are inside a string, blank ones included", () => {
    const text = ["# Title", "", ...Array.from({ length: 40 }, (_, i) => `line ${i}`), "", "   ", "end"].join(
      "\n",
    );
    const raw = `{"type":"result","result":${JSON.stringify(text).replaceAll("\\n", "\n")},"n":1}`;
    expect(raw.split("\n").length).toBe(45);
    const { values, stats } = frame(`${raw}\n{"n":2}\n`);
    expect(values).toEqual([{ type: "result", result: text, n: 1 }, { n: 2 }]);
    expect(stats).toMatchObject({ joined: 1, malformed: 0, blank: 0, lines: 46 });
  });

  it("lets a fragment cut inside a string go when the next event starts, even one over several lines", () => {
    const { values, stats } = frame(
      '{"type":"assistant","text":"cut\noff here\n{"type":"result","result":"two\nlines"}\n{"n":3}\n',
    );
    expect(values).toEqual([{ type: "result", result: "two\nlines" }, { n: 3 }]);
    expect(stats).toMatchObject({ malformed: 2, joined: 1 });
  });

  it("takes a line that begins an object with a key as an event, whatever its first key, one line or many", () => {
    const { values, stats } = frame(
      '{"type":"assistant","text":"cut\n{"session_id":"s","type":"result","result":"two\nlines"}\n{"type":"x"}\n',
    );
    expect(values).toEqual([{ session_id: "s", type: "result", result: "two\nlines" }, { type: "x" }]);
    expect(stats).toMatchObject({ malformed: 1, joined: 1 });
  });

  it("takes a line that parses alone with a type as an event, not as a string's continuation", () => {
    const { values, stats } = frame('{"type":"assistant","text":"cut\n{"runId":"r","type":"system"}\n');
    expect(values).toEqual([{ runId: "r", type: "system" }]);
    expect(stats.malformed).toBe(1);
  });

  it("keeps a line that cannot start an event inside the string, however it looks", () => {
    // `{}` and `{ }` parse alone, but have no type: inside a string they are text.
    const { values } = frame('{"type":"result","result":"a\n{}\n{ }\n\\t\\"q\\"\n"}\n');
    expect(values).toEqual([{ type: "result", result: 'a\n{}\n{ }\n\t"q"\n' }]);
  });

  it("parses an event over many lines once, not a growing join from its start", () => {
    const text = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join("\n");
    const raw = `{"type":"result","result":${JSON.stringify(text).replaceAll("\\n", "\n")}}\n`;
    const parse = vi.spyOn(JSON, "parse");
    try {
      expect(frame(raw).values).toEqual([{ type: "result", result: text }]);
      // The whole event's, once: its first line, which does not end in `}`, is not even tried.
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it("bounds an event over several lines by bytes: past the bound it is skipped to its end, and the next parses", () => {
    const text = Array.from({ length: 50 }, () => "y".repeat(20)).join("\n");
    const raw = `{"type":"result","result":${JSON.stringify(text).replaceAll("\\n", "\n")}}`;
    const bytes = Buffer.from(`${raw}\n{"n":1}\n`);
    for (const size of [1, 13, 400, bytes.length]) {
      const f = new LineFramer(500);
      const values: unknown[] = [];
      for (let i = 0; i < bytes.length; i += size)
        values.push(...f.push(bytes.subarray(i, i + size)).map((v) => v.value));
      values.push(...f.end().map((v) => v.value));
      expect(values).toEqual([{ n: 1 }]);
      expect(f.stats).toMatchObject({ oversized: 1, malformed: 0, joined: 0 });
    }
    // Within the bound, the same event is kept.
    expect(frame(`${raw}\n`).values).toEqual([{ type: "result", result: text }]);
  });

  it("splits nothing at a raw U+2028 or U+2029 (legal inside JSON strings)", () => {
    const { values, stats } = frame('{"type":"assistant","text":"a\u2028b\u2029c"}\n');
    expect(values).toEqual([{ type: "assistant", text: "a\u2028b\u2029c" }]);
    expect(stats).toMatchObject({ lines: 1, joined: 0 });
  });

  it("handles a line of tens of MB arriving in small chunks", () => {
    const big = "x".repeat(20 * 1024 * 1024);
    const bytes = Buffer.from(`{"big":"${big}"}\n{"n":1}\n`);
    const f = new LineFramer();
    const out = [];
    for (let i = 0; i < bytes.length; i += 64 * 1024) out.push(...f.push(bytes.subarray(i, i + 64 * 1024)));
    out.push(...f.end());
    expect(out.map((o) => (o.value.big as string | undefined)?.length ?? o.value.n)).toEqual([big.length, 1]);
  });
});

describe("chunking never changes the run model (property)", () => {
  const files = [
    "skill-eval-0016-win-partial-grok-parallel-grep-glob-read-edit.ndjson",
    "sillyhub-win-shell-connection-retry-usage.ndjson",
    "inspector-mac-partial-thinking-edit-wrapperline.ndjson",
    "cursorhack-parallel-sleep-mac-parallel-shell.ndjson",
  ];
  for (const file of files) {
    it(file, () => {
      const bytes = fixture(file);
      const whole = replay(bytes);
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }),
          (cuts) => {
            const split = replay(
              bytes,
              cuts.sort((a, b) => a - b),
            );
            expect(split.updates).toEqual(whole.updates);
            expect(split.stats).toEqual(whole.stats);
            expect([...split.model.tools.values()]).toEqual([...whole.model.tools.values()]);
            expect(split.model.counts).toEqual(whole.model.counts);
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});

describe("lines past the limit", () => {
  it("are counted and skipped unread, in any chunking, and the next line still parses", () => {
    const long = `{"type":"assistant","text":"${"x".repeat(300)}"}`;
    const bytes = Buffer.from(`{"a":1}\n${long}\n{"a":2}\n${long}`);
    for (const size of [1, 7, 64, 1000, bytes.length]) {
      const f = new LineFramer(100);
      const values: unknown[] = [];
      for (let i = 0; i < bytes.length; i += size)
        values.push(...f.push(bytes.subarray(i, i + size)).map((v) => v.value));
      values.push(...f.end().map((v) => v.value));
      expect(values).toEqual([{ a: 1 }, { a: 2 }]);
      expect(f.stats).toMatchObject({ oversized: 2, malformed: 0 });
    }
  });

  it("a line just at the limit is kept", () => {
    const line = `{"t":"${"y".repeat(92)}"}`;
    expect(line.length).toBe(100);
    const f = new LineFramer(100);
    expect(f.push(Buffer.from(`${line}\n`)).length).toBe(1);
    expect(f.stats.oversized).toBe(0);
  });
});

describe("the two commonest deltas, read into events without JSON.parse", () => {
  const thinking = (text: string, id: string, ts: string) =>
    `{"type":"thinking","subtype":"delta","text":"${text}","session_id":"${id}","timestamp_ms":${ts}}`;
  const assistant = (text: string, id: string, ts: string) =>
    `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"${text}"}]},"session_id":"${id}","timestamp_ms":${ts}}`;
  /** The event JSON.parse and toEvent make of the line; undefined where JSON.parse throws. */
  const event = (line: string) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return undefined;
    }
    return toEvent(value as Record<string, unknown>);
  };
  // Raw pieces that may or may not be valid inside a JSON string or number: escapes, controls, quotes.
  const piece = fc.oneof(
    fc.string({ unit: "grapheme" }),
    fc.constantFrom('"', "\\", "\\n", '\\"', "\\u00e9", "\t", "\n", "\u0000", "\u2028", "é", "}", "]", ","),
  );
  const text = fc.array(piece, { maxLength: 6 }).map((p) => p.join(""));
  const ts = fc.oneof(
    fc.nat().map(String),
    fc.constantFrom(
      "0",
      "01",
      "-1",
      "1.5",
      "1e3",
      "9007199254740993",
      "9999999999999999",
      "12345678901234567",
    ),
  );

  it("take a line only when JSON.parse and toEvent make the very same event of it", () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.boolean(), text, text, ts, (isThinking, t, id, stamp) => {
        const line = (isThinking ? thinking : assistant)(t, id, stamp);
        const fast = readDelta(line);
        // Read inside a larger text (a chunk's), the same line gives the same answer.
        expect(readDelta(`{"n":1}\n${line}\n${line}`, 8, 8 + line.length)).toStrictEqual(fast);
        if (fast === undefined) return;
        taken++;
        expect(fast).toStrictEqual(event(line));
      }),
      { numRuns: 5000 },
    );
    // The property says nothing if no line is ever taken.
    expect(taken).toBeGreaterThan(500);
  });

  it("take the plain shapes the CLI writes, and leave every other line to JSON.parse", () => {
    const id = "170e43fd-3aa8-4cff-80c0-b0119859a356";
    for (const line of [
      thinking(" next", id, "1788160000084"),
      assistant("café — ok", id, "1788160000265"),
      thinking('a\\nb \\"q\\" \\\\ \\u00e9 \\ud83d\\ude00 \\ud800', id, "1"),
      assistant("\\n\\n", id, "2"),
    ])
      expect(readDelta(line)).toStrictEqual(event(line));
    expect(readDelta(thinking("a\\nb", id, "1"))).toMatchObject({ text: "a\nb" });
    expect(readDelta(thinking(" next", id, "1788160000084"))).toStrictEqual({
      kind: "thinking-delta",
      text: " next",
      timestampMs: 1788160000084,
    });
    for (const line of [
      thinking("a\\qb", id, "1"),
      thinking("a\\u00zz", id, "1"),
      thinking("a\\", id, "1"),
      assistant("x", id, "01"),
      `${assistant("x", id, "1")} `,
      assistant("x", id, "1").replace('"role":"assistant",', ""),
      thinking("x", 'a\\"b', "1"),
      thinking("x", id, "12345678901234567"),
      '{"type":"thinking","subtype":"completed","session_id":"s","timestamp_ms":1}',
      '{"type":"tool_call","subtype":"started"}',
      "",
    ])
      expect(readDelta(line)).toBeUndefined();
  });
});

describe("a chunk's ASCII lines read in one piece", () => {
  const delta = (text: string, ts: number) =>
    `{"type":"thinking","subtype":"delta","text":"${text}","session_id":"s","timestamp_ms":${ts}}`;
  const token = (text: string, ts: number) =>
    `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"${text}"}]},"session_id":"s","timestamp_ms":${ts}}`;
  /** Lines of every kind the framer must keep apart: deltas (some with CRLF), other JSON, noise, blank
   * lines, a long line, a non-ASCII one, an object split by a raw newline, a truncated one. */
  /** A delta's text as JSON writes it: plain, or with escapes (a newline, a quote, a lone surrogate…). */
  const said = fc.oneof(
    fc.stringMatching(/^[a-z .]{0,20}$/),
    fc
      .string({
        unit: fc.constantFrom("a", " ", "\n", '"', "\\", "\t", "é", "\u2028", "\ud800"),
        maxLength: 12,
      })
      .map((t) => JSON.stringify(t).slice(1, -1)),
  );
  const line = fc.oneof(
    fc.tuple(said, fc.nat()).map(([t, n]) => delta(t, n)),
    fc.tuple(said, fc.nat()).map(([t, n]) => `${token(t, n)}\r`),
    fc.constantFrom(
      '{"type":"thinking","subtype":"completed","session_id":"s"}',
      '{"type":"tool_call","subtype":"started","call_id":"c1","tool_call":{"readToolCall":{"args":{"path":"a"}}}}',
      "not json at all",
      "",
      "   ",
      "\r",
      '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"café"}]},"session_id":"s","timestamp_ms":3}',
      '{"call_id":"call_X\nfc_Y","type":"x"}',
      '{"type":"assistant","text":"cut off',
      `{"type":"assistant","text":"${"z".repeat(150)}"}`,
      delta("x".repeat(150), 1),
    ),
  );
  /** What the framer gives, as events: taken lines through readDelta, the rest parsed. */
  function run(bytes: Buffer, cuts: number[], fast: boolean) {
    const events: unknown[] = [];
    const f = new LineFramer(
      120,
      (text) => events.push({ stray: text }),
      fast
        ? (text, start, end) => {
            const d = readDelta(text, start, end);
            if (d) events.push(structuredClone(d));
            return d !== undefined;
          }
        : undefined,
    );
    let at = 0;
    for (const cut of [...cuts, bytes.length]) {
      f.each(bytes.subarray(at, cut), (l) => events.push(toEvent(l.value)));
      at = cut;
    }
    for (const l of f.end()) events.push(toEvent(l.value));
    return { events, stats: f.stats };
  }

  it("gives the events and counts each line would give on its own, in any chunking", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 8 }),
        (lines, endsInNewline, rawCuts) => {
          const bytes = Buffer.from(lines.join("\n") + (endsInNewline ? "\n" : ""));
          const cuts = [...new Set(rawCuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const plain = run(bytes, [], false);
          const taken = run(bytes, cuts, true);
          expect(taken.events).toEqual(plain.events);
          expect(taken.stats).toEqual(plain.stats);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("line breaks written raw inside strings (property)", () => {
  // Text as the agent writes it: line breaks (often several), quotes, backslashes, braces, what looks
  // like an event, U+2028/U+2029, non-ASCII.
  const text = fc.string({
    unit: fc.constantFrom(
      "a",
      " ",
      "\n",
      "\n",
      "\r\n",
      '"',
      "\\",
      "{",
      "}",
      '{"type":"x"}',
      "\t",
      "é",
      "🎉",
      "\u2028",
      "\u2029",
    ),
    maxLength: 24,
  });
  // Keys that end in a letter: Node 24.21's own JSON.parse reads a short key that ends in an escape
  // (`"\n"`, `"k\t"`, `"k\""`) as ending in a backslash, now and then (10 in 60,000 plain JSON.stringify →
  // JSON.parse round trips of these objects, no framer involved; none in 100,000 with this key): an engine
  // bug that no framer can be more right than.
  const key = text.map((k) => `k${k}k`);
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      text,
      fc.integer(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 3 }),
      fc.dictionary(key, tie("value"), { maxKeys: 3 }),
    ),
  }));
  const event = fc.oneof(
    fc
      .tuple(
        fc.constantFrom("result", "assistant", "tool_call", "user"),
        fc.dictionary(text, value, { maxKeys: 4 }),
      )
      .map(([type, rest]) => ({ type, ...rest })),
    fc
      .tuple(text, fc.nat())
      .map(([t, n]) => ({ type: "thinking", subtype: "delta", text: t, session_id: "s", timestamp_ms: n })),
  );
  /** The event as a CLI that writes line breaks raw would: each `\n` escape raw where `raw` says so. */
  const written = (e: unknown, raw: boolean[]) => {
    let i = 0;
    return JSON.stringify(e).replace(/\\(u[0-9a-fA-F]{4}|.)/g, (m) =>
      m === "\\n" && raw[i++ % raw.length] ? "\n" : m,
    );
  };
  const cutAt = (bytes: Buffer, raw: number[]) =>
    [...new Set(raw.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks = (bytes: Buffer, cuts: number[]) => {
    let at = 0;
    return [...cuts, bytes.length].map((cut) => {
      const c = bytes.subarray(at, cut);
      at = cut;
      return c;
    });
  };

  it("frame to the same values as their escaped form, in any chunking", () => {
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 16 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (events, raw, rawCuts) => {
          const escaped = frame(events.map((e) => JSON.stringify(e)).join("\n"));
          const bytes = Buffer.from(`${events.map((e) => written(e, raw)).join("\n")}\n`);
          const split = frame(...chunks(bytes, cutAt(bytes, rawCuts)));
          expect(split.values).toEqual(escaped.values);
          expect(split.values).toEqual(JSON.parse(JSON.stringify(events)));
          expect(split.stats).toMatchObject({ malformed: 0, oversized: 0 });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("decode to the same events through the decoder (its delta fast path included)", () => {
    const decode = (chunksOf: Buffer[]) => {
      const items: unknown[] = [];
      const d = new StreamDecoder((item) => items.push(structuredClone(item)));
      for (const c of chunksOf) d.push(c);
      d.end();
      return { items, events: d.events };
    };
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 16 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (events, raw, rawCuts) => {
          const escaped = Buffer.from(`${events.map((e) => JSON.stringify(e)).join("\n")}\n`);
          const bytes = Buffer.from(`${events.map((e) => written(e, raw)).join("\n")}\n`);
          // Deltas join within a chunk only: the escaped form whole, the raw form in one chunk too, then cut.
          expect(decode([bytes])).toEqual(decode([escaped]));
          const cut = decode(chunks(bytes, cutAt(bytes, rawCuts)));
          expect(cut.events).toBe(events.length);
          expect(cut.items.filter((i) => (i as { kind: string }).kind === "stray-line")).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
