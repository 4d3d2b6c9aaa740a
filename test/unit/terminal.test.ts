/** Terminal control out of the log: colour kept, everything else a terminal would act on removed. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_LOG_LINE, terminalSafe } from "../../src/render/terminal.js";
import { anyText } from "../helpers/arbitraries.js";

const ESC = "\u001b";

describe("terminalSafe", () => {
  it.each([
    [`${ESC}[31mred${ESC}[0m plain`, `${ESC}[31mred${ESC}[0m plain`],
    [`${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;${ESC}\\`, "click"],
    [`${ESC}]52;c;ZWNobyBoaQ==\u0007copied`, "copied"],
    [`done${ESC}[2K${ESC}[1A${ESC}[999Dforged`, "doneforged"],
    [`a\u0000b\u0008c\u007fd\u009be`, "abcde"],
    [`tab\tkept`, "tab\tkept"],
    [`${ESC}P1$r${ESC}\\dcs${ESC}_apc${ESC}\\`, "dcs"],
    [`lone ${ESC}`, "lone "],
    [`${ESC}]0;unterminated title`, "0;unterminated title"],
    [`${ESC}cESC c reset`, "ESC c reset"],
    ["user\u202Egnp.exe", "user\\u{202e}gnp.exe"],
    ["\u2066isolate\u2069 \u200Fmark", "\\u{2066}isolate\\u{2069} \\u{200f}mark"],
    ["plain ünïcödé ✓ text", "plain ünïcödé ✓ text"],
  ])("%j", (input, want) => {
    expect(terminalSafe(input)).toBe(want);
  });

  it("caps a line at 64 KiB, saying how much is not shown", () => {
    const out = terminalSafe("x".repeat(MAX_LOG_LINE + 10));
    expect(out).toBe(`${"x".repeat(MAX_LOG_LINE)}… (10 more characters not shown)`);
  });

  it("leaves nothing a terminal acts on but colour, whatever the input", () => {
    const piece = fc.oneof(
      anyText(20),
      fc.constantFrom(ESC, `${ESC}[`, `${ESC}]`, "\u0007", `${ESC}\\`, "m", ";", "31", "\u009b", "\u202e"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (parts) => {
        // A line: the log writer splits at line breaks first.
        const out = terminalSafe(parts.join("").replace(/[\r\n\u0085\u2028\u2029]/g, "")).replace(
          /\u001b\[[0-9;]*m/g,
          "",
        );
        expect(out).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }),
      { numRuns: 2000 },
    );
  });
});
