/** How a call is shown when its kind has no rules of its own for it: its arguments and its plain output. */
import { jsonPreview } from "../stream/json.js";
import { argsOf, outcomeValue, text } from "./args.js";
import type { LogBody, Tool } from "./types.js";

/** Arguments are shown as one log line, which is cut to 2,000 characters anyway. */
export const ARGS_SHOWN = 4000;

/** Arguments and output of a call we have no special rules for. */
export function genericBody(t: Tool): LogBody {
  const a = argsOf(t);
  const v = outcomeValue(t);
  return {
    head: Object.keys(a).length > 0 ? [`args: ${jsonPreview(a, ARGS_SHOWN)}`] : [],
    body: text(v.output) ?? text(v.markdown) ?? text(v.content),
  };
}
