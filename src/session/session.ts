/**
 * `session: pull-request`: one chat per pull request or issue thread, carried across runs in GitHub's
 * Actions cache (docs/session.md). Before the agent starts, the thread's newest saved chat is restored
 * into the CLI's store, where the agent's user keeps it, and continued (`--resume <id>`); after the run
 * (whatever its end) the chat the agent had is saved as a new entry. A cache that cannot be used is a
 * notice and the run starts a new chat: it never fails the step.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { oneLine } from "../base/format.js";
import { type CacheCall, withCache } from "./cache.js";
import { checkTree, copyTree, type Side } from "./chat-store.js";
import { isChatId, runKey, type Thread, threadPrefix, workspaceChats } from "./key.js";

export type { Side } from "./chat-store.js";
export type { Thread } from "./key.js";

export interface ChatPlace {
  thread: Thread;
  /** The thread's pull request comes from a fork: its own runs can write the cache this run reads. */
  fromFork?: boolean;
  workspace: string;
  /** The agent's environment: HOME, XDG_CONFIG_HOME and CURSOR_CONFIG_DIR place its CLI's chats. */
  agentEnv: NodeJS.ProcessEnv;
  /** The agent's side (its user under unprivileged-user) and the action's. */
  agent: Side;
  self: Side;
}

export interface SessionDeps {
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

/** The chat's files go under `chat/`, its id in `chat.json`: the same path every run (the cache's version). */
export function stagingDir(env: NodeJS.ProcessEnv): string {
  return path.join(env.RUNNER_TEMP || tmpdir(), "cursor-agent-chat");
}

const name = (t: Thread) => `#${t.number}`;

/** Before the agent starts: the thread's newest chat into the CLI's store. Never throws. */
export async function restoreChat(
  place: ChatPlace,
  deps: SessionDeps,
  deadlineMs: number,
): Promise<RestoredChat> {
  const { thread } = place;
  if (place.fromFork) {
    deps.notice(
      `No chat is restored for ${name(thread)}: it comes from a fork, whose own workflow runs can write the cache this run reads. A new chat starts.`,
    );
    return {};
  }
  const staging = stagingDir(deps.cache.env);
  const fail = (why: string): RestoredChat => {
    deps.notice(`The chat of ${name(thread)} could not be restored (${oneLine(why)}): a new chat starts.`);
    return {};
  };
  try {
    await fresh(staging);
  } catch (e) {
    return fail((e as Error).message);
  }
  const answer = await withCache({ ...deps.cache, deadlineMs }, (cache) =>
    cache.restoreCache([staging], `${threadPrefix(thread)}${deps.now()}`, [threadPrefix(thread)]),
  );
  for (const line of answer.lines) deps.log(line);
  if (answer.trouble) return fail(answer.trouble);
  if (!answer.value) {
    deps.log(`No saved chat for ${name(thread)}: a new chat starts.`);
    return {};
  }
  try {
    const id = await stagedId(staging);
    const why = await checkTree(path.join(staging, "chat"));
    if (why) return fail(`the saved chat is refused: ${why}`);
    const to = path.join(workspaceChats(place.agentEnv, place.workspace), id);
    await copyTree(path.join(staging, "chat"), place.self, to, place.agent);
    deps.log(`Continuing the chat ${id} of ${name(thread)} (saved as ${answer.value}).`);
    return { resume: id, key: answer.value };
  } catch (e) {
    return fail((e as Error).message);
  } finally {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * After the agent has exited (whatever its end), before its home is removed: the chat `chatId` from the
 * CLI's store, saved as this run's entry. Never throws; true when saved.
 */
export async function saveChat(
  place: ChatPlace,
  chatId: string | undefined,
  deps: SessionDeps,
  deadlineMs: number,
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
  try {
    await fresh(staging);
    const from = path.join(workspaceChats(place.agentEnv, place.workspace), chatId);
    await copyTree(from, place.agent, path.join(staging, "chat"), place.self);
    const why = await checkTree(path.join(staging, "chat"));
    if (why) return fail(`the chat is not saved: ${why}`);
    await writeFile(path.join(staging, "chat.json"), JSON.stringify({ id: chatId }), { mode: 0o600 });
  } catch (e) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    return fail((e as Error).message);
  }
  const key = runKey(thread, deps.cache.env, deps.now());
  const answer = await withCache({ ...deps.cache, deadlineMs }, (cache) => cache.saveCache([staging], key));
  await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  for (const line of answer.lines) deps.log(line);
  if (answer.trouble || answer.value === undefined || answer.value === -1) {
    return fail(answer.trouble ?? "the cache did not take it");
  }
  deps.log(`The chat ${chatId} of ${name(thread)} is saved (${key}).`);
  return true;
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
