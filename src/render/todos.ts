/** The agent's todo list as markdown, for the report and the progress comment. */
import type { Redact } from "../base/redact.js";
import type { TodoItem } from "../tools/index.js";
import { mdText } from "./markdown.js";

/** The todo list as task list lines: done ticked, in progress said, cancelled struck out; the text is the agent's. */
export function todoLines(todos: TodoItem[], redact: Redact): string[] {
  return todos.map((t) => {
    const text = mdText(redact(t.content || t.id));
    if (t.status === "done") return `- [x] ${text}`;
    if (t.status === "cancelled") return `- [ ] ~~${text}~~ _(cancelled)_`;
    return `- [ ] ${text}${t.status === "in_progress" ? " _(in progress)_" : ""}`;
  });
}
