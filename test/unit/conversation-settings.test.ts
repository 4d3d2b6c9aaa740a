/** Conversation mode's inputs: the prompt optional on its events only, `session`'s default there, the phrase checked. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type InputName, readSettings } from "../../src/settings/settings.js";

const ws = mkdtempSync(path.join(tmpdir(), "conv-settings-"));
const read = (event: string, inputs: Partial<Record<InputName, string>> = {}) =>
  readSettings((n) => inputs[n] ?? "", { GITHUB_EVENT_NAME: event, GITHUB_WORKSPACE: ws });

describe("conversation settings", () => {
  it.each(["issue_comment", "pull_request_review_comment", "pull_request_review", "issues"])(
    "%s: no prompt needed; the chat carried by default; the phrase @cursor",
    (event) => {
      const s = read(event);
      expect(s.prompt).toBe("");
      expect(s.session).toBe("pull-request");
      expect(s.conversation).toEqual({ triggerPhrase: "@cursor" });
    },
  );

  it("an explicit session wins; the triggers are read", () => {
    const s = read("issues", { session: "new", "assignee-trigger": "@bot", "label-trigger": "agent" });
    expect(s.session).toBe("new");
    expect(s.conversation).toEqual({
      triggerPhrase: "@cursor",
      assigneeTrigger: "bot",
      labelTrigger: "agent",
    });
  });

  it("other events still need a prompt, keep `new`, and are no conversation", () => {
    expect(() => read("push")).toThrow(
      "Input 'prompt': give either 'prompt' or 'prompt-file' (neither is set)",
    );
    const s = read("pull_request", { prompt: "go" });
    expect(s.session).toBe("new");
    expect(s.conversation).toBeUndefined();
  });

  it("a phrase with a space, or too short, is an input error", () => {
    expect(() => read("issue_comment", { "trigger-phrase": "hey cursor" })).toThrow("Input 'trigger-phrase'");
    expect(() => read("issue_comment", { "trigger-phrase": "@" })).toThrow("Input 'trigger-phrase'");
  });
});
