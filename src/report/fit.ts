/** A report's size against its budget, and the last-resort cut when nothing else made it fit. */
import { capMarkdown } from "../render/cap-markdown.js";

export interface Budget {
  /** Characters (UTF-16 units, as GitHub counts a comment body). */
  maxChars?: number;
  /** UTF-8 bytes (the job summary's limit is in bytes). */
  maxBytes?: number;
}

/** How far over the budget, in the budget's own unit (an upper bound for bytes). */
export function overBy(text: string, b: Budget): number {
  const chars = b.maxChars !== undefined ? text.length - b.maxChars : Number.NEGATIVE_INFINITY;
  const bytes = b.maxBytes !== undefined ? Buffer.byteLength(text) - b.maxBytes : Number.NEGATIVE_INFINITY;
  return Math.max(chars, bytes);
}

export function fits(text: string, b: Budget): boolean {
  if (b.maxChars !== undefined && text.length > b.maxChars) return false;
  if (b.maxBytes !== undefined && Buffer.byteLength(text) > b.maxBytes) return false;
  return true;
}

/** Cuts at a line boundary, closes an open fence, and says so. */
export function hardCut(text: string, b: Budget): string {
  const note = "> The report was cut to fit; the job log has everything.";
  const bytes = (b.maxBytes ?? Number.POSITIVE_INFINITY) - 64;
  // Characters first (a character is at least a byte); fewer while the UTF-8 is still over the bytes.
  let room = Math.min(b.maxChars ?? Number.POSITIVE_INFINITY, bytes) - 64;
  let cut = capMarkdown(text, room, note);
  while (Buffer.byteLength(cut) > bytes && room > 0) {
    room = Math.floor(room * 0.9);
    cut = capMarkdown(text, room, note);
  }
  return `${cut}\n`;
}
