// @ts-check
/**
 * A fake `cursor-agent` for tests: it parses its command line like the real CLI (commander),
 * fails the way the real CLI fails (see docs/stream-format.md "How runs end"), and otherwise
 * replays a recorded stream-json transcript byte for byte, driven by a JSON scenario file named
 * in `FAKE_AGENT_SCENARIO`. It also writes a record of how it was started (argv, env, cwd,
 * signals received) so tests can check what the action handed to the agent.
 *
 * Plain JavaScript (no build step): the action spawns it from PATH through the `cursor-agent`
 * launcher next to this file.
 */

import { spawn } from "node:child_process";
import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * node:crypto only when a chat's directory is named (sessions): loading it cost each run of the fake agent
 * ~5 ms, ~150 runs a suite. Ids come from the kernel's bytes, as the CLI's random UUIDs do.
 */
const crypto = () =>
  /** @type {typeof import("node:crypto")} */ (createRequire(import.meta.url)("node:crypto"));

/** A random (version 4) UUID. */
function randomUUID() {
  const b = Buffer.alloc(16);
  const fd = openSync("/dev/urandom", "r");
  try {
    readSync(fd, b, 0, 16, null);
  } finally {
    closeSync(fd);
  }
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * @typedef {object} Scenario
 * @property {string} [transcript] absolute path of an ndjson file replayed to stdout byte for byte
 * @property {number} [delayMs] pause between lines (or chunks)
 * @property {number} [chunkBytes] write fixed-size chunks instead of one write per line
 * @property {number} [stopAfterLines] stop the replay after this many lines
 * @property {string} [stderr] text written to stderr after the replay
 * @property {number} [exitCode] exit code after the replay (default 0)
 * @property {NodeJS.Signals} [signal] after the replay, kill ourselves with this signal
 * @property {"after-result" | "mid-stream"} [hang] never exit, after the whole replay or mid-stream
 * @property {boolean} [ignoreSigterm] ignore SIGTERM and SIGINT (only SIGKILL stops us)
 * @property {boolean} [spawnChild] start `sh -c 'sleep 300'` in our process group
 * @property {string} [record] absolute path of the JSON record file to write
 * @property {string} [badKey] an API key that the fake reports as invalid
 * @property {boolean} [requireTrust] refuse to run without --trust/--yolo/-f (default true)
 * @property {string[]} [models] the models that --model accepts (any when absent)
 * @property {Record<string, string>} [gates] before writing line N (0-based), wait until this file exists
 * @property {Record<string, number>} [pauses] before writing line N (after its gate), pause this many ms
 * @property {boolean} [chats] keep chats as the CLI does (see keepChat): `--resume <id>` continues a
 *   chat found in the store, else a new chat starts, silently; the default stream names the chat's id
 * @property {ChatRule} [chatRule] where the chats are kept (see stateDir); default "env"
 */

/**
 * Where a build of the CLI keeps its state, chats among it. Builds differ, and which variable moves the
 * chats in the newer ones is not pinned down, so each reading is a rule of its own:
 * - "env": `$CURSOR_CONFIG_DIR`, else `$CURSOR_DATA_DIR`, else `$XDG_CONFIG_HOME/cursor`, else `~/.cursor`;
 * - "data": `$CURSOR_DATA_DIR`, else `~/.cursor` (only the data variable moves them);
 * - "xdg": `$XDG_CONFIG_HOME/cursor`, else `~/.cursor` (only XDG moves them);
 * - "home": `~/.cursor` whatever the environment says (the older builds).
 * @typedef {"env" | "data" | "xdg" | "home"} ChatRule
 */

/**
 * @typedef {object} ParsedArgs
 * @property {Record<string, string | boolean | string[] | null>} options
 * @property {string[]} operands
 * @property {string[]} unknown
 * @property {string} prompt
 */

const VERSION = "2026.01.28-fake";
const STDIN_PROBE_MS = 200;

/**
 * The options the real CLI knows that the action may use. `takes` follows commander: a
 * "required" value is taken from the next argument even when it starts with a dash; an
 * "optional" one only when the next argument does not look like an option.
 * @type {{ long: string, short?: string, key: string, takes: "none" | "required" | "optional", flags: string, repeatable?: boolean, choices?: string[] }[]}
 */
const OPTION_SPECS = [
  { long: "--print", short: "-p", key: "print", takes: "none", flags: "-p, --print" },
  {
    long: "--output-format",
    key: "outputFormat",
    takes: "required",
    flags: "--output-format <format>",
    choices: ["text", "json", "stream-json"],
  },
  {
    long: "--stream-partial-output",
    key: "streamPartialOutput",
    takes: "none",
    flags: "--stream-partial-output",
  },
  { long: "--model", key: "model", takes: "required", flags: "--model <model>" },
  // Plan and Ask mode (the CLI's docs: `--plan` or `--mode=plan`, `--mode=ask`).
  { long: "--mode", key: "mode", takes: "required", flags: "--mode <mode>", choices: ["plan", "ask"] },
  { long: "--plan", key: "plan", takes: "none", flags: "--plan" },
  { long: "--workspace", key: "workspace", takes: "required", flags: "--workspace <path>" },
  { long: "--force", short: "-f", key: "force", takes: "none", flags: "-f, --force" },
  { long: "--trust", key: "trust", takes: "none", flags: "--trust" },
  { long: "--yolo", key: "yolo", takes: "none", flags: "--yolo" },
  { long: "--approve-mcps", key: "approveMcps", takes: "none", flags: "--approve-mcps" },
  {
    long: "--sandbox",
    key: "sandbox",
    takes: "required",
    flags: "--sandbox <mode>",
    choices: ["enabled", "disabled"],
  },
  {
    long: "--header",
    short: "-H",
    key: "header",
    takes: "required",
    flags: "-H, --header <header>",
    repeatable: true,
  },
  { long: "--resume", key: "resume", takes: "optional", flags: "--resume [chatId]" },
  { long: "--api-key", key: "apiKey", takes: "required", flags: "--api-key <key>" },
  { long: "--version", short: "-v", key: "version", takes: "none", flags: "-v, --version" },
  { long: "--help", short: "-h", key: "help", takes: "none", flags: "-h, --help" },
];

class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------
// Record file

const scenario = loadScenario();

const record = {
  argv: process.argv.slice(2),
  env: { ...process.env },
  cwd: process.cwd(),
  pid: process.pid,
  /** @type {number | undefined} the `sh` of spawnChild */
  childPid: undefined,
  /** @type {number | undefined} the `sleep` that `sh` started (found through /proc) */
  grandchildPid: undefined,
  /** @type {string[]} */
  signals: [],
  /** @type {boolean | null} null until known */
  stdinIsClosedOrNull: null,
  /** @type {{ options: ParsedArgs["options"], prompt: string } | undefined} */
  parsed: undefined,
  /** @type {string} what the fake decided to do */
  outcome: "starting",
  /** @type {number | undefined} */
  exitCode: undefined,
  /** @type {number | undefined} the line whose gate the replay is waiting on */
  waitingAt: undefined,
  /** @type {{ dir: string, id: string, asked?: string, resumed: boolean, before: string[] } | undefined} with `chats` */
  chat: undefined,
};

/** Synchronous and atomic (write + rename) so the file is whole even if we are killed mid-write. */
function saveRecord() {
  if (!scenario.record) return;
  const temporary = `${scenario.record}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(temporary, scenario.record);
}

/** @returns {Scenario} */
function loadScenario() {
  const path = process.env.FAKE_AGENT_SCENARIO;
  if (!path) return {};
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    // Exit code 70 (EX_SOFTWARE): a broken test setup, never a behaviour of the real CLI.
    process.stderr.write(`fake-agent: cannot read scenario ${path}: ${String(error)}\n`);
    process.exit(70);
  }
}

// ---------------------------------------------------------------------------------------------
// Signals

/** @param {NodeJS.Signals} name */
function onSignal(name) {
  record.signals.push(name);
  saveRecord();
  if (scenario.ignoreSigterm) return;
  if (name === "SIGINT") {
    // What the real CLI prints when interrupted mid-turn; it then exits 130 (128 + SIGINT).
    process.stderr.write("Aborting operation...\n");
    process.exit(130);
  }
  // SIGTERM: the real CLI stops writing at once and exits 143 (128 + SIGTERM).
  process.exit(143);
}

process.on("SIGTERM", () => onSignal("SIGTERM"));
process.on("SIGINT", () => onSignal("SIGINT"));
process.on("exit", (code) => {
  record.exitCode = code;
  saveRecord();
});
// The action may close its end of our stdout; the real CLI then dies rather than hanging.
process.stdout.on("error", () => {
  record.outcome = "stdout-closed";
  process.exit(1);
});

// ---------------------------------------------------------------------------------------------
// Command line, the way commander parses it

/** @param {string} arg */
function maybeOption(arg) {
  return arg.length > 1 && arg[0] === "-";
}

/** @param {string} flag */
function findOption(flag) {
  return OPTION_SPECS.find((spec) => spec.long === flag || spec.short === flag);
}

/**
 * Commander's `parseOptions` loop: known options are consumed wherever they are, `--` ends
 * option parsing, the first unknown option switches the destination of the following
 * non-option arguments to `unknown` (reported later as "unknown option").
 * @param {string[]} argv
 * @returns {ParsedArgs}
 */
function parseArgs(argv) {
  /** @type {ParsedArgs["options"]} */
  const options = {};
  /** @type {string[]} */
  const operands = [];
  /** @type {string[]} */
  const unknown = [];
  let dest = operands;
  const args = [...argv];

  /** @param {(typeof OPTION_SPECS)[number]} spec @param {string | null} [value] */
  const emit = (spec, value) => {
    if (spec.takes === "none") {
      options[spec.key] = true;
      if (spec.key === "version") {
        // commander prints the version as soon as it meets the flag
        process.stdout.write(`${VERSION}\n`);
        process.exit(0);
      }
      return;
    }
    if (spec.takes === "required" && value === undefined) {
      throw new UsageError(`error: option '${spec.flags}' argument missing`);
    }
    if (spec.choices && typeof value === "string" && !spec.choices.includes(value)) {
      throw new UsageError(
        `error: option '${spec.flags}' argument '${value}' is invalid. Allowed choices are ${spec.choices.join(", ")}.`,
      );
    }
    if (spec.repeatable) {
      const previous = options[spec.key];
      options[spec.key] = [...(Array.isArray(previous) ? previous : []), String(value)];
    } else {
      options[spec.key] = value ?? true;
    }
  };

  while (args.length > 0) {
    const arg = /** @type {string} */ (args.shift());
    if (arg === "--") {
      if (dest === unknown) dest.push(arg);
      dest.push(...args);
      break;
    }
    if (maybeOption(arg)) {
      const spec = findOption(arg);
      if (spec) {
        if (spec.takes === "required") emit(spec, args.shift());
        else if (spec.takes === "optional") {
          const next = args[0];
          emit(spec, next !== undefined && !maybeOption(next) ? args.shift() : null);
        } else emit(spec);
        continue;
      }
    }
    // Combined short flags: `-pf` is `-p -f`; `-Hvalue` is `-H value`.
    if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
      const spec = findOption(`-${arg[1]}`);
      if (spec) {
        if (spec.takes === "required") emit(spec, arg.slice(2));
        else {
          emit(spec);
          args.unshift(`-${arg.slice(2)}`);
        }
        continue;
      }
    }
    // `--model=gpt-5`
    if (/^--[^=]+=/.test(arg)) {
      const index = arg.indexOf("=");
      const spec = findOption(arg.slice(0, index));
      if (spec && spec.takes !== "none") {
        emit(spec, arg.slice(index + 1));
        continue;
      }
    }
    if (maybeOption(arg)) dest = unknown;
    dest.push(arg);
  }
  // The CLI's prompt is a variadic positional: its words are joined with single spaces.
  return { options, operands, unknown, prompt: operands.join(" ") };
}

function helpText() {
  const lines = OPTION_SPECS.map((spec) => `  ${spec.flags}`);
  return `Usage: cursor-agent [options] [prompt...]\n\nStart the Cursor Agent\n\nOptions:\n${lines.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------
// Stdin: the real CLI can hang when stdin stays open, so tests check the action closes it.

async function probeStdin() {
  /** @type {import("node:fs").Stats} */
  let stats;
  try {
    stats = fstatSync(0);
  } catch {
    return true; // no fd 0 at all
  }
  if (stats.isCharacterDevice()) {
    try {
      return stats.rdev === statSync("/dev/null").rdev;
    } catch {
      return false;
    }
  }
  if (stats.isFile()) return stats.size === 0;
  if (stats.isFIFO() || stats.isSocket()) return pipeAtEof(STDIN_PROBE_MS);
  return false;
}

/**
 * A closed pipe reports end-of-file at once; an open one stays silent, so a short wait tells
 * them apart without blocking a thread (process.stdin on a pipe is a non-blocking socket).
 * @param {number} timeoutMs
 * @returns {Promise<boolean>}
 */
function pipeAtEof(timeoutMs) {
  return new Promise((resolvePromise) => {
    const stdin = process.stdin;
    /** @param {boolean} atEof */
    const done = (atEof) => {
      clearTimeout(timer);
      stdin.off("end", onEnd);
      stdin.off("data", onData);
      stdin.pause();
      if ("unref" in stdin && typeof stdin.unref === "function") stdin.unref();
      resolvePromise(atEof);
    };
    const onEnd = () => done(true);
    const onData = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    stdin.on("end", onEnd);
    stdin.on("data", onData);
    stdin.resume();
  });
}

/**
 * The first child process of `pid`, from /proc (Linux); undefined if none shows up quickly (e.g.
 * a shell that exec'd its command instead of forking it).
 * @param {number} pid
 * @returns {Promise<number | undefined>}
 */
async function findChildOf(pid) {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      for (const entry of readdirSync("/proc")) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
          const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
          if (parent === pid) return Number(entry);
        } catch {
          // the process ended while we looked
        }
      }
    } catch {
      return undefined; // no /proc
    }
    await sleep(10);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Output

/** @param {Uint8Array | string} chunk */
function writeStdout(chunk) {
  return new Promise((resolvePromise) => {
    if (process.stdout.write(chunk)) resolvePromise(undefined);
    else process.stdout.once("drain", () => resolvePromise(undefined));
  });
}

/** @param {NodeJS.WriteStream} stream @param {string} text */
function writeAndFlush(stream, text) {
  return new Promise((resolvePromise) => stream.write(text, () => resolvePromise(undefined)));
}

/**
 * Splits on LF only, keeping each line's own bytes including its newline (or the lack of one
 * on the last line), so that concatenating the pieces gives back the file exactly.
 * @param {Buffer} bytes
 */
function splitLinesKeepingNewlines(bytes) {
  /** @type {Buffer[]} */
  const lines = [];
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline + 1;
    lines.push(bytes.subarray(start, end));
    start = end;
  }
  return lines;
}

