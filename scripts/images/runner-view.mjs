/**
 * The runner's pass over the action's stdout (workflow commands parsed and unescaped, masks applied), as
 * the lines the job log gets.
 */

/** Commands the runner knows; any other `::name::` line is printed as it is. */
const COMMANDS = new Set([
  "stop-commands",
  "set-env",
  "set-output",
  "save-state",
  "add-path",
  "add-mask",
  "add-matcher",
  "remove-matcher",
  "warning",
  "error",
  "notice",
  "debug",
  "group",
  "endgroup",
  "echo",
]);

const unescapeAll = (s, pairs) => pairs.reduce((acc, [from, to]) => acc.replaceAll(from, to), s);
/** `::cmd::data`: %0D, %0A, then %25 (the runner's order). */
const unescapeData = (s) =>
  unescapeAll(s, [
    ["%0D", "\r"],
    ["%0A", "\n"],
    ["%25", "%"],
  ]);
/** `::cmd key=value::` values: also %3A and %2C. */
const unescapeProperty = (s) =>
  unescapeAll(s, [
    ["%0D", "\r"],
    ["%0A", "\n"],
    ["%3A", ":"],
    ["%2C", ","],
    ["%25", "%"],
  ]);

/** `::name k=v,k=v::data` after leading whitespace, or undefined. */
function parseCommand(line) {
  const trimmed = line.trimStart();
  if (!trimmed.startsWith("::")) return undefined;
  const end = trimmed.indexOf("::", 2);
  if (end < 0) return undefined;
  const info = trimmed.slice(2, end);
  const space = info.indexOf(" ");
  const name = (space < 0 ? info : info.slice(0, space)).toLowerCase();
  const properties = {};
  if (space >= 0) {
    for (const pair of info.slice(space + 1).split(",")) {
      const eq = pair.indexOf("=");
      if (eq > 0) properties[pair.slice(0, eq).trim()] = unescapeProperty(pair.slice(eq + 1));
    }
  }
  return { name, properties, data: unescapeData(trimmed.slice(end + 2)) };
}

/**
 * The runner's pass over stdout: the lines the log gets, in order, as
 * `{ kind: "text" | "group" | "endgroup" | "warning" | "error" | "notice", text }`, masks applied.
 */
export function runnerView(stdout) {
  const lines = stdout.split(/\r\n|\r|\n/);
  if (lines.at(-1) === "") lines.pop();
  const masks = [];
  const mask = (s) => masks.reduce((acc, m) => acc.replaceAll(m, "***"), s);
  let stopToken;
  const out = [];
  for (const line of lines) {
    const cmd = parseCommand(line);
    if (stopToken !== undefined) {
      if (cmd && cmd.name === stopToken.toLowerCase()) stopToken = undefined;
      else out.push({ kind: "text", text: mask(line) });
      continue;
    }
    if (!cmd || !COMMANDS.has(cmd.name)) {
      out.push({ kind: "text", text: mask(line) });
      continue;
    }
    switch (cmd.name) {
      case "add-mask":
        if (cmd.data.trim()) masks.push(cmd.data.trim());
        break;
      case "stop-commands":
        stopToken = cmd.data;
        if (stopToken.length >= 6) masks.push(stopToken);
        break;
      case "group":
      case "endgroup":
      case "warning":
      case "error":
      case "notice":
        out.push({ kind: cmd.name, text: mask(cmd.data) });
        break;
      default:
      // debug (hidden without step debug logging), outputs, state, matchers, echo: not in the log.
    }
  }
  return out;
}
