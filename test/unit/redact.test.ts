import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor, mayHoldToken, TOKEN_PREFIXES } from "../../src/base/redact.js";

describe("redaction", () => {
  const redact = createRedactor(["s3cr3t-value", "multi\nline-secret", undefined, "abc"]);
  it("replaces given secrets, line by line for multi-line ones, and ignores tiny ones", () => {
    expect(redact("x s3cr3t-value y")).toBe("x *** y");
    expect(redact("line-secret")).toBe("***");
    expect(redact("abc")).toBe("abc");
  });
  it.each([
    [`token ghp_${"a".repeat(36)} end`, "token *** end"],
    [`Dghp_${"A1".repeat(18)}:/path`, "D***:/path"],
    [`ghs_${"b".repeat(36)}_suffix`, "***_suffix"],
    [`github_pat_${"C".repeat(40)}`, "***"],
    [`CURSOR_API_KEY=key_${"f".repeat(64)}`, "CURSOR_API_KEY=***"],
    [`sk-proj-${"x".repeat(30)}`, "***"],
    ["AKIAABCDEFGHIJKLMNOP", "***"],
    ["disk-0123456789abcdefghijkl stays", "disk-0123456789abcdefghijkl stays"],
  ])("token shapes: %s", (text, want) => {
    expect(redact(text)).toBe(want);
  });
});

describe("the quick look for a token's prefix", () => {
  it("finds a prefix exactly when the text holds one, wherever it is and whatever is around it", () => {
    // Pieces of the prefixes, so that whole ones, near misses and overlaps (`sk-sk-proj-`) all come up.
    const pieces = [
      ...TOKEN_PREFIXES,
      ...TOKEN_PREFIXES.map((p) => p.slice(0, -1)),
      "_",
      "-",
      "a",
      "K",
      "\n",
      "é",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        expect(mayHoldToken(text)).toBe(TOKEN_PREFIXES.some((p) => text.includes(p)));
      }),
      { numRuns: 5_000 },
    );
    for (const p of TOKEN_PREFIXES) expect(mayHoldToken(`x${p}`)).toBe(true);
  });
});

describe("secrets in their encodings", () => {
  const TOKEN = "ghs_16C7e42F292c6912E7710c838347Ae178B4a";
  const KEY = "key_0123456789abcdef0123456789abcdef";
  const redact = createRedactor([TOKEN, KEY]);
  const b64 = (s: string) => Buffer.from(s).toString("base64");

  it("base64 of the credential actions/checkout writes, URL-encoded, JSON-escaped", () => {
    const header = `extraheader = AUTHORIZATION: basic ${b64(`x-access-token:${TOKEN}`)}`;
    expect(redact(header)).toBe("extraheader = AUTHORIZATION: basic ***");
    expect(redact(`https://x/?k=${encodeURIComponent(`${KEY}/&`)}`)).not.toContain("0123456789abcdef");
    const odd = createRedactor(['p@ss"word/with+chars']);
    expect(odd(`{"v":${JSON.stringify('p@ss"word/with+chars')}}`)).toBe('{"v":"***"}');
    expect(odd(`?p=${encodeURIComponent('p@ss"word/with+chars')}`)).toBe("?p=***");
  });

  it("a secret with a lone surrogate (no URL encoding exists) is still redacted, and building does not throw", () => {
    const odd = createRedactor(["pass\ud800word-1234"]);
    expect(odd("x pass\ud800word-1234 y")).toBe("x *** y");
  });

  it("a secret inside a longer base64 text, at any offset, never decodes back out", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (pre, post) => {
        for (const secret of [TOKEN, KEY]) {
          const out = redact(b64(`${pre}${secret}${post}`));
          expect(Buffer.from(out, "base64").toString("latin1")).not.toContain(secret.slice(4, 24));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("token-shaped runs of megabytes: redacted in linear time, no stack overflow", () => {
    for (const prefix of ["ghp_", "github_pat_", "key_", "sk-", "xoxb-", "AKIA"]) {
      const text = `a ${prefix}${"a".repeat(6_000_000)} b`;
      // A pattern that backtracks would take minutes here (the test's timeout), not a slower answer.
      const out = createRedactor([])(text);
      expect(out.length).toBeLessThanOrEqual(text.length);
    }
    expect(createRedactor([])(`x ghp_${"a".repeat(6_000_000)} y`)).toBe("x *** y");
  });
});
