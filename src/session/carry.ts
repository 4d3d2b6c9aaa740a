/**
 * `session: pull-request`: one chat per pull request or issue thread, carried across runs in GitHub's
 * Actions cache (docs/session.md). Before the agent starts, the thread's newest saved chat is restored
 * into the CLI's store, where the agent's user keeps it, and continued (`--resume <id>`); after the run
 * (whatever its end) the chat the agent had is saved as a new entry. A cache that cannot be used is a
 * notice and the run starts a new chat: it never fails the step.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { formatDuration, oneLine } from "../base/format.js";
import { SYSTEM_PATH } from "../base/system-dirs.js";
import { type CacheCall, withCache } from "./cache.js";
import { checkTree, copyTree, MAX_CHAT_ENTRY_BYTES, type Side } from "./chat-store.js";
import { findChat } from "./found.js";
import { chatIn, isChatId, runKey, statePlaces, type Thread, threadPrefix } from "./key.js";
import { unpackEntry } from "./restore.js";

export type { Side } from "./chat-store.js";
export type { Thread } from "./key.js";

export interface ChatPlace {
  thread: Thread;
  /** The thread's pull request comes from a fork: its own runs can write the cache this run reads. */
  fromFork?: boolean;
  workspace: string;
  /** The agent's environment: its HOME, XDG_CONFIG_HOME, CURSOR_CONFIG_DIR and CURSOR_DATA_DIR are where
   * a build of its CLI may keep its chats (key.ts statePlaces). */
  agentEnv: NodeJS.ProcessEnv;
  /**
   * The one state dir every rule names in `agentEnv`, when the action laid the agent's home out so
   * (unprivileged-user: security/agent-user.ts): the chat is restored there alone. Without it, into every
   * candidate place. After the run every candidate place is looked in either way.
   */
  stateDir?: string;
  /** The agent's side (its user under unprivileged-user) and the action's. */
  agent: Side;
  self: Side;
}

export interface CarryDeps {
  /** The runtime token from the action's memory, and the runner's variables. */
  cache: Omit<CacheCall, "deadlineMs">;
  now: () => number;
  /** A line of the log (neutralised by the writer). */
  log: (line: string) => void;
  notice: (message: string) => void;
}

export interface RestoredChat {
  /** The chat to continue (`--resume`), when one was restored. */
  resume?: string;
  /** The entry it came from. */
  key?: string;
}

/**
 * Where a chat is saved from: its files under `chat/`, its id in `chat.json`. The same path every run: the
 * entry's version is made of it, and a restore asks for that version. The name changed with the archive's
 * layout (members named from this directory, `./chat.json`, where they were named from the workspace,
 * `../…`, before): entries of the old layout are of another version, never asked for.
 */
export function stagingDir(env: NodeJS.ProcessEnv): string {
  return path.join(env.RUNNER_TEMP || tmpdir(), "cursor-agent-chat-2");
}

/** The runner's variables for a cache call: programs from the system's directories (cache.ts). */
function callEnv(env: NodeJS.ProcessEnv, workspace?: string): NodeJS.ProcessEnv {
  return { ...env, PATH: SYSTEM_PATH, ...(workspace ? { GITHUB_WORKSPACE: workspace } : {}) };
}

/**
 * A deadline over several steps: aborts `signal` at `ms`, or when `cut` aborts (a cancel's share spent),
 * with its reason; `left()` is what remains of it, `why()` why it ended. A timer of its own, never
 * cleared: it only aborts a signal nobody reads once the steps are done.
 */
function deadline(ms: number, cut?: AbortSignal) {
  const start = Date.now();
  const control = new AbortController();
  setTimeout(() => control.abort(new Error(`no end within ${formatDuration(ms)}`)), ms).unref();
  const signal = cut ? AbortSignal.any([control.signal, cut]) : control.signal;
  return {
    signal,
    left: () => (signal.aborted ? 0 : Math.max(0, ms - (Date.now() - start))),
    why: () => (signal.reason as Error | undefined)?.message ?? "stopped",
    /** Resolves when `cut` aborts: a cache call running then is given up (cache.ts `until`). */
    cut:
      cut &&
      new Promise<void>((resolve) =>
        cut.aborted ? resolve() : cut.addEventListener("abort", () => resolve(), { once: true }),
      ),
  };
}