/** The index of the first `result` event, i.e. how many lines come before it. @param {Buffer[]} lines */
function linesBeforeResult(lines) {
  const index = lines.findIndex((line) => {
    try {
      return JSON.parse(line.toString("utf8")).type === "result";
    } catch {
      return false;
    }
  });
  return index === -1 ? lines.length : index;
}

/**
 * A gate only a hung test setup leaves closed: the test opens it on an event it waits for (a request the
 * GitHub stand-in answered), which takes a second or two even on a loaded machine.
 */
const GATE_LIMIT_MS = 60_000;

/**
 * Before line `index`: wait for its gate's file to exist, then its pause. Neither writes anything: the
 * stream is the transcript's bytes whatever the timing, as the real CLI's is whatever its pace.
 * @param {number} index
 */
async function beforeLine(index) {
  const file = scenario.gates?.[index];
  if (file !== undefined) {
    record.waitingAt = index;
    saveRecord();
    const deadline = Date.now() + GATE_LIMIT_MS;
    while (!existsSync(file)) {
      if (Date.now() > deadline) {
        // Exit code 70 (EX_SOFTWARE): a broken test setup, never a behaviour of the real CLI.
        process.stderr.write(`fake-agent: the gate before line ${index} (${file}) was never opened\n`);
        process.exit(70);
      }
      await sleep(10);
    }
    record.waitingAt = undefined;
    saveRecord();
  }
  const pause = scenario.pauses?.[index];
  if (pause) await sleep(pause);
}

