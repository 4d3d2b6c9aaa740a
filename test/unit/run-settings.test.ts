/**
 * The run's one settings value (src/run/resolve.ts): what the preparation found (an installed CLI, the
 * chat carried) and the contract's prompt folded into the inputs once, and frozen, so that nothing after
 * the agent's start reads a program or a chat the run did not use.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Cli } from "../../src/run/cli.js";
import type { PreparedContract } from "../../src/run/contract.js";
import { agentProgram, resolveSettings } from "../../src/run/resolve.js";
import { type InputName, readSettings } from "../../src/settings/settings.js";

function given(inputs: Partial<Record<InputName, string>> = {}) {
  const ws = mkdtempSync(path.join(tmpdir(), "run-settings-"));
  return readSettings((n) => ({ prompt: "do it", ...inputs })[n] ?? "", { GITHUB_WORKSPACE: ws });
}

const installed: Cli = {
  build: "2026.01.01-abc",
  sha256: "0".repeat(64),
  launcher: { file: "/opt/cli/node", args: ["/opt/cli/index.js"] },
};

describe("the run's settings", () => {
  it("an installed CLI's launcher is the agent's program; a CLI found on PATH leaves agent-path as given", () => {
    const inputs = given({ "agent-path": "my-agent" });
    expect(resolveSettings(inputs, { cli: installed }, undefined)).toMatchObject({
      agentPath: "/opt/cli/node",
      agentArgs: ["/opt/cli/index.js"],
    });
    const found: Cli = { build: "", sha256: "" };
    expect(agentProgram(inputs, found)).toEqual({ agentPath: "my-agent", agentArgs: [] });
  });

  it("the chat the workflow names wins over the one carried; the carried one is continued otherwise", () => {
    expect(
      resolveSettings(given({ resume: "chat-named" }), { carried: "chat-carried" }, undefined).resume,
    ).toBe("chat-named");
    expect(resolveSettings(given(), { carried: "chat-carried" }, undefined).resume).toBe("chat-carried");
    expect(resolveSettings(given(), {}, undefined).resume).toBeUndefined();
  });

  it("the contract's prompt replaces the input's", () => {
    const contract = { prompt: "do it\n\nand answer in JSON" } as PreparedContract;
    expect(resolveSettings(given(), {}, contract).prompt).toBe("do it\n\nand answer in JSON");
    expect(resolveSettings(given(), {}, undefined).prompt).toBe("do it");
  });

  it("is read-only: a module that tries to change it throws instead of keeping a copy of its own", () => {
    const s = resolveSettings(given(), { cli: installed }, undefined) as { agentPath: string };
    expect(() => {
      s.agentPath = "elsewhere";
    }).toThrow(TypeError);
    expect(s.agentPath).toBe("/opt/cli/node");
  });
});
