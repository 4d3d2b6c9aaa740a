/**
 * GitHub's Actions cache, through the real `@actions/cache` client (cache service v2: twirp JSON endpoints
 * under `$ACTIONS_RESULTS_URL`, signed blob URLs; docs/runner.md), loaded only when a run keeps a chat.
 *
 * Three things the client does its own way are held here:
 *
 * - The runtime token. The client reads `process.env.ACTIONS_RUNTIME_TOKEN` when it makes its service
 *   client, after awaiting a child (`zstd --version`) when it saves. The action has scrubbed that variable
 *   from its environment (base/withheld.ts) so that no child, the agent above all, inherits it. So during
 *   a call, `process.env` is a view of the real environment that also answers the cache's variables from
 *   the action's memory, to the call alone (by async context), and does not list the token: a child is
 *   made from the variables an environment lists (child_process, @actions/exec), so none started meanwhile
 *   (zstd, tar, git) gets it. The token goes at the client's first request (it has read it by then) or the
 *   call's end, the view with the last call's end. The agent never runs during a call: the chat is
 *   restored before it starts and saved after it exits.
 * - The programs it runs (`zstd` to choose a compression, `tar` and `zstd` to save): found through
 *   `process.env.PATH`, which the call answers with the system's directories (the caller's `PATH`), never
 *   the job's: the action may be root, and an earlier step may have put a directory of the workspace's on
 *   the job's PATH.
 * - Its log. It writes `::warning::`/`::error::` for a cache it cannot reach; for this action an unavailable
 *   cache is a notice (the run starts a new chat), so what it writes during the call is taken, by async
 *   context, and handed back as lines and troubles; the rest of the action's output goes on as it was.
 *
 * Both globals are replaced only while a call needs them (the output until its client has settled), by
 * one stand-in however many calls overlap, which acts only in a call's async context and is put back by
 * the last: anything else in the process (the rest of the action, a test beside it) reads the environment
 * and writes its output as it would without it.
 * - Its waits. It retries, and has no timeout of its own on the service: at the deadline the call's HTTP
 *   requests are destroyed, and any it makes after it is destroyed as it starts.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import diagnostics from "node:diagnostics_channel";
import type { ClientRequest } from "node:http";
import { formatDuration } from "../base/format.js";

export interface CacheCall {
  /** The runtime token, from the action's memory (read before the environment was scrubbed). */
  token?: string;
  /** The runner's variables: `ACTIONS_RESULTS_URL`, `ACTIONS_CACHE_SERVICE_V2`, `RUNNER_TEMP`, … */
  env: NodeJS.ProcessEnv;
  deadlineMs: number;
  /** Ends the wait before the deadline (a cancel; a test that has seen what it waits for). */
  until?: Promise<unknown>;
}

export interface CacheAnswer<T> {
  /** Undefined when the call did not end in time, or threw. */
  value?: T;
  /** Why the cache could not be used (the client's warnings and errors, a deadline): a notice. */
  trouble?: string;
  /** What the client said otherwise, for the log. */
  lines: string[];
}

type CacheClient = import("./cache-client.js").CacheClient;

/** The cache's variables a call reads; every other read goes to the real environment. */
const CALL_VARIABLES = [
  "ACTIONS_RESULTS_URL",
  "ACTIONS_CACHE_SERVICE_V2",
  "ACTIONS_CACHE_URL",
  "GITHUB_SERVER_URL",
  "RUNNER_TEMP",
  "GITHUB_WORKSPACE",
  "PATH",
] as const;
const TOKEN = "ACTIONS_RUNTIME_TOKEN";

interface Call {
  lines: string[];
  troubles: string[];
  requests: Set<ClientRequest>;
  /** Statuses of 400 and more the service answered (the client retries some: the deadline may come first). */
  failures: number[];
  expired: boolean;
  /** The cache's variables, answered to this call from memory; the token until the client's first request. */
  own: Map<string, string>;
}

const context = new AsyncLocalStorage<Call>();
/** The calls whose client has not settled yet (it may outlive its call: see {@link settledCalls}). */
const clients = new Set<Promise<unknown>>();
// Once, for every call: a request made outside a call's async context is not looked at.
diagnostics.subscribe("http.client.request.start", onRequest);