/**
 * @param {Buffer[]} lines
 * @param {number} limit
 */
async function replay(lines, limit) {
  const delayMs = scenario.delayMs ?? 0;
  const kept = lines.slice(0, limit);
  if ((scenario.gates || scenario.pauses) && scenario.chunkBytes) {
    throw new Error("gates and pauses are per line: they cannot be combined with chunkBytes");
  }
  if (scenario.chunkBytes && scenario.chunkBytes > 0) {
    const data = Buffer.concat(kept);
    for (let offset = 0; offset < data.length; offset += scenario.chunkBytes) {
      await writeStdout(data.subarray(offset, offset + scenario.chunkBytes));
      if (delayMs > 0) await sleep(delayMs);
    }
    return;
  }
  for (const [index, line] of kept.entries()) {
    await beforeLine(index);
    await writeStdout(line);
    if (delayMs > 0) await sleep(delayMs);
  }
}

/** Transcripts larger than this are read as they are replayed (the bench's GiB runs; Buffers stop at 2 GiB). */
const STREAMED_ABOVE = 256 * 1024 * 1024;

/** A whole transcript, one write per line, no pause, no cut: what {@link replayStreamed} can do. */
function isPlainReplay() {
  return (
    !scenario.chunkBytes &&
    !scenario.delayMs &&
    scenario.stopAfterLines === undefined &&
    !scenario.hang &&
    !scenario.gates &&
    !scenario.pauses
  );
}

