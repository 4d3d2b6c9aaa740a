import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/render/redact.js";

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
