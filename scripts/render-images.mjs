#!/usr/bin/env node
/**
 * Regenerates the README's pictures from real output of the committed bundle:
 *
 *   docs/images/pr-comment.png  the job summary (the same markdown the PR comment gets), rendered the way
 *                               GitHub renders a comment (GFM, github-markdown-css, diff colouring)
 *   docs/images/progress-comment.png  the live progress comment while the agent works (a paced agent on a
 *                               pull request, against a local stand-in for the comments API)
 *   docs/images/job-log.png     the step's stdout as the Actions log viewer shows it (groups, annotations,
 *                               masks applied, line numbers), dark theme
 *
 *   npm exec -- node scripts/render-images.mjs
 *   npm exec -- node scripts/render-images.mjs --expand 1,2 --scale 1 --out /tmp/images
 *
 * It runs the committed dist/index.js as scripts/demo.mjs does (scripts/images/run-action.mjs says how),
 * and renders each picture from a page of its own (scripts/images/*-html.mjs, progress.mjs).
 *
 * Needs Chromium (Debian: `apt-get install -y chromium`, optionally `fonts-noto-color-emoji` for ✅).
 * Nothing is fetched at render time: all CSS is inlined and every request the page makes is refused.
 */
import { existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { REPO_ROOT as root } from "../test/harness/launch.mjs";
import { commentHtml } from "./images/comment-html.mjs";
import { logHtml } from "./images/log-html.mjs";
import { progressBody } from "./images/progress.mjs";
import { runAction } from "./images/run-action.mjs";
import { runnerView } from "./images/runner-view.mjs";

const { values: opts } = parseArgs({
  options: {
    transcript: {
      type: "string",
      default: "fixtures/skill-eval-0025-win-partial-grep-read-edit-error.ndjson",
    },
    out: { type: "string", default: "docs/images" },
    // 1-based indexes of the ::group:: rows shown expanded, the others collapsed. By default the failed
    // edit and the edit that worked; the first group (grep) holds long raw JSON lines.
    expand: { type: "string", default: "3,4" },
    scale: { type: "string", default: "1.5" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});

// ---------------------------------------------------------------------------------------------
// 4. Screenshots

async function screenshot(browser, html, selector, file, scale) {
  const context = await browser.newContext({
    viewport: { width: 1100, height: 800 },
    deviceScaleFactor: scale,
    offline: true,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const fetched = [];
  await page.route("**/*", (route) => {
    fetched.push(route.request().url());
    return route.abort();
  });
  await page.setContent(html, { waitUntil: "load" });
  await page.locator(selector).screenshot({ path: file, animations: "disabled" });
  await context.close();
  if (fetched.length) throw new Error(`the page tried to fetch: ${fetched.join(", ")}`);
}

const transcript = path.resolve(root, opts.transcript);
const outDir = path.resolve(root, opts.out);
const scale = Number(opts.scale);
const expanded = new Set(opts.expand.split(",").filter(Boolean).map(Number));
if (!existsSync(opts.chromium))
  throw new Error(`no Chromium at ${opts.chromium} (apt-get install -y chromium)`);

const run = await runAction(transcript);
if (!run.summary.trim()) throw new Error(`the action wrote no job summary (exit ${run.code})`);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: opts.chromium,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const targets = [
    ["pr-comment.png", commentHtml(run.summary), "#frame"],
    ["progress-comment.png", commentHtml(await progressBody()), "#frame"],
    ["job-log.png", logHtml(runnerView(run.stdout), expanded, run.code === 0), "#log"],
  ];
  for (const [name, html, selector] of targets) {
    const file = path.join(outDir, name);
    await screenshot(browser, html, selector, file, scale);
    console.log(`${path.relative(root, file)}  ${(statSync(file).size / 1024).toFixed(0)} KB`);
  }
} finally {
  await browser.close();
}