/** Replays a transcript as {@link replay} does (one write per line) while reading it in 4 MiB pieces. @param {string} path */
async function replayStreamed(path) {
  const fd = openSync(path, "r");
  try {
    let rest = Buffer.alloc(0);
    const buf = Buffer.allocUnsafe(4 * 1024 * 1024);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      const data = rest.length ? Buffer.concat([rest, buf.subarray(0, n)]) : Buffer.from(buf.subarray(0, n));
      let start = 0;
      for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
        await writeStdout(data.subarray(start, nl + 1));
        start = nl + 1;
      }
      rest = data.subarray(start);
    }
    if (rest.length) await writeStdout(rest);
  } finally {
    closeSync(fd);
  }
}

/**
 * The minimal stream of a successful run (system/init, assistant, result/success), shaped like
 * the real captures, in the requested output format.
 * @param {ParsedArgs} parsed
 * @param {"env" | "flag"} apiKeySource
 * @param {string} [sessionId]
 */
function defaultOutput(parsed, apiKeySource, sessionId = randomUUID()) {
  const requestId = randomUUID();
  const model = typeof parsed.options.model === "string" ? parsed.options.model : "Auto";
  const workspace = typeof parsed.options.workspace === "string" ? parsed.options.workspace : ".";
  const text = `Done: ${parsed.prompt}`;
  const result = {
    type: "result",
    subtype: "success",
    duration_ms: 12,
    duration_api_ms: 10,
    is_error: false,
    result: text,
    session_id: sessionId,
    request_id: requestId,
    usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
  };
  const format = parsed.options.outputFormat ?? "text";
  if (format === "text") return `${text}\n`;
  if (format === "json") return `${JSON.stringify(result)}\n`;
  const events = [
    {
      type: "system",
      subtype: "init",
      apiKeySource,
      cwd: resolve(workspace),
      session_id: sessionId,
      model,
      permissionMode: "default",
    },
    {
      type: "assistant",
      message: { role: "assistant", content: [{ type: "text", text }] },
      session_id: sessionId,
    },
    result,
  ];
  return events.map((event) => `${JSON.stringify(event)}\n`).join("");
}

