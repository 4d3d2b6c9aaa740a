/**
 * What a line's text says about the JSON on it, read without parsing it (src/stream/lines.ts frames by
 * it): whether it can begin an event, ends an object, stops inside a string, is blank; and the one parse
 * of a line, to a plain object or nothing.
 */
import { isPlainObject } from "./json.js";

/**
 * A line that begins an object with a key (`{"type":`…, `{"runId":`…) and so cannot continue a string:
 * inside a string the quote after `{` would close it, and what follows a string is only `,`, `:`, `}`, `]`
 * or blank, never the first character of a key. (`{}`, `{ }` or `{"`, `,` may well be a string's text.)
 */
const STARTS_EVENT = /^\s*\{\s*"[^\s,:}\]]/;

export function startsEvent(text: string): boolean {
  // Most lines that continue a string start with a letter: no event, no test.
  const c = text.charCodeAt(0);
  if (c !== 0x7b /* { */ && c !== 0x20 && c !== 0x09) return false;
  return STARTS_EVENT.test(text);
}

export function endsObject(text: string): boolean {
  let i = text.length - 1;
  while (i > 0 && text.charCodeAt(i) <= 0x20) i--;
  return text.charCodeAt(i) === 0x7d /* } */;
}

export function startsObject(text: string): boolean {
  return text.trimStart().charCodeAt(0) === 0x7b /* { */;
}

/**
 * Whether `text` stops inside a JSON string, given whether it starts inside one. One pass from quote to
 * quote: a quote inside a string ends it unless an odd run of backslashes escapes it (outside strings JSON
 * has no backslash). A continued line starts after a line break, never after a backslash.
 */
export function endsInString(text: string, inString: boolean): boolean {
  let inside = inString;
  for (let q = text.indexOf('"'); q !== -1; q = text.indexOf('"', q + 1)) {
    if (!inside) {
      inside = true;
      continue;
    }
    let b = q - 1;
    while (b >= 0 && text.charCodeAt(b) === 0x5c /* \ */) b--;
    if ((q - 1 - b) % 2 === 0) inside = false;
  }
  return inside;
}

export function isBlank(text: string): boolean {
  // Hot path: almost every line starts with "{", so decide on the first character when we can.
  if (text.length === 0) return true;
  if (text.charCodeAt(0) > 0x20 && text.charCodeAt(0) !== 0xa0) return false;
  return text.trim().length === 0;
}

export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
