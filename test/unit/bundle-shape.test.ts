/**
 * Start-up: what a run needs only once its agent is starting (the pipeline with zod, the report with
 * marked) is a chunk of its own, loaded while the agent starts (src/run/after-start.ts). A static import
 * from the entry's side pulls it into the main chunk and costs every run ~25 ms before the agent is
 * spawned (BENCHMARKS.md): this holds the bundle under test to that shape.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, inject, it } from "vitest";
import { bundleEntry } from "../harness/run-action.js";

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