// ---------------------------------------------------------------------------------------------
// Chats

/**
 * The state directory under the scenario's rule (see ChatRule): a blank variable counts as unset, and
 * `~` is `$HOME` (Node's homedir() reads it first).
 * @param {ChatRule} rule
 */
function stateDir(rule) {
  const env = process.env;
  const set = (/** @type {string | undefined} */ v) => (v?.trim() ? v : undefined);
  const xdg = set(env.XDG_CONFIG_HOME) && join(/** @type {string} */ (env.XDG_CONFIG_HOME), "cursor");
  const byRule = {
    env: set(env.CURSOR_CONFIG_DIR) ?? set(env.CURSOR_DATA_DIR) ?? xdg,
    data: set(env.CURSOR_DATA_DIR),
    xdg,
    home: undefined,
  };
  return resolve(byRule[rule] || join(homedir(), ".cursor"));
}

/**
 * Where the CLI keeps a workspace's chats (docs/session.md): its state dir, `chats/`, the md5 of the
 * workspace's real path.
 * @param {ParsedArgs} parsed
 */
function chatsDir(parsed) {
  const workspace = resolve(typeof parsed.options.workspace === "string" ? parsed.options.workspace : ".");
  let real = workspace;
  try {
    real = realpathSync(workspace);
  } catch {}
  const hash = crypto().createHash("md5").update(real).digest("hex");
  return join(stateDir(scenario.chatRule ?? "env"), "chats", hash);
}

