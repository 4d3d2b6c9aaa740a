/**
 * The live progress comment's pace and last words, on fake timers against a fake GitHub: the first write at
 * start, at most one update per 15 s, todo bursts coalesced into one update (which waits for a request in
 * flight, then goes at once), never two requests at once, nothing landing after the report, no wait after a
 * cancel, no last word over the report, no more tries after a refusal, and the call in progress shown while
 * any runs.
 */
import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CANCEL_DEADLINES } from "../../src/base/deadlines.js";
import type { CommentClient, IssueComment } from "../../src/github/api.js";
import type { ModelUpdate, RunModel, ToolCall } from "../../src/model/run-model.js";
import { ProgressComment } from "../../src/publish/progress.js";
import type { TodoItem } from "../../src/tools/index.js";

const TARGET = { owner: "octo", repo: "repo", issue: 7 };

interface Call {
  kind: "whoAmI" | "list" | "create" | "update";
  body?: string;
  at: number;
}

/**
 * GitHub as the progress comment sees it: each request answered after `latencyMs` (or held until
 * `release()`), failed by `failWith`, and aborted by its signal the way octokit's are (here an aborted
 * request never lands; the real GitHub may still apply one it had received, which is why finish() waits
 * rather than aborts). `body` is the comment as GitHub has it.
 */
class FakeGitHub {
  calls: Call[] = [];
  open = 0;
  maxOpen = 0;
  latencyMs = 0;
  hold = false;
  private held: (() => void)[] = [];
  failWith: ((c: Call) => unknown) | undefined;
  body: string | undefined;
  /** Every body that landed, in order. */
  landed: string[] = [];

  readonly client = async (signal?: AbortSignal): Promise<CommentClient> => ({
    whoAmI: () => this.request(signal, { kind: "whoAmI", at: Date.now() }, () => undefined),
    comments: () => this.list(signal),
    create: (_t, body) =>
      this.request(signal, { kind: "create", body, at: Date.now() }, () => this.land(body)),
    update: (_t, _id, body) =>
      this.request(signal, { kind: "update", body, at: Date.now() }, () => this.land(body)),
  });

  private async *list(signal: AbortSignal | undefined): AsyncIterable<IssueComment> {
    const ours = (body: string): IssueComment => ({ id: 1, body, user: { type: "Bot" }, html_url: "u" });
    yield* await this.request(signal, { kind: "list", at: Date.now() }, () =>
      this.body === undefined ? [] : [ours(this.body)],
    );
  }

  /** The report, as publish.ts writes it (its own client). */
  report(text: string): void {
    this.land(text);
  }

  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  writes(): Call[] {
    return this.calls.filter((c) => c.kind === "create" || c.kind === "update");
  }

  private land(body: string) {
    this.body = body;
    this.landed.push(body);
    return { id: 1, html_url: "https://github.com/octo/repo/pull/7#issuecomment-1" };
  }

  private request<T>(signal: AbortSignal | undefined, call: Call, result: () => T): Promise<T> {
    this.calls.push(call);
    this.open++;
    this.maxOpen = Math.max(this.maxOpen, this.open);
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const end = (f: () => void) => {
        if (settled) return;
        settled = true;
        this.open--;
        signal?.removeEventListener("abort", onAbort);
        f();
      };
      const onAbort = () =>
        end(() => reject(Object.assign(new Error("This operation was aborted"), { name: "AbortError" })));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort);
      const answer = () =>
        end(() => {
          const failure = this.failWith?.(call);
          if (failure) reject(failure);
          else resolve(result());
        });
      if (this.hold) this.held.push(answer);
      else if (this.latencyMs === 0) queueMicrotask(answer);
      else setTimeout(answer, this.latencyMs);
    });
  }
}

function httpError(status: number, message: string, headers: Record<string, string> = {}) {
  return Object.assign(new Error(message), { status, response: { headers } });
}

const fakeModel = () => ({ todos: [] as TodoItem[], toolCounts: () => ({ total: 0 }) });

