/**
 * Trust boundary: nothing that leaves the runner (job summary, PR comment, outputs meant for them) may
 * carry a secret. The runner's masks only cover the log (docs/runner.md "Masks"), so we redact ourselves,
 * before any truncation, so that a cut can never leave half a secret behind.
 *
 * A known secret is also found in the encodings it travels in: base64 (at each of the three alignments it
 * can have inside a longer base64 text), base64 of `x-access-token:<secret>` (what actions/checkout writes
 * into `.git/config`), URL-encoded and JSON-escaped. Token shapes are found without regular expressions:
 * V8's backtracking overflows its stack on a 6 MB run of token characters, so each shape is a linear scan.
 */

import { escapeRegExp } from "./regexp.js";

export const REDACTED = "***";

export type Redact = (text: string) => string;

/** The shortest text worth redacting: shorter ones would blank ordinary words. */
const MIN_SECRET = 4;
/** An encoded variant shorter than this (an alignment's trimmed middle) is too common to redact. */
const MIN_VARIANT = 8;

export function createRedactor(secrets: (string | undefined)[]): Redact {
  const given = [
    ...new Set(secrets.filter((s): s is string => typeof s === "string" && s.trim().length >= MIN_SECRET)),
  ];
  const lines = given.flatMap((s) => [s, ...s.split(/\r?\n/).filter((l) => l.trim().length >= MIN_SECRET)]);
  // Longest first, so a secret that contains another is replaced whole.
  const known = [...new Set([...lines, ...lines.flatMap(encodings)])].sort((a, b) => b.length - a.length);
  // One scan finds whether any of them is there (most texts hold none: the live log's hot path); only
  // then are they replaced one by one, longest first. The token shapes' quick look is a scan of its own:
  // one expression of both was 4× slower than the two (an alternation that mixes a look-behind with
  // literals loses V8's fast search for either; BENCHMARKS.md).
  const secret = known.length ? new RegExp(known.map(escapeRegExp).join("|")) : undefined;
  return (text) => {
    let out = text;
    if (secret?.test(out)) for (const s of known) if (out.includes(s)) out = out.replaceAll(s, REDACTED);
    return redactTokenShapes(out);
  };
}

/** The forms a secret takes on its way into files and URLs. */
function encodings(secret: string): string[] {
  const out = [
    ...base64Variants(secret),
    ...base64Variants(`x-access-token:${secret}`),
    ...uriEncoded(secret),
    JSON.stringify(secret).slice(1, -1),
  ];
  return out.filter((v) => v !== secret && v.length >= MIN_VARIANT);
}

/** The URL-encoded form; none for a text with a lone surrogate, which `encodeURIComponent` refuses. */
function uriEncoded(text: string): string[] {
  try {
    return [encodeURIComponent(text)];
  } catch {
    return [];
  }
}

/**
 * Base64 of `text` as it appears at any byte offset inside a longer base64 text: for each of the three
 * alignments, the characters that depend only on `text`'s own bytes (the edges mix in its neighbours).
 */