/**
 * The chat this run is a turn of: the one `--resume` names when the store has it, else a new one (the
 * CLI starts a new chat, silently, when it lacks the one asked for). Its `store.db` (JSON lines here,
 * SQLite in the CLI) gets this turn's prompt; the record says what the chat held before.
 * @param {ParsedArgs} parsed
 */
function keepChat(parsed) {
  const dir = chatsDir(parsed);
  const asked = typeof parsed.options.resume === "string" ? parsed.options.resume : undefined;
  const found = asked !== undefined && /^[\w-]+$/.test(asked) && existsSync(join(dir, asked, "store.db"));
  const id = found && asked ? asked : randomUUID();
  const store = join(dir, id, "store.db");
  /** @type {string[]} */
  const before = found
    ? readFileSync(store, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line).prompt)
    : [];
  mkdirSync(join(dir, id), { recursive: true, mode: 0o700 });
  appendFileSync(store, `${JSON.stringify({ prompt: parsed.prompt })}\n`, { mode: 0o600 });
  record.chat = { dir, id, asked, resumed: found, before };
  saveRecord();
  return id;
}

// ---------------------------------------------------------------------------------------------
// The run

/** @param {string} message @param {string} outcome */
async function fail(message, outcome) {
  record.outcome = outcome;
  saveRecord();
  await writeAndFlush(process.stderr, `${message}\n`);
  process.exit(1);
}

function hangForever() {
  // A pending timer keeps the event loop, and so the process, alive.
  setInterval(() => {}, 2 ** 30);
}