const name = (t: Thread) => `#${t.number}`;

/** Before the agent starts: the thread's newest chat into the CLI's store. Never throws. */
export async function restoreChat(
  place: ChatPlace,
  deps: CarryDeps,
  deadlineMs: number,
): Promise<RestoredChat> {
  const { thread } = place;
  if (place.fromFork) {
    deps.notice(
      `No chat is restored for ${name(thread)}: it comes from a fork, whose own workflow runs can write the cache this run reads. A new chat starts.`,
    );
    return {};
  }
  const fail = (why: string): RestoredChat => {
    deps.notice(`The chat of ${name(thread)} could not be restored (${oneLine(why)}): a new chat starts.`);
    return {};
  };
  const time = deadline(deadlineMs);
  let work: string | undefined;
  try {
    // A directory of its own, new, the action's alone: the archive and what it holds, nothing else.
    work = await mkdtemp(path.join(deps.cache.env.RUNNER_TEMP || tmpdir(), "cursor-agent-chat-restore-"));
    const archives = path.join(work, "archive");
    await mkdir(archives, { mode: 0o700 });
    const env = callEnv(deps.cache.env);
    const answer = await withCache({ ...deps.cache, env, deadlineMs: time.left() }, (cache) =>
      cache.fetch(
        [stagingDir(env)],
        `${threadPrefix(thread)}${deps.now()}`,
        [threadPrefix(thread)],
        archives,
        // An entry is anyone's who can write one in a scope the run reads: not read past what a chat can be.
        MAX_CHAT_ENTRY_BYTES,
      ),
    );
    for (const line of answer.lines) deps.log(line);
    if (answer.trouble) return fail(answer.trouble);
    if (!answer.value) {
      deps.log(`No saved chat for ${name(thread)}: a new chat starts.`);
      return {};
    }
    const tree = path.join(work, "tree");
    const refused = await unpackEntry(answer.value, tree, time.signal);
    if (refused) return fail(`the saved chat is refused: ${refused}`);
    const id = await stagedId(tree);
    const why = await checkTree(path.join(tree, "chat"));
    if (why) return fail(`the saved chat is refused: ${why}`);
    await placeChat(place, path.join(tree, "chat"), id, deps, time.signal);
    deps.log(`Continuing the chat ${id} of ${name(thread)} (saved as ${answer.value.key}).`);
    return { resume: id, key: answer.value.key };
  } catch (e) {
    return fail(time.signal.aborted ? time.why() : (e as Error).message);
  } finally {
    if (work) await rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * After the agent has exited (whatever its end), before its home is removed: the chat `chatId` from the
 * CLI's store, saved as this run's entry, within `deadlineMs`, or until `cut` aborts (a cancel that came
 * meanwhile: the copies are killed, the upload given up). Never throws; true when saved.
 */
export async function saveChat(
  place: ChatPlace,
  chatId: string | undefined,
  deps: CarryDeps,
  deadlineMs: number,
  cut?: AbortSignal,
): Promise<boolean> {
  const { thread } = place;
  if (place.fromFork) return false;
  if (!isChatId(chatId)) {
    deps.log(`No chat to save for ${name(thread)}: the agent named none.`);
    return false;
  }
  const staging = stagingDir(deps.cache.env);
  const fail = (why: string) => {
    deps.notice(`The chat of ${name(thread)} could not be saved (${oneLine(why)}).`);
    return false;
  };
  // The copies out of the agent's store count against the save's deadline as the upload does.
  const time = deadline(deadlineMs, cut);
  const why = await stageChat(place, chatId, staging, deps, time.signal).catch((e: Error) =>
    time.signal.aborted ? time.why() : e.message,
  );
  if (why !== undefined) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    return fail(why);
  }
  const key = runKey(thread, deps.cache.env, deps.now());
  // Members named from the staging directory (`./chat.json`, `./chat/…`), as a restore expects them.
  const env = callEnv(deps.cache.env, staging);
  const stops = [deps.cache.until, time.cut].filter((p) => p !== undefined);
  const until = stops.length > 0 ? Promise.race(stops) : undefined;
  const answer = await withCache({ ...deps.cache, env, deadlineMs: time.left(), until }, (cache) =>
    cache.save([staging], key),
  );
  await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  for (const line of answer.lines) deps.log(line);
  if (answer.trouble || answer.value === undefined || answer.value === -1) {
    if (cut?.aborted) return fail(time.why());
    return fail(answer.trouble ?? "the cache did not take it");
  }
  deps.log(`The chat ${chatId} of ${name(thread)} is saved (${key}).`);
  return true;
}

/**
 * The staged chat into the CLI's place for it: the one state dir every rule names, else each candidate
 * (a build follows one rule, unknown which). Written in one place at least, or it rejects; a place that
 * could not be written is said.
 */
async function placeChat(
  place: ChatPlace,
  from: string,
  id: string,
  deps: CarryDeps,
  signal: AbortSignal,
): Promise<void> {
  const dirs = place.stateDir ? [place.stateDir] : statePlaces(place.agentEnv, place.workspace);
  const failed: string[] = [];
  for (const dir of dirs) {
    const to = chatIn(dir, place.workspace, id);
    await copyTree(from, place.self, to, place.agent, signal).catch((e: Error) => failed.push(e.message));
  }
  signal.throwIfAborted();
  if (dirs.length === 0 || failed.length === dirs.length) {
    throw new Error(failed[0] ?? "the agent's environment names no place for its chats");
  }
  for (const why of failed) deps.log(`The chat ${id} could not be placed everywhere: ${oneLine(why)}.`);
}

/**
 * The chat `id` from wherever the CLI kept it into the staging directory (`chat/`, `chat.json`), checked.
 * Resolves with why it is not saved, or undefined.
 */
async function stageChat(
  place: ChatPlace,
  id: string,
  staging: string,
  deps: CarryDeps,
  signal: AbortSignal,
): Promise<string | undefined> {
  await fresh(staging);
  const places = statePlaces(place.agentEnv, place.workspace).map((d) => chatIn(d, place.workspace, id));
  const found = await findChat(
    places,
    place.agent,
    place.self,
    path.join(staging, "found"),
    path.join(staging, "chat"),
    signal,
  );
  const { kept, copies } = found;
  if (!kept) {
    const refused = copies[0]?.refused;
    if (refused) return `the chat is not saved: ${refused}`;
    // The notice is one short line: the places go to the log.
    deps.log(`The chat ${id} is in none of the places the CLI may keep it: ${places.join(", ")}.`);
    return `it is in none of the ${places.length} places the CLI may keep it`;
  }
  if (copies.length > 1) {
    const others = copies
      .filter((c) => c !== kept)
      .map((c) => `${c.place}${c.refused ? ` (${c.refused})` : ""}`);
    deps.log(
      `The chat ${id} was in ${copies.length} places: ${kept.place} is kept (the newest), not ${others.join(", ")}.`,
    );
  }
  await writeFile(path.join(staging, "chat.json"), JSON.stringify({ id }), { mode: 0o600 });
  return undefined;
}

/** The staging directory, empty and the action's alone. */
async function fresh(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

/** The chat id saved with the store; anything that is not one is refused. */
async function stagedId(staging: string): Promise<string> {
  const raw = await readFile(path.join(staging, "chat.json"), "utf8").catch(() => "");
  let id: unknown;
  try {
    id = (JSON.parse(raw) as { id?: unknown }).id;
  } catch {
    id = undefined;
  }
  if (!isChatId(id)) throw new Error("the saved chat has no valid id");
  return id;
}
