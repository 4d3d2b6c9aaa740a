import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IGNORABLE_CLASS } from "../../src/render/ignorables.js";
import { LogWriter } from "../../src/render/log-writer.js";
import { neutralize, neutralizeLine, oneLine } from "../../src/render/neutralize.js";
import { REGISTERED_COMMANDS, readWorkflowCommands } from "../harness/workflow-commands.js";

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
  fc.string({ unit: "binary", maxLength: 6 }),
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
        log.close();
        const read = readWorkflowCommands(out);
        expect(read.commands.map((c) => c.name)).toEqual(["group", "endgroup", "warning"]);
        expect(read.stoppedAtEnd).toBe(false);
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