async function main() {
  saveRecord();

  /** @type {ParsedArgs} */
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message, "usage-error");
    throw error;
  }
  record.parsed = { options: parsed.options, prompt: parsed.prompt };
  record.stdinIsClosedOrNull = await probeStdin();
  saveRecord();

  if (parsed.options.help) {
    process.stdout.write(helpText());
    record.outcome = "help";
    process.exit(0);
  }
  const firstUnknown = parsed.unknown[0];
  if (firstUnknown !== undefined) return fail(`error: unknown option '${firstUnknown}'`, "usage-error");
  if (!parsed.options.print) {
    return fail("error: this fake cursor-agent only supports print mode (-p, --print)", "usage-error");
  }
  if (parsed.prompt.trim() === "") return fail("Error: No prompt provided for print mode.", "usage-error");

  const flagKey = typeof parsed.options.apiKey === "string" ? parsed.options.apiKey : undefined;
  const apiKey = flagKey ?? process.env.CURSOR_API_KEY;
  if (!apiKey) {
    return fail(
      "Error: Authentication required. Please run 'agent login' first, or set CURSOR_API_KEY environment variable.",
      "auth-required",
    );
  }
  if (scenario.badKey !== undefined && apiKey === scenario.badKey) {
    return fail("\u001b[33m⚠ Warning: The provided API key is invalid.\u001b[0m", "bad-key");
  }
  const trusted = Boolean(parsed.options.trust || parsed.options.yolo || parsed.options.force);
  if (scenario.requireTrust !== false && !trusted) {
    const workspace = resolve(typeof parsed.options.workspace === "string" ? parsed.options.workspace : ".");
    return fail(
      `Workspace Trust Required: the agent has not been allowed to work in ${workspace}. Pass --trust, --yolo, or -f to trust this workspace.`,
      "untrusted",
    );
  }
  const model = parsed.options.model;
  if (scenario.models && typeof model === "string" && !scenario.models.includes(model)) {
    return fail(
      `Cannot use this model: ${model}. Available models: ${scenario.models.join(", ")}`,
      "unknown-model",
    );
  }

  if (scenario.spawnChild) {
    // Like a shell tool's command: same process group, no stdio tied to ours. `sh` forks `sleep`,
    // so stopping only the direct child would leave `sleep` behind: the record names both.
    const child = spawn("sh", ["-c", "sleep 300"], { stdio: "ignore" });
    child.unref();
    record.childPid = child.pid;
    if (child.pid !== undefined) record.grandchildPid = await findChildOf(child.pid);
  }
  record.outcome = "running";
  saveRecord();

  if (scenario.transcript && isPlainReplay() && statSync(scenario.transcript).size > STREAMED_ABOVE) {
    await replayStreamed(scenario.transcript);
  } else {
    const bytes = scenario.transcript
      ? readFileSync(scenario.transcript)
      : Buffer.from(
          defaultOutput(parsed, flagKey ? "flag" : "env", scenario.chats ? keepChat(parsed) : undefined),
          "utf8",
        );
    const lines = splitLinesKeepingNewlines(bytes);
    const limit =
      scenario.stopAfterLines ?? (scenario.hang === "mid-stream" ? linesBeforeResult(lines) : lines.length);
    await replay(lines, limit);
  }
  await writeAndFlush(process.stdout, "");

  if (scenario.hang === "mid-stream" || scenario.hang === "after-result") {
    record.outcome = `hanging-${scenario.hang}`;
    saveRecord();
    hangForever();
    return;
  }
  if (scenario.stderr) await writeAndFlush(process.stderr, scenario.stderr);
  if (scenario.signal) {
    record.outcome = `killed-by-${scenario.signal}`;
    saveRecord();
    // A genuine death by this signal (not the CLI's own 143/130 exits): drop our handlers first.
    process.removeAllListeners("SIGTERM");
    process.removeAllListeners("SIGINT");
    process.kill(process.pid, scenario.signal);
    hangForever(); // until the signal is delivered
    return;
  }
  record.outcome = "finished";
  process.exit(scenario.exitCode ?? 0);
}

main().catch((error) => {
  process.stderr.write(
    `fake-agent: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(70);
});