function base64Variants(text: string): string[] {
  const bytes = Buffer.from(text, "utf8");
  const out = [bytes.toString("base64"), bytes.toString("base64url")];
  for (let pad = 0; pad < 3; pad++) {
    const b64 = Buffer.concat([Buffer.alloc(pad), bytes]).toString("base64");
    const head = [0, 2, 3][pad]!;
    const tail = (pad + bytes.length) % 3 === 0 ? 0 : 4;
    const middle = b64.slice(head, b64.length - tail);
    out.push(middle, middle.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return out;
}

// ---- token shapes: tokens worth redacting even when nobody told us they were secret ----

interface Shape {
  prefixes: string[];
  /** The characters of the token's body. */
  body: (c: number) => boolean;
  min: number;
  /** Exactly this many body characters (AWS key ids). */
  exact?: number;
  /** `\b` on both sides: no word character before the prefix or after the token. */
  bounded?: boolean;
}

const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isWord = (c: number) => isAlnum(c) || c === 95;
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isUpperAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90);

const SHAPES: Shape[] = [
  // No word boundaries around the distinctive prefixes: a token glued to other text (`Dghp_…`,
  // `ghp_…_x`) is still a token (the fuzzer found the first).
  { prefixes: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"], body: isAlnum, min: 30 }, // GitHub tokens
  { prefixes: ["github_pat_"], body: isWord, min: 30 }, // fine-grained personal access tokens
  { prefixes: ["key_"], body: isHex, min: 32 }, // Cursor API keys
  { prefixes: ["sk-proj-", "sk-ant-", "sk-"], body: (c) => isWord(c) || c === 45, min: 20, bounded: true },
  { prefixes: ["AKIA"], body: isUpperAlnum, min: 16, exact: 16, bounded: true }, // AWS access key ids
  {
    prefixes: ["xoxa-", "xoxb-", "xoxp-", "xoxr-", "xoxs-"],
    body: (c) => isAlnum(c) || c === 45,
    min: 10,
    bounded: true,
  }, // Slack tokens
];

/** Every prefix with its shape, longer prefixes first (`sk-proj-` before `sk-`). */
const PREFIXED: [prefix: string, shape: Shape][] = SHAPES.flatMap((shape) =>
  shape.prefixes.map((p): [string, Shape] => [p, shape]),
).sort((x, y) => y[0].length - x[0].length);

/**
 * Where a token may start: one scan for the whole prefixes together (literals only: nothing in it can
 * backtrack). The body is then checked by hand (see above). Their first two characters alone (`gh`, `ke`,
 * `sk`, …) matched all through ordinary text and code, each match a loop over the prefixes in JavaScript.
 */
const PREFIX = new RegExp(PREFIXED.map(([p]) => escapeRegExp(p)).join("|"), "g");

/** Every prefix a token shape starts with. */
export const TOKEN_PREFIXES: readonly string[] = PREFIXED.map(([p]) => p);

/** True when `text` holds one of {@link TOKEN_PREFIXES} (a property test holds it to `includes`). */
export function mayHoldToken(text: string): boolean {
  return MAY_HOLD_TOKEN.test(text);
}

/**
 * Whether a text may hold a prefix at all, found ~7× faster than by {@link PREFIX} (4 MB of the live log's
 * tool output: 7 → 1 ms): nearly every prefix ends in `_` or `-`, so the scan looks for those two
 * characters alone, which V8 does natively, and only at one of them looks behind for a whole prefix; an
 * alternation of literals is tried at every position of the text.
 */
const MAY_HOLD_TOKEN = (() => {
  const tail = TOKEN_PREFIXES.filter((p) => p.endsWith("_") || p.endsWith("-"));
  const other = TOKEN_PREFIXES.filter((p) => !tail.includes(p));
  return new RegExp([`[_-](?<=${tail.map(escapeRegExp).join("|")})`, ...other.map(escapeRegExp)].join("|"));
})();

/** Every token shape in `text` replaced; linear in its length (one native scan for the prefixes). */
export function redactTokenShapes(text: string): string {
  if (!mayHoldToken(text)) return text;
  // The one shared expression: its `lastIndex` is this call's cursor (nothing here calls back in).
  const prefix = PREFIX;
  prefix.lastIndex = 0;
  let result = "";
  let copied = 0;
  for (let m = prefix.exec(text); m !== null; m = prefix.exec(text)) {
    const at = m.index;
    let end: number | undefined;
    for (const [p, shape] of PREFIXED) {
      if (!text.startsWith(p, at)) continue;
      end = tokenEnd(text, at, p, shape);
      if (end !== undefined) break;
    }
    if (end === undefined) {
      prefix.lastIndex = at + 1;
      continue;
    }
    result += text.slice(copied, at) + REDACTED;
    copied = end;
    prefix.lastIndex = end;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/** Where the token starting at `at` ends, or undefined when it is not one. */
function tokenEnd(text: string, at: number, prefix: string, shape: Shape): number | undefined {
  if (shape.bounded && at > 0 && isWord(text.charCodeAt(at - 1))) return undefined;
  const start = at + prefix.length;
  let end = start;
  const limit = shape.exact !== undefined ? start + shape.exact : text.length;
  while (end < limit && end < text.length && shape.body(text.charCodeAt(end))) end++;
  if (shape.bounded) {
    // `\b` after: a token ends on a word character followed by a non-word one (or the end).
    while (end > start && !isWord(text.charCodeAt(end - 1))) end--;
    if (end < text.length && isWord(text.charCodeAt(end))) return undefined;
  }
  const length = end - start;
  if (length < shape.min || (shape.exact !== undefined && length !== shape.exact)) return undefined;
  return end;
}

/** Redacts, then cuts to `max` characters: the cut can never leave half a secret. */
export function cutAfterRedaction(text: string, max: number, redact: Redact, more = "…"): string {
  const r = redact(text);
  return r.length > max ? `${r.slice(0, max)}${more}` : r;
}

/**
 * The run's secrets, each added as soon as it is read, and the one redactor made of them: built once all
 * are in (building scans every encoding of every secret), or earlier by the last resort when the run
 * fails while they are still being read.
 */
export class Secrets {
  private readonly list: string[] = [];
  private made: Redact | undefined;

  add(...secrets: (string | undefined)[]): void {
    for (const s of secrets) if (s) this.list.push(s);
    this.made = undefined;
  }

  get all(): readonly string[] {
    return this.list;
  }

  redactor(): Redact {
    this.made ??= createRedactor(this.list);
    return this.made;
  }
}
