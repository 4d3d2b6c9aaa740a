/**
 * Start-up: what a run needs only once its agent is starting (the pipeline with zod, the report with
 * marked) is a chunk of its own, loaded while the agent starts (src/run/after-start.ts). A static import
 * from the entry's side pulls it into the main chunk and costs every run ~25 ms before the agent is
 * spawned (BENCHMARKS.md): this holds the bundle under test to that shape.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, inject, it } from "vitest";
import { bundleEntry, cleanupActionRuns, fixture, REPO_ROOT, runAction } from "../harness/run-action.js";

afterAll(cleanupActionRuns);

it("the main chunk holds neither zod nor marked; they load with the agent", async () => {
  const entry = await bundleEntry();
  const main = readFileSync(entry, "utf8");
  // Booleans, not the text: a failure would print the whole chunk.
  expect(main.includes("ZodError"), "zod in the main chunk").toBe(false);
  expect(main.includes("input parameter is undefined or null"), "marked in the main chunk").toBe(false);
  // Both are in the bundle, in chunks of their own (so the strings above do say what they should).
  const dir = inject("bundleDir");
  const chunks = readdirSync(dir)
    .filter((f) => f.endsWith(".js") && path.join(dir, f) !== entry)
    .map((f) => readFileSync(path.join(dir, f), "utf8"));
  expect(chunks.some((c) => c.includes("ZodError"))).toBe(true);
  expect(chunks.some((c) => c.includes("input parameter is undefined or null"))).toBe(true);
});

it("nothing before the agent's spawn loads node:fs/promises (it brings readline's internals: ~1.2 ms)", async () => {
  // The bundle loads node:fs through CommonJS, so `fs.promises` is loaded on first use; one import of
  // `node:fs/promises` on the way to the spawn would load it for every run (BENCHMARKS.md).
  const dir = mkdtempSync(path.join(tmpdir(), "spawn-probe-"));
  try {
    const out = path.join(dir, "spawns.jsonl");
    const r = await runAction({
      inputs: { prompt: "go" },
      env: { CURSOR_API_KEY: "key_probe000000000000000000000000000000000", SPAWN_PROBE_OUT: out },
      scenario: { transcript: fixture("cursed-mac-read-edit-usage.ndjson") },
      preload: path.join(REPO_ROOT, "test", "harness", "spawn-probe.cjs"),
    });
    expect(r.code).toBe(0);
    const spawns = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { file: string; args: string[]; fsPromises: boolean });
    const agent = spawns.findIndex((s) => s.args.includes("--print"));
    // The probe saw the snapshot's gits, then the agent.
    expect(agent).toBeGreaterThan(0);
    expect(spawns.slice(0, agent + 1).map((s) => s.fsPromises)).not.toContain(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
