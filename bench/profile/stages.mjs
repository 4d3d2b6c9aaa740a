// @ts-check
/**
 * What a profiled sample of the action was doing: a short name for each frame's source, and the stage of
 * the action's work a stack belongs to (bench/profile.mjs prints time by stage).
 */
import { ENTRY as BUNDLE_ENTRY } from "../../scripts/bundle.mjs";

/** A short name for a source: `src/stream/events.ts`, `zod`, `node:internal/…`. @param {string} source */
export function shortSource(source) {
  const s = source
    .replace(/^webpack:\/\/[^/]*\//, "")
    .replace(/^\.\//, "")
    .replace(/^file:\/\//, "");
  const nm = s.lastIndexOf("node_modules/");
  if (nm !== -1) {
    const rest = s.slice(nm + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? s);
  }
  const src = s.indexOf("src/");
  return src !== -1 ? s.slice(src) : s;
}

/**
 * Stages of the action's work once it runs (not evaluating modules), decided on a sample's stack from the innermost
 * frame outwards (first match wins). `fn` is the frame's label, `file` its source (TypeScript file,
 * package or node: module), `raw` the profiler's function name. Outside `run()` a sample is idle, garbage
 * collection, or start-up (compiling and evaluating the bundle's modules).
 * @type {[string, (f: { fn: string, file: string, raw: string }) => boolean][]}
 */
const STAGES = [
  ["JSON.parse of each line (lines.ts parseObject)", (f) => f.fn.startsWith("parseObject ")],
  ["raw transcript copy (tee: fs.WriteStream)", (f) => f.file === "node:internal/fs/streams"],
  [
    "log output (LogWriter.flush → stdout)",
    (f) => f.file === "src/render/log-writer.ts" && /^flush /.test(f.fn),
  ],
  ["zod (events.ts / tools.ts schemas)", (f) => f.file === "zod"],
  ["events.ts toEvent (besides zod)", (f) => f.file === "src/stream/events.ts"],
  ["framing (lines.ts: split, decode, concat)", (f) => f.file === "src/stream/lines.ts"],
  ["git subprocesses (changes/git.ts)", (f) => f.file === "src/changes/git.ts"],
  [
    "change tracking and diffs (changes/*.ts, diff)",
    (f) => f.file.startsWith("src/changes/") || f.file === "diff",
  ],
  [
    "end-of-run report (report.ts, markdown.ts, redact.ts, publish.ts)",
    (f) =>
      ["src/render/report.ts", "src/render/markdown.ts", "src/render/redact.ts", "src/publish.ts"].includes(
        f.file,
      ),
  ],
  ["run model (model/*.ts)", (f) => f.file.startsWith("src/model/")],
  ["live log rendering (render/*.ts)", (f) => f.file.startsWith("src/render/")],
  [
    "consume loop and pipe reading",
    (f) => f.file === "src/pipeline/consume.ts" || f.file.startsWith("node:internal/streams/"),
  ],
  ["agent process (agent/*.ts, execa, spawn)", (f) => f.file.startsWith("src/agent/") || f.file === "execa"],
];

/** @param {{ fn: string, file: string, raw: string }[]} stack innermost first */
export function stageOf(stack) {
  const top = stack[0]?.raw;
  if (top === "(idle)") return "idle (waiting for the agent's bytes)";
  if (top === "(garbage collector)") return "garbage collection";
  if (stack.some((f) => f.raw === "compileSourceTextModule")) return "start-up: compiling dist/index.js";
  // Module evaluation runs under __webpack_require__; so does the synchronous start of the action (the
  // entry module awaits it at top level). What the entry module's outermost frame called, past the
  // runtime's async-module glue, tells them apart: a function of src/ is the action, webpack's require a
  // module being evaluated. No function name is assumed, so renaming or moving the action's functions
  // keeps this right. Code resumed after an await has neither frame.
  let inRun = false;
  for (let i = stack.findLastIndex((f) => f.file === BUNDLE_ENTRY) - 1; i >= 0; i--) {
    const f = /** @type {{ fn: string, file: string, raw: string }} */ (stack[i]);
    if (/require__$/.test(f.raw)) break;
    if (f.file.startsWith("src/")) {
      inRun = true;
      break;
    }
  }
  if (!inRun && stack.some((f) => f.raw === "__webpack_require__" || f.raw === "evaluate"))
    return "start-up: evaluating the bundle's modules (or a lazy chunk's)";
  for (const f of stack) {
    const stage = STAGES.find(([, test]) => test(f));
    if (stage) return stage[0];
  }
  if (stack.some((f) => f.file.startsWith("src/"))) return "rest of the action (main.ts, reports, outputs)";
  return "other (node internals: bootstrap, exit, timers)";
}