function setUp(gh: FakeGitHub, extra: { signals?: EventEmitter } = {}) {
  const model = fakeModel();
  const debug: string[] = [];
  const p = new ProgressComment({
    client: gh.client,
    target: TARGET,
    key: "k",
    model: model as unknown as RunModel,
    filesChanged: () => 0,
    redact: (t) => t,
    now: Date.now,
    debug: (m) => debug.push(m),
    signals: extra.signals as Pick<NodeJS.Process, "on" | "off"> | undefined,
  });
  const call = (id: string, name: string, target?: string) =>
    ({ callId: id, name, target, startedAt: Date.now() }) as ToolCall;
  const update = (u: Partial<ModelUpdate> & { type: string }) => p.onUpdate(u as ModelUpdate);
  const started = (c: ToolCall) => update({ type: "tool-start", call: c });
  const ended = (c: ToolCall) => update({ type: "tool-end", call: c });
  /** A todo list change: a new list, announced by the end of the call that made it. */
  const todos = (items: [string, TodoItem["status"]][]) => {
    model.todos = items.map(([content, status], i) => ({ id: String(i), content, status }));
    ended(call(`t${Math.random()}`, "Update todos"));
  };
  return { p, model, debug, call, started, ended, todos };
}

/** finish() may wait (fake) time for a request in flight. */
/** finish(), with time enough for a request in flight (it is waited for up to 10 s). */
async function finish(p: ProgressComment): Promise<void> {
  const done = p.finish();
  await vi.advanceTimersByTimeAsync(11_000);
  await done;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the progress comment's pace", () => {
  it("writes at start, then at most one update per 15 s, and none when nothing changed", async () => {
    const gh = new FakeGitHub();
    const { p, call, started, ended } = setUp(gh);
    p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gh.writes().map((w) => w.kind)).toEqual(["create"]);
    expect(gh.body).toContain("Cursor agent is working");
    // Calls every 100 ms: their updates wait for the tick.
    for (let t = 1_000; t < 59_000; t += 100) {
      const c = call(`c${t}`, "Read", "a.ts");
      started(c);
      ended(c);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(gh.writes().map((w) => w.at)).toEqual([0, 15_000, 30_000, 45_000]);
    // Nothing new: no update.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gh.writes()).toHaveLength(5); // the tick at 60 s carried the last calls
    expect(gh.writes().at(-1)!.at).toBe(60_000);
    await finish(p);
  });

  it("a burst of todo changes is one update, a second after the first change, with the latest list", async () => {
    const gh = new FakeGitHub();
    const { p, todos } = setUp(gh);
    p.start();
    await vi.advanceTimersByTimeAsync(2_000);
    todos([["Read", "in_progress"]]);
    await vi.advanceTimersByTimeAsync(300);
    todos([["Read", "done"]]);
    await vi.advanceTimersByTimeAsync(300);
    todos([
      ["Read", "done"],
      ["Fix", "in_progress"],
    ]);
    await vi.advanceTimersByTimeAsync(2_000);
    const w = gh.writes();
    expect(w).toHaveLength(2);
    expect(w[1]!.at).toBe(3_000);
    expect(w[1]!.body).toContain("- [x] Read\n- [ ] Fix _(in progress)_");
    await finish(p);
  });

  it("never has two requests in flight, whatever the latency", async () => {
    const gh = new FakeGitHub();
    gh.latencyMs = 7_000; // the first write (three requests) takes 21 s, past a tick
    const { p, todos, call, started } = setUp(gh);
    p.start();
    for (let t = 0; t < 120_000; t += 500) {
      if (t % 2_000 === 0) todos([[`step ${t}`, "in_progress"]]);
      else started(call(`c${t}`, "Shell", "npm test"));
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(gh.maxOpen).toBe(1);
    expect(gh.writes().length).toBeGreaterThan(3);
    await finish(p);
  });

  it("a todo update that comes while a request is in flight goes as soon as that request settles", async () => {
    const gh = new FakeGitHub();
    const { p, todos, call, started } = setUp(gh);
    p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    started(call("s", "Shell", "npm test"));
    gh.hold = true;
    await vi.advanceTimersByTimeAsync(14_000); // the tick at 15 s: its update is held
    expect(gh.writes()).toHaveLength(2);
    todos([["Fix", "in_progress"]]); // its update is due at 16 s, while the tick's is in flight
    await vi.advanceTimersByTimeAsync(3_000);
    expect(gh.writes()).toHaveLength(2);
    gh.hold = false;
    gh.release(); // at 18 s
    await vi.advanceTimersByTimeAsync(1);
    const w = gh.writes();
    expect(w).toHaveLength(3);
    expect(w[2]!.at).toBe(18_000);
    expect(w[2]!.body).toContain("- [ ] Fix _(in progress)_");
    // Coalesced: one update for the change, and the next tick only at 30 s.
    await vi.advanceTimersByTimeAsync(11_000);
    expect(gh.writes()).toHaveLength(3);
    expect(gh.maxOpen).toBe(1);
    await finish(p);
  });
});

