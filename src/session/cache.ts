/**
 * GitHub's Actions cache, through the real `@actions/cache` client (cache service v2: twirp JSON endpoints
 * under `$ACTIONS_RESULTS_URL`, signed blob URLs; docs/runner.md), loaded only when a run keeps a chat.
 *
 * Three things the client does its own way are held here:
 *
 * - The runtime token. The client reads `process.env.ACTIONS_RUNTIME_TOKEN` when it makes its service
 *   client, after awaiting a child (`zstd --version`) when it saves. The action has scrubbed that variable
 *   from its environment (base/withheld.ts) so that no child, the agent above all, inherits it. So for the
 *   call only, `process.env` is a view of the real environment that also answers the cache's variables
 *   from the action's memory, and does not list the token: a child is made from the variables an
 *   environment lists (child_process, @actions/exec), so none started meanwhile (zstd, tar, git) gets it.
 *   The view is taken down at the client's first request (it has read the token by then) or the call's end.
 *   The agent never runs during a call: the chat is restored before it starts and saved after it exits.
 * - The programs it runs (`zstd` to choose a compression, `tar` and `zstd` to save): found through
 *   `process.env.PATH`, which the call answers with the system's directories (the caller's `PATH`), never
 *   the job's: the action may be root, and an earlier step may have put a directory of the workspace's on
 *   the job's PATH.
 * - Its log. It writes `::warning::`/`::error::` for a cache it cannot reach; for this action an unavailable
 *   cache is a notice (the run starts a new chat), so what it writes during the call is taken, by async
 *   context, and handed back as lines and troubles; the rest of the action's output goes on as it was.
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
  firstRequest?: () => void;
}

const context = new AsyncLocalStorage<Call>();
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
  const state: Call = { lines: [], troubles: [], requests: new Set(), failures: [], expired: false };
  const view = viewEnvironment(call.token, call.env);
  state.firstRequest = view.dropToken;
  const untake = takeOutput();
  const running = context.run(state, () => use(cache));
  // The client may go on after the deadline (a retry's sleep): its output stays taken until it settles.
  void running
    .catch(() => undefined)
    .finally(() => {
      untake();
    });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), call.deadlineMs);
  });
  try {
    const stop = call.until ? [call.until.then(() => "stopped" as const)] : [];
    const value = await Promise.race([running, late, ...stop]);
    if (value === "late" || value === "stopped") {
      state.expired = true;
      for (const r of state.requests) r.destroy(new Error("deadline"));
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
    view.restore();
  }
}

/** The statuses the service answered first: the client's own words are long, and cut in a notice. */
function answered(state: Call, why: string): string {
  return state.failures.length > 0 ? `answered ${state.failures.join(", ")}; ${why}` : why;
}

function onRequest(message: unknown): void {
  const state = context.getStore();
  const request = (message as { request?: ClientRequest }).request;
  if (!state || !request) return;
  state.firstRequest?.();
  if (state.expired) {
    request.destroy(new Error("deadline"));
    return;
  }
  state.requests.add(request);
  request.once("response", (response) => {
    const status = response.statusCode;
    if (status !== undefined && status >= 400) state.failures.push(status);
  });
}

/**
 * `process.env` answering the call's variables from memory, the token unlisted. The token goes at the
 * client's first request (it has read it by then); the rest (where tar works, the temporary directory)
 * stays until the call's end.
 */
function viewEnvironment(token: string, env: NodeJS.ProcessEnv) {
  const real = process.env;
  const own = new Map<string, string>([[TOKEN, token]]);
  for (const name of CALL_VARIABLES) {
    const v = env[name];
    if (v !== undefined) own.set(name, v);
  }
  const view = new Proxy(real, {
    get: (target, k) => (typeof k === "string" && own.has(k) ? own.get(k) : Reflect.get(target, k)),
    has: (target, k) => (typeof k === "string" && own.has(k)) || Reflect.has(target, k),
  });
  process.env = view;
  return {
    dropToken: () => own.delete(TOKEN),
    restore: () => {
      own.delete(TOKEN);
      if (process.env === view) process.env = real;
    },
  };
}

/**
 * The client's writes to stdout (@actions/core writes workflow commands there), by async context: a mask
 * goes on to the runner, warnings and errors become troubles, debug lines are dropped, the rest are lines.
 */
function takeOutput(): () => void {
  const original = process.stdout.write;
  const taking = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
    const state = context.getStore();
    if (!state) return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
    for (const line of text.split(/\r?\n/)) sort(line, state, (l) => original.call(process.stdout, `${l}\n`));
    const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
    done?.();
    return true;
  };
  process.stdout.write = taking as typeof process.stdout.write;
  return () => {
    if (process.stdout.write === taking) process.stdout.write = original;
  };
}

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
