#!/usr/bin/env node
// @ts-check
/**
 * README.md's inputs and outputs tables, written from action.yml (as actions/checkout writes its usage):
 * action.yml is the one place an input or output is described, and each row is its name, the first
 * sentence of its description and, for an input, its default. The rest of README.md is left as it is: only
 * what lies between each table's pair of markers is replaced. test/unit/docs.test.ts fails when README.md
 * is not what this writes.
 *
 *   npm run docs              # rewrites the tables in README.md
 *   npm run docs -- --check   # exits 1, naming the table, when README.md is not what it would write
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * @typedef {{ description?: unknown; default?: unknown; required?: unknown }} Entry
 * @typedef {{ inputs?: Record<string, Entry>; outputs?: Record<string, Entry> }} Action
 * @typedef {"inputs" | "outputs"} Table
 */

/**
 * The comment lines each table sits between; everything between them is the script's.
 * @type {Record<Table, [start: string, end: string]>}
 */
export const MARKERS = {
  inputs: ["<!-- inputs: written from action.yml by `npm run docs` -->", "<!-- end of inputs -->"],
  outputs: ["<!-- outputs: written from action.yml by `npm run docs` -->", "<!-- end of outputs -->"],
};

/** Words whose full stop ends no sentence. */
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|cf)\.$/;

/**
 * The first sentence of a description: up to the first `.`, `!` or `?` followed by a space or the end,
 * outside code spans and abbreviations; the whole text (whitespace made single spaces) when none ends it.
 * @param {string} text
 */
export function firstSentence(text) {
  const flat = text.replace(/\s+/g, " ").trim();
  for (const m of flat.matchAll(/[.!?](?= |$)/g)) {
    const upTo = flat.slice(0, (m.index ?? 0) + 1);
    const inCode = (upTo.match(/`/g) ?? []).length % 2 === 1;
    if (!inCode && !ABBREVIATION.test(upTo)) return upTo;
  }
  return flat;
}

/**
 * A table cell: one line, and a `|` escaped (GitHub reads `\|` as a pipe in code spans too).
 * @param {string} text
 */
const cell = (text) => text.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");

/** @param {string[]} cells */
const row = (cells) => `|${cells.map((c) => (c === "" ? " " : ` ${c} `)).join("|")}|`;

/** @param {Entry} entry */
function description(entry) {
  if (typeof entry.description !== "string" || entry.description.trim() === "") {
    throw new Error("has no description");
  }
  return cell(firstSentence(entry.description));
}

/**
 * An input's default as the runner is given it (`${{ github.token }}` too); empty when there is none.
 * @param {Entry} entry
 */
function defaultOf(entry) {
  if (entry.required === true) return "**required**";
  if (entry.default === undefined || entry.default === null || entry.default === "") return "";
  return `\`${cell(String(entry.default))}\``;
}

/**
 * One table's lines, in action.yml's order.
 * @param {Action} action
 * @param {Table} table
 */
export function tableLines(action, table) {
  const entries = Object.entries(action[table] ?? {});
  if (entries.length === 0) throw new Error(`action.yml has no ${table}`);
  /** @param {string} name @param {() => string} make */
  const named = (name, make) => {
    try {
      return make();
    } catch (e) {
      throw new Error(`action.yml: ${table}.${name} ${/** @type {Error} */ (e).message}`);
    }
  };
  if (table === "inputs") {
    return [
      "| input | default | what it does |",
      "|---|---|---|",
      ...entries.map(([name, e]) => named(name, () => row([`\`${name}\``, defaultOf(e), description(e)]))),
    ];
  }
  return [
    "| output | what it holds |",
    "|---|---|",
    ...entries.map(([name, e]) => named(name, () => row([`\`${name}\``, description(e)]))),
  ];
}

/**
 * `readme` with each table's markers holding what action.yml says (its text, as YAML). Throws when a pair
 * of markers is missing, repeated or out of order: the tables are never put anywhere but where they were.
 * @param {string} readme
 * @param {string} actionYml
 */
export function renderReadme(readme, actionYml) {
  const action = /** @type {Action} */ (parse(actionYml));
  let out = readme;
  for (const table of /** @type {Table[]} */ (["inputs", "outputs"])) {
    const [start, end] = MARKERS[table];
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    const once = out.indexOf(start, from + 1) === -1 && out.indexOf(end, to + 1) === -1;
    if (from === -1 || to < from || !once) {
      throw new Error(`README.md needs the ${table} table's markers, once each, in order: ${start} ${end}`);
    }
    const body = ["", ...tableLines(action, table), ""].join("\n");
    out = out.slice(0, from + start.length) + body + out.slice(to);
  }
  return out;
}

/** The tables that differ between two READMEs written around the same markers. */
function differing(/** @type {string} */ a, /** @type {string} */ b) {
  /** @param {string} text @param {Table} t */
  const between = (text, t) => text.slice(text.indexOf(MARKERS[t][0]), text.indexOf(MARKERS[t][1]));
  const tables = /** @type {Table[]} */ (["inputs", "outputs"]).filter(
    (t) => between(a, t) !== between(b, t),
  );
  return tables;
}

function main() {
  const readmeFile = path.join(ROOT, "README.md");
  const readme = readFileSync(readmeFile, "utf8");
  const written = renderReadme(readme, readFileSync(path.join(ROOT, "action.yml"), "utf8"));
  if (process.argv.includes("--check")) {
    if (written === readme) return;
    console.error(
      `README.md is not what action.yml says (${differing(readme, written).join(", ")}): run npm run docs`,
    );
    process.exitCode = 1;
    return;
  }
  if (written !== readme) writeFileSync(readmeFile, written);
  console.log(
    written === readme ? "README.md: tables unchanged" : "README.md: tables written from action.yml",
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