describe("the progress comment's end", () => {
  it("finish() waits for the update in flight (GitHub applies what it received), so the report lands last", async () => {
    const gh = new FakeGitHub();
    const { p, call, started } = setUp(gh);
    p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    started(call("s", "Shell", "npm test"));
    gh.hold = true;
    await vi.advanceTimersByTimeAsync(14_000);
    expect(gh.writes()).toHaveLength(2); // the tick's update, held (a slow API)
    let finished = false;
    void p.finish().then(() => (finished = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(finished).toBe(false);
    gh.release();
    await vi.advanceTimersByTimeAsync(1);
    expect(finished).toBe(true);
    gh.report("### ✅ Cursor agent succeeded");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(gh.landed.at(-1)).toBe("### ✅ Cursor agent succeeded");
    expect(gh.writes()).toHaveLength(2);
    expect(gh.open).toBe(0);
  });

  it("finish() gives a hung request 10 s, then aborts it; no request is sent after", async () => {
    const gh = new FakeGitHub();
    const { p, call, started } = setUp(gh);
    p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    started(call("s", "Shell", "npm test"));
    gh.hold = true;
    await vi.advanceTimersByTimeAsync(14_000);
    let finished = false;
    void p.finish().then(() => (finished = true));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(finished).toBe(true);
    expect(gh.open).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(gh.writes()).toHaveLength(2);
  });

  it("finish() lets a request that completes in time complete (the first write is found by the report)", async () => {
    const gh = new FakeGitHub();
    gh.latencyMs = 200;
    const { p } = setUp(gh);
    p.start();
    await vi.advanceTimersByTimeAsync(300); // the first write's third request is in flight
    const done = p.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(gh.landed).toHaveLength(1);
    expect(gh.body).toContain("Cursor agent is working");
  });

  it("after a cancel, no more updates and finish() does not wait for the request in flight", async () => {
    const gh = new FakeGitHub();
    const signals = new EventEmitter();
    const { p, todos } = setUp(gh, { signals });
    p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    gh.hold = true;
    todos([["Fix", "in_progress"]]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(gh.writes()).toHaveLength(2); // held
    signals.emit("SIGINT");
    todos([["Fix", "cancelled"]]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(gh.writes()).toHaveLength(2);
    let finished = false;
    void p.finish().then(() => (finished = true));
    await vi.advanceTimersByTimeAsync(1);
    expect(finished).toBe(true);
    expect(gh.open).toBe(0);
    expect(signals.listenerCount("SIGINT")).toBe(0);
    expect(signals.listenerCount("SIGTERM")).toBe(0);
  });

  it('fail() writes the failure over "working", but does nothing once the report is written', async () => {
    const failing = new FakeGitHub();
    const a = setUp(failing);
    a.p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    const f = a.p.fail("boom");
    await vi.advanceTimersByTimeAsync(1_000);
    await f;
    expect(failing.body).toContain("Cursor agent failed");
    expect(failing.body).toContain("boom");

    const gh = new FakeGitHub();
    const { p } = setUp(gh);
    p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    await p.finish();
    p.reported();
    gh.report("### ✅ Cursor agent succeeded");
    const before = gh.calls.length;
    const g = p.fail("a throw after the report");
    await vi.advanceTimersByTimeAsync(10_000);
    await g;
    expect(gh.calls).toHaveLength(before);
    expect(gh.body).toBe("### ✅ Cursor agent succeeded");
  });

  it("a cancel during fail()'s write leaves it the comment's share of the cancel budget, not its 5 s", async () => {
    const gh = new FakeGitHub();
    const signals = new EventEmitter();
    const { p } = setUp(gh, { signals });
    p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    gh.hold = true;
    let over = false;
    void p.fail("boom").then(() => (over = true));
    await vi.advanceTimersByTimeAsync(100);
    signals.emit("SIGINT");
    await vi.advanceTimersByTimeAsync(CANCEL_DEADLINES.commentMs + 1);
    expect(over).toBe(true);
    expect(signals.listenerCount("SIGINT")).toBe(0);
    expect(signals.listenerCount("SIGTERM")).toBe(0);
  });

  it("a refused first write (403) ends the updates: one attempt, one debug line", async () => {
    const gh = new FakeGitHub();
    gh.failWith = (c) =>
      c.kind === "create" ? httpError(403, "Resource not accessible by integration") : undefined;
    const { p, debug, todos, call, started } = setUp(gh);
    p.start();
    for (let t = 0; t < 90_000; t += 1_000) {
      todos([[`step ${t}`, "in_progress"]]);
      started(call(`c${t}`, "Read", "a.ts"));
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(gh.writes()).toHaveLength(1);
    expect(debug).toHaveLength(1);
    expect(debug[0]).toMatch(/^The progress comment could not be written \(HTTP 403\).*no more updates/);
    // Nothing to say the run failed either: the comment was never there.
    await p.fail("boom");
    expect(gh.writes()).toHaveLength(1);
  });

  it("a rate limit (403 with no requests left, 429) or a 5xx is not a refusal: the next tick tries again", async () => {
    const gh = new FakeGitHub();
    const errors = [
      httpError(403, "API rate limit exceeded for installation", { "x-ratelimit-remaining": "0" }),
      httpError(429, "Too many requests"),
      httpError(502, "Bad gateway"),
    ];
    gh.failWith = (c) => (c.kind === "create" ? errors.shift() : undefined);
    const { p, debug, call, started } = setUp(gh);
    p.start();
    for (let t = 0; t < 59_000; t += 1_000) {
      started(call(`c${t}`, "Read", "a.ts"));
      await vi.advanceTimersByTimeAsync(1_000);
    }
    // Each tried once (no retry in between): at start, 15 s, 30 s; then it is written at 45 s.
    expect(gh.writes().map((w) => w.at)).toEqual([0, 15_000, 30_000, 45_000]);
    expect(debug.map((d) => /HTTP (\d+)/.exec(d)?.[1])).toEqual(["403", "429", "502"]);
    expect(gh.body).toContain("Cursor agent is working");
    await finish(p);
  });
});

describe("the progress comment's body", () => {
  it('"Now" shows a call still in progress when a later one ends (calls in parallel)', async () => {
    const gh = new FakeGitHub();
    const { p, call, started, ended } = setUp(gh);
    p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    const shell = call("a", "Shell", "npm test");
    const read = call("b", "Read", "src/a.ts");
    started(shell);
    started(read);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(gh.body).toMatch(/\*\*Now:\*\* Read `src\/a.ts`, for .* \(and 1 more call in progress\)/);
    ended(read);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(gh.body).toMatch(/\*\*Now:\*\* Shell `npm test`, for 29\.0 s\n/);
    ended(shell);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(gh.body).not.toContain("**Now:**");
    await finish(p);
  });
});