/** Runs `use` with the cache client under the rules above. Never throws. */
export async function withCache<T>(
  call: CacheCall,
  use: (cache: CacheClient) => Promise<T>,
): Promise<CacheAnswer<T>> {
  if (!call.token) return { trouble: "no runtime token (ACTIONS_RUNTIME_TOKEN)", lines: [] };
  if (!call.env.ACTIONS_RESULTS_URL) return { trouble: "no cache service (ACTIONS_RESULTS_URL)", lines: [] };
  const { cacheClient: cache } = await import("./cache-client.js");
  const own = new Map<string, string>([[TOKEN, call.token]]);
  for (const name of CALL_VARIABLES) {
    const v = call.env[name];
    if (v !== undefined) own.set(name, v);
  }
  const state: Call = { lines: [], troubles: [], requests: new Set(), failures: [], expired: false, own };
  const releaseEnvironment = holdEnvironment();
  const releaseOutput = holdOutput();
  const running = context.run(state, () => use(cache));
  // The client may go on after the deadline (a retry's sleep): its output stays taken until it settles.
  const settled = running
    .catch(() => undefined)
    .finally(() => {
      releaseOutput();
      clients.delete(settled);
    });
  clients.add(settled);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), call.deadlineMs);
  });
  try {
    const stop = call.until ? [call.until.then(() => "stopped" as const)] : [];
    const value = await Promise.race([running, late, ...stop]);
    if (value === "late" || value === "stopped") {
      state.expired = true;
      for (const r of state.requests) r.destroy(reset());
      const when =
        value === "late" ? `no answer within ${formatDuration(call.deadlineMs)}` : "stopped waiting";
      return { trouble: answered(state, when), lines: state.lines };
    }
    const trouble = state.troubles.length > 0 ? answered(state, state.troubles.join("; ")) : undefined;
    return { value, trouble, lines: state.lines };
  } catch (e) {
    return { trouble: answered(state, (e as Error).message), lines: state.lines };
  } finally {
    clearTimeout(timer);
    own.delete(TOKEN);
    releaseEnvironment();
  }
}

/**
 * Once every call's client has settled, and with it the last stand-in is put back. A client stopped at
 * its deadline may still be in a retry's sleep: its next request is destroyed as it starts, and it gives
 * up then. For a test that must leave the process as it found it.
 */
export async function settledCalls(): Promise<void> {
  await Promise.all([...clients]);
}

/**
 * A request ended at the deadline, as a reset connection: the client retries a request that fails
 * otherwise (its sleeps add up to ~25 s, with its output taken meanwhile), never a reset one.
 */
function reset(): Error {
  return Object.assign(new Error("deadline"), { code: "ECONNRESET" });
}

/** The statuses the service answered first: the client's own words are long, and cut in a notice. */
function answered(state: Call, why: string): string {
  return state.failures.length > 0 ? `answered ${state.failures.join(", ")}; ${why}` : why;
}

function onRequest(message: unknown): void {
  const state = context.getStore();
  const request = (message as { request?: ClientRequest }).request;
  if (!state || !request) return;
  state.own.delete(TOKEN);
  if (state.expired) {
    request.destroy(reset());
    return;
  }
  state.requests.add(request);
  request.once("response", (response) => {
    const status = response.statusCode;
    if (status !== undefined && status >= 400) state.failures.push(status);
  });
}

/**
 * `owner[key]` replaced by `standIn(original)` while anyone holds it: the first hold puts it in, the last
 * release puts the original back (unless something else replaced it meanwhile: theirs stays).
 */
function shared<T extends object, K extends keyof T>(owner: T, key: K, standIn: (original: T[K]) => T[K]) {
  let holders = 0;
  let original = owner[key];
  let mine = original;
  return (): (() => void) => {
    if (holders++ === 0) {
      original = owner[key];
      mine = standIn(original);
      owner[key] = mine;
    }
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--holders === 0 && owner[key] === mine) owner[key] = original;
    };
  };
}

/**
 * `process.env` answering a call's own variables to that call; to anything else, the real environment.
 * Nothing is listed that the real environment does not list (a child gets what is listed).
 */
const holdEnvironment = shared(
  process,
  "env",
  (real) =>
    new Proxy(real, {
      get: (target, k) => {
        const own = context.getStore()?.own;
        return typeof k === "string" && own?.has(k) ? own.get(k) : Reflect.get(target, k);
      },
      has: (target, k) => (typeof k === "string" && context.getStore()?.own.has(k)) || Reflect.has(target, k),
    }),
);

/**
 * The client's writes to stdout (@actions/core writes workflow commands there), by async context: a mask
 * goes on to the runner, warnings and errors become troubles, debug lines are dropped, the rest are lines.
 * Any other write goes out as it came.
 */
const holdOutput = shared(process.stdout, "write", (original) => {
  const write = original as (...a: unknown[]) => boolean;
  return function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
    const state = context.getStore();
    if (!state) return write.call(this, chunk, ...rest);
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
    for (const line of text.split(/\r?\n/)) sort(line, state, (l) => write.call(process.stdout, `${l}\n`));
    const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
    done?.();
    return true;
  } as typeof original;
});

function sort(line: string, state: Call, pass: (line: string) => void): void {
  if (line === "" || line.startsWith("::debug::")) return;
  if (line.startsWith("::add-mask::")) pass(line);
  else if (/^::(warning|error)( [^:]*)?::/.test(line))
    state.troubles.push(commandData(line.replace(/^::[^:]*::/, "")));
  else if (line.startsWith("::")) return;
  else state.lines.push(line);
}

/** A workflow command's data as @actions/core escapes it. */
function commandData(s: string): string {
  return s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
}
