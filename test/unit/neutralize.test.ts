import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/base/redact.js";
import { IGNORABLE_CLASS } from "../../src/render/ignorables.js";
import { LogWriter } from "../../src/render/log-writer.js";
import { neutralize, neutralizeLine, oneLine, runnerLines } from "../../src/render/neutralize.js";
import { MAX_LOG_LINE, terminalSafe } from "../../src/render/terminal.js";
import { REGISTERED_COMMANDS, readWorkflowCommands } from "../harness/workflow-commands.js";
import { anyText } from "../helpers/arbitraries.js";

const piece = fc.oneof(
  fc.constantFrom(
    "::",
    "##[",
    "]",
    " ",
    "\t",
    "\r",
    "\n",
    "\r\n",
    "\u2028",
    "\u00ad",
    "\u200b",
    "\u001b",
    "%0A",
    ",",
    "=",
  ),
  fc.constantFrom(...REGISTERED_COMMANDS),
  anyText(6),
);
const hostile = fc.array(piece, { maxLength: 30 }).map((p) => p.join(""));

describe("neutralize", () => {
  it("leaves ordinary text exactly as it is", () => {
    for (const s of [
      "std::vector<int> v;",
      "a: b",
      "# heading",
      "x ## y [z]",
      "see ::1 in IPv6? no: a::b",
      "ünïcödé 🎉",
    ]) {
      expect(neutralize(s)).toBe(s);
    }
  });

  it("breaks both syntaxes visibly", () => {
    expect(neutralizeLine("::set-output name=x::y")).toBe("\\::set-output name=x::y");
    expect(neutralizeLine("  ::error::x")).toBe("  \\::error::x");
    expect(neutralizeLine("ok ##[group]x")).toBe("ok #\\#[group]x");
    expect(neutralizeLine(":\u00ad:debug::x")).toBe(":\\u{ad}:debug::x");
    expect(oneLine("a\n::error::b")).toBe("a ⏎ ::error::b");
  });

  it("never lets any text through the log writer as a command (property)", () => {
    fc.assert(
      fc.property(hostile, hostile, (text, title) => {
        let out = "";
        const log = new LogWriter({ write: (s: string) => (out += s) });
        log.text(text);
        log.group(title);
        log.text(text);
        log.endGroup();
        log.annotate("warning", text, title);
        log.endGroupAndFlush();
        const read = readWorkflowCommands(out);
        expect(read.commands.map((c) => c.name)).toEqual(["group", "endgroup", "warning"]);
        expect(read.stoppedAtEnd).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("the log writer's short cut", () => {
  // Lines of printable ASCII (code, paths, a grep's `file:12:`) are written after one scan: exactly what
  // the whole way (terminal control out, then neutralised) would have written.
  const ascii = fc.oneof(
    fc.constantFrom("::", "##[", "#", ":", " ", "\t", "[", "a::b", "::error::x", "std::vector"),
    fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 8,
    }),
  );
  const line = fc.oneof(
    fc.array(ascii, { maxLength: 12 }).map((p) => p.join("")),
    fc.array(fc.oneof(ascii, piece), { maxLength: 12 }).map((p) => p.join("")),
  );

  it("writes every line as the whole way would (property)", () => {
    fc.assert(
      fc.property(line, (text) => {
        let out = "";
        const log = new LogWriter({ write: (s: string) => (out += s) });
        log.text(text);
        log.flush();
        expect(out).toBe(`${neutralize(runnerLines(text).map(terminalSafe).join("\n"))}\n`);
      }),
      { numRuns: 5000 },
    );
  });

  // Lines of a tool's output: code, paths, commands, line breaks and controls among them.
  // A line past what the log shows of one (it is redacted and cut) now and then: it is the slow case.
  const any = fc.oneof(
    { arbitrary: line, weight: 10 },
    { arbitrary: hostile, weight: 10 },
    { arbitrary: fc.constant(""), weight: 2 },
    { arbitrary: fc.constant(`${"x".repeat(70_000)}:`), weight: 1 },
    { arbitrary: fc.constant("y".repeat(2000)), weight: 1 },
  );

  it("writes a block of lines as it writes each line of it (property)", () => {
    fc.assert(
      fc.property(fc.array(any, { maxLength: 8 }), (lines) => {
        let each = "";
        const one = new LogWriter({ write: (s: string) => (each += s) });
        for (const l of lines) one.text(l);
        one.flush();
        let block = "";
        const all = new LogWriter({ write: (s: string) => (block += s) });
        all.lines(lines);
        all.flush();
        expect(block).toBe(each);
        expect(readWorkflowCommands(block).commands).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it("writes lines handed over as one element, joined by \\n, as it writes each of them (property)", () => {
    // tool-output.ts hands a call's shown lines over as one element when none ends in `\r` and the
    // whole fits in a line of the log. With a redactor whose second pass would redact more than its first
    // (a token shape only bounded once the secret before it is gone): the element is redacted no more
    // than its lines are.
    const secret = "key_0123456789abcdef0123456789abcdef";
    const redact = createRedactor([secret]);
    const piece = fc.oneof(
      { arbitrary: any, weight: 10 },
      { arbitrary: fc.constant(`${secret}sk-proj-abcdefghijklmnopqrstuvwx`), weight: 1 },
    );
    const noBreak = piece.map((l) => l.replaceAll("\r", "").replaceAll("\n", ""));
    fc.assert(
      fc.property(fc.array(noBreak, { minLength: 1, maxLength: 40 }), (lines) => {
        const joined = lines.join("\n");
        fc.pre(joined.length <= MAX_LOG_LINE);
        let each = "";
        const one = new LogWriter({ write: (s: string) => (each += s) });
        one.setRedactor(redact);
        for (const l of lines) one.text(l);
        one.flush();
        let block = "";
        const all = new LogWriter({ write: (s: string) => (block += s) });
        all.setRedactor(redact);
        all.lines([joined]);
        all.flush();
        expect(block).toBe(each);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("the ignorable-character table", () => {
  it("is what scripts/gen-ignorables.mjs reads from ICU", async () => {
    const { classString } = (await import("../../scripts/gen-ignorables.mjs")) as {
      classString: () => string;
    };
    expect(IGNORABLE_CLASS).toBe(classString());
  });
});
