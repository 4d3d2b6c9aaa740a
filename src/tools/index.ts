export { type TodoItem, type TodoStatus, todosAfter } from "./other-tools.js";
export { outcomeError } from "./outcome.js";
export {
  changedPath,
  fileOps,
  kindOf,
  logBody,
  mainArg,
  outcomeOf,
  resolveTool,
  toolName,
} from "./registry.js";
export type { FileOp, MainArg, OutcomeSummary, Tool, ToolStatus } from "./types.js";
