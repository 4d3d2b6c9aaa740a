/** `shellToolCall`: a command the agent ran. Its exit code decides, whatever the outcome key says. */
import { argsOf, num, outcomeValue, stringArg, text } from "./args.js";
import type { ToolFamily } from "./types.js";

export const shell: ToolFamily = {
  kind: "shellToolCall",
  aliases: ["shell", "bash", "terminal", "runterminalcmd"],
  name: "Shell",
  mainArg: (t) => ({ value: stringArg(argsOf(t), ["command", "cmd"]), isPath: false }),
  success(v) {
    const code = num(v.exitCode);
    const signal = typeof v.signal === "string" ? v.signal : undefined;
    // A `success` with a non-zero exit code or a signal is a failed command (FORMAT: shell outcomes).
    const failed = (code !== undefined && code !== 0) || (signal !== undefined && signal !== "");
    const summary = signal ? `signal ${signal}` : code !== undefined ? `exit ${code}` : "done";
    return { summary, exitCode: code, status: failed ? "failed" : "succeeded" };
  },
  logBody(t) {
    const command = stringArg(argsOf(t), ["command", "cmd"]);
    const v = outcomeValue(t);
    const streams = [text(v.stdout), text(v.stderr)].filter((s): s is string => s !== undefined);
    // Cursor's kind interleaves stdout and stderr itself; the alternate naming has one `output`.
    const body = text(v.interleavedOutput) ?? (streams.length ? streams.join("\n") : text(v.output));
    return { head: command !== undefined ? [`$ ${command}`] : [], body };
  },
};
