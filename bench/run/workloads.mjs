// @ts-check
/**
 * The transcripts of the 64 MiB streams and the 3-event run, generated into bench/out/, each announced
 * with its counts; the 2026-shaped run's shape measured beside the captures' (bench/capture-shape.mjs).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { measureFixtures, summary } from "../capture-shape.mjs";
import { generateBig, generateTiny } from "../generate.mjs";
import { generateCaptureShaped } from "../generate-captures.mjs";
import { generateEdits } from "../generate-shapes.mjs";
import { OUT, ROOT, workspacePath } from "../lib.mjs";
import { log } from "./stats.mjs";

const MiB = 2 ** 20;

export function generateWorkloads() {
  const bigFile = path.join(OUT, "big.ndjson");
  const tinyFile = path.join(OUT, "tiny.ndjson");
  let t = performance.now();
  // The transcripts name the workspace of their runs, as a real run's init `cwd` does.
  const big = generateBig(bigFile, { root: workspacePath("big") }).stats;
  generateTiny(tinyFile, workspacePath("tiny"));
  log(
    `long run: ${(big.bytes / MiB).toFixed(1)} MiB, ${big.lines} lines, ${big.toolCalls} tool calls ` +
      `(${big.edits} edits of ${big.files} files, ${big.shells} shell of which ${big.failedShells} fail, ${big.reads} reads, ${big.greps} greps), ` +
      `generated in ${Math.round(performance.now() - t)} ms`,
  );
  const editsFile = path.join(OUT, "edits-64.ndjson");
  t = performance.now();
  const editsRun = generateEdits(editsFile, { targetBytes: 64 * MiB, root: workspacePath("edits-64") });
  const ed = editsRun.stats;
  log(
    `edit-heavy run: ${(ed.bytes / MiB).toFixed(1)} MiB, ${ed.lines} lines, ${ed.toolCalls} tool calls ` +
      `(${((2 * ed.toolCalls) / (ed.bytes / MiB)).toFixed(0)} tool events per MiB; ${ed.edits} edits of ${ed.files} files, ` +
      `${ed.shells} shell of which ${ed.failedShells} fail, ${ed.reads} reads), generated in ${Math.round(performance.now() - t)} ms`,
  );
  return { bigFile, tinyFile, big, editsFile, editsRun, ed, ...capturesShaped() };
}

/** The 2026-shaped run, and its shape against the captures'. */
function capturesShaped() {
  const capFile = path.join(OUT, "captures-64.ndjson");
  const t = performance.now();
  const capRun = generateCaptureShaped(capFile, {
    targetBytes: 64 * MiB,
    root: workspacePath("captures-64"),
  });
  const cap = capRun.stats;
  const genMs = Math.round(performance.now() - t);
  // The captures' shape and the generated run's, measured the same way (bench/capture-shape.mjs).
  const capturesShape = summary(measureFixtures().all);
  // In a child: reading 64 MiB here would grow the bench's RSS, and a child's getrusage peak starts from
  // its parent's at the fork.
  const shapeRun = spawnSync(
    process.execPath,
    [path.join(ROOT, "bench", "capture-shape.mjs"), "--file", capFile],
    {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    },
  );
  /** @type {ReturnType<typeof summary>} */
  const capShape = JSON.parse(shapeRun.stdout).summary;
  /** @param {ReturnType<typeof summary>} x */
  const shapeText = (x) =>
    `${x.toolEventsPerMiB} tool events per MiB, deltas ${(100 * x.deltaShare).toFixed(0)}% of events, ` +
    `${x.deltasPerCall.toFixed(0)} deltas per call, started→completed ${x.startedThenCompleted}`;
  log(
    `2026-shaped run: ${(cap.bytes / MiB).toFixed(1)} MiB, ${cap.lines} lines, ${cap.toolCalls} tool calls ` +
      `(${cap.edits} edits of ${cap.files} files of which ${cap.editErrors} fail, ${cap.shells} shell of which ${cap.failedShells} fail, ` +
      `${cap.reads} reads, ${cap.greps} greps, ${cap.globs} globs), generated in ${genMs} ms\n` +
      `  measured: ${shapeText(capShape)}\n  the 2026 captures in fixtures/: ${shapeText(capturesShape)}`,
  );
  return { capFile, capRun, cap, capShape, capturesShape };
}
