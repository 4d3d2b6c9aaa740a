/** A report's size against its budget, and the last-resort cut when nothing else made it fit. */
import { capMarkdown } from "../render/cap-markdown.js";

export interface SizeBudget {
  /** Characters (UTF-16 units, as GitHub counts a comment body). */
  maxChars?: number;
  /** UTF-8 bytes (the job summary's limit is in bytes). */
  maxBytes?: number;
}

/** How far over the budget, in the budget's own unit (an upper bound for bytes). */
export function overBy(text: string, b: SizeBudget): number {
  const chars = b.maxChars !== undefined ? text.length - b.maxChars : Number.NEGATIVE_INFINITY;
  const bytes = b.maxBytes !== undefined ? Buffer.byteLength(text) - b.maxBytes : Number.NEGATIVE_INFINITY;
  return Math.max(chars, bytes);
}

/**
 * {@link overBy} of `base` with each of `pieces` joined on as a line of its own (`base`, `\n`, a piece,
 * …) in any order, without joining them: characters and UTF-8 bytes both add up piece by piece.
 */
export function overByJoined(base: string, pieces: readonly Sized[], b: SizeBudget): number {
  let chars = base.length;
  let bytes = b.maxBytes !== undefined ? Buffer.byteLength(base) : 0;
  for (const p of pieces) {
    chars += p.text.length + 1;
    bytes += p.bytes + 1;
  }
  return Math.max(
    b.maxChars !== undefined ? chars - b.maxChars : Number.NEGATIVE_INFINITY,
    b.maxBytes !== undefined ? bytes - b.maxBytes : Number.NEGATIVE_INFINITY,
  );
}

/** A piece of text and its UTF-8 length. */
export interface Sized {
  text: string;
  bytes: number;
}

export function fits(text: string, b: SizeBudget): boolean {
  if (b.maxChars !== undefined && text.length > b.maxChars) return false;
  if (b.maxBytes !== undefined && Buffer.byteLength(text) > b.maxBytes) return false;
  return true;
}

/** Cuts at a line boundary, closes an open fence, and says so. */
export function hardCut(text: string, b: SizeBudget): string {
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
