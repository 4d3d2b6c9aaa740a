/**
 * A review's bodies, cut to fit GitHub: it refuses the whole review (422) when any one body is over
 * 65,536 characters. The cut is made on the rendered text, after the sanitiser, never before it
 * (src/render/cap-markdown.ts).
 */
import { capMarkdown as cap } from "../render/cap-markdown.js";

export const CUT_NOTE = "_… cut to fit GitHub's limit: the `structured-output` output has all of it._";

/** `md` when it fits in `max`, else its start cut on a safe boundary and closed, then `note`. */
export function capMarkdown(md: string, max: number, note = CUT_NOTE): string {
  return cap(md, max, note);
}
