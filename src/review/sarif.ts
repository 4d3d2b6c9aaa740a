/**
 * A review's findings as a SARIF 2.1.0 log, for code scanning (`github/codeql-action/upload-sarif`): one
 * result per valid finding (the caller passes only those: an invalid one is not in the repository), at
 * its file relative to the checkout (`%SRCROOT%`) and its lines. The tool is this action, with one rule
 * per severity (a finding has no kind of its own, and five fixed rules keep `ruleIndex` stable), each
 * rule's level the severity's. `partialFingerprints` carries the review's own fingerprint (path, title,
 * the content of the lines: ./build.ts), so code scanning follows a finding across runs and line shifts
 * exactly as the review's "no repeats" does. That fingerprint is the same for two findings of one title on
 * lines of the same content (a repeated block, two closing braces), which code scanning would take for one
 * alert: each after the first, in the order of their lines, gets its occurrence appended (`:2`, `:3`), as
 * CodeQL numbers its line hashes; the first keeps the review's fingerprint as it is, so alerts of earlier
 * runs still match. Pure: the caller writes the file.
 *
 * Trust boundary: the texts are the agent's and leave the runner: each is redacted, the path too.
 */
import type { Redact } from "../base/redact.js";
import { agentMarkdown } from "../render/agent-markdown.js";
import { mdText } from "../render/markdown.js";
import { SEVERITIES, type Severity } from "../settings/contract.js";
import type { Finding } from "../structured/contract.js";
import { fingerprint } from "./build.js";
import { type HeadLines, linesAt } from "./check.js";

/** The OASIS standard's schema (with its errata), as `$schema` names it. */
const SARIF_SCHEMA =
  "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
export const SARIF_TOOL = "cursor-agent-action";
/** The key of the review's fingerprint in `partialFingerprints` (versioned: a new derivation, a new key). */
export const PRINT_KEY = "cursorAgentFinding/v1";

export type SarifLevel = "error" | "warning" | "note";

export const LEVEL: Record<Severity, SarifLevel> = {
  critical: "error",
  high: "error",
  medium: "warning",
  low: "note",
  info: "note",
};

interface Message {
  text: string;
  markdown: string;
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: Message;
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: "%SRCROOT%" };
      region: { startLine: number; endLine?: number };
    };
  }[];
  partialFingerprints: Record<string, string>;
}

export interface SarifLog {
  $schema: string;
  version: "2.1.0";
  runs: {
    tool: {
      driver: {
        name: string;
        informationUri?: string;
        rules: {
          id: string;
          name: string;
          shortDescription: { text: string };
          defaultConfiguration: { level: SarifLevel };
        }[];
      };
    };
    results: SarifResult[];
  }[];
}

const ruleId = (s: Severity) => `cursor-agent/${s}`;

export function sarifLog(findings: Finding[], head: HeadLines, redact: Redact): SarifLog {
  const rules = SEVERITIES.map((s) => ({
    id: ruleId(s),
    name: `${s[0]!.toUpperCase()}${s.slice(1)}Finding`,
    shortDescription: { text: `A ${s}-severity finding of the Cursor agent's review` },
    defaultConfiguration: { level: LEVEL[s] },
  }));
  const prints = occurrencePrints(findings, head);
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: SARIF_TOOL, rules } },
        results: findings.map((f, i) => result(f, prints[i]!, redact)),
      },
    ],
  };
}

/**
 * Each finding's fingerprint, told apart from the others': the review's own for the first finding that
 * has it (by its lines: the agent's order may change between runs), with `:n` appended for the n-th.
 */
function occurrencePrints(findings: Finding[], head: HeadLines): string[] {
  const prints = findings.map((f) => fingerprint(f, linesAt(head, f.path)));
  const byPlace = findings
    .map((f, i) => ({ i, start: f.start_line ?? f.line, end: f.line }))
    .sort((a, b) => a.start - b.start || a.end - b.end || a.i - b.i);
  const seen = new Map<string, number>();
  const out = [...prints];
  for (const { i } of byPlace) {
    const n = (seen.get(prints[i]!) ?? 0) + 1;
    seen.set(prints[i]!, n);
    if (n > 1) out[i] = `${prints[i]}:${n}`;
  }
  return out;
}

function result(f: Finding, print: string, redact: Redact): SarifResult {
  const title = redact(f.title);
  const body = redact(f.body);
  // A range when the finding has one; otherwise its one line.
  const region =
    f.start_line === undefined ? { startLine: f.line } : { startLine: f.start_line, endLine: f.line };
  return {
    ruleId: ruleId(f.severity),
    ruleIndex: SEVERITIES.indexOf(f.severity),
    level: LEVEL[f.severity],
    message: {
      text: body.trim() === "" ? title : `${title}\n\n${body}`,
      // The one sanitiser for the agent's markdown: no mentions, links, images or HTML.
      markdown: [`**${mdText(title)}**`, agentMarkdown(body)].filter((t) => t !== "").join("\n\n"),
    },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: fileUri(redact(f.path)), uriBaseId: "%SRCROOT%" },
          region,
        },
      },
    ],
    // The review's fingerprint, from the file's lines at HEAD when they were read (its occurrence after it).
    partialFingerprints: { [PRINT_KEY]: print },
  };
}

/**
 * A repository path as a relative URI reference: each segment percent-encoded (a space, `#`, `%` or `?`
 * would otherwise change what the reference names; `:` in a first segment would read as a scheme).
 */
function fileUri(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}
