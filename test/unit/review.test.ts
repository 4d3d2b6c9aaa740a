/**
 * Review mode's parts: anchoring in the PR's hunks, the agent's edits as suggestions (checked by applying
 * them to the old file, against jsdiff's own diffs), fingerprints, findings checked against the file's
 * lines; bodies cut to GitHub's limit after the sanitiser; whose fingerprints count; one review per run;
 * the deadline that stops posting; the severity gate on valid findings.
 */
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTwoFilesPatch } from "diff";
import fc from "fast-check";
import { Lexer } from "marked";
import { describe, expect, it, vi } from "vitest";
import { GITHUB_BODY_CHARS } from "../../src/base/limits.js";
import type {
  Authored,
  GitHubClient,
  PostClient,
  PullFile,
  ReviewCommentInput,
} from "../../src/github/api.js";
import { createGitHubClient } from "../../src/github/client.js";
import { writtenByUs } from "../../src/github/identity.js";
import { RunModel } from "../../src/model/run-model.js";
import type { Outcome } from "../../src/publish/publish.js";
import { publish } from "../../src/publish/publish.js";
import { agentMarkdown } from "../../src/render/agent-markdown.js";
import { anchored, hunksOf } from "../../src/review/anchor.js";
import { buildReview, fingerprint } from "../../src/review/build.js";
import { CUT_NOTE, capMarkdown } from "../../src/review/cap.js";
import { checkFindings, splitLines } from "../../src/review/check.js";
import { fromDiff } from "../../src/review/edits.js";
import { checkReview } from "../../src/review/judge.js";
import { knownFingerprints } from "../../src/review/marker.js";
import { postReview, type ReviewData } from "../../src/review/post.js";
import type { Settings } from "../../src/settings/settings.js";
import type { Finding } from "../../src/structured/contract.js";

const same = (s: string) => s;

describe("anchoring", () => {
  it("a finding sits in one hunk's new side; files without a patch anchor nothing", () => {
    const h = hunksOf([
      {
        filename: "a.ts",
        patch: "@@ -1,3 +1,4 @@\n a\n+b\n c\n d\n@@ -20,2 +21,0 @@\n-x\n-y\n@@ -40 +40 @@\n-q\n+r",
      },
      { filename: "bin.png" },
    ]);
    expect(h.get("a.ts")).toEqual([
      [1, 4],
      [40, 40],
    ]);
    expect(anchored(h, "a.ts", 4, 2)).toBe(true);
    expect(anchored(h, "a.ts", 5)).toBe(false);
    expect(anchored(h, "a.ts", 40, 4)).toBe(false);
    expect(anchored(h, "bin.png", 1)).toBe(false);
    expect(anchored(h, "other.ts", 1)).toBe(false);
  });
});

describe("the agent's edits as suggestions", () => {
  const apply = (old: string[], s: ReturnType<typeof fromDiff>) => {
    const out = [...old];
    for (const e of [...s].sort((a, b) => b.start - a.start)) {
      expect(out.slice(e.start - 1, e.end)).toEqual(e.old);
      out.splice(e.start - 1, e.end - e.start + 1, ...e.replacement);
    }
    return out;
  };

  it("a change, an insertion (with the line before it), a deletion (an empty suggestion)", () => {
    const old = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"];
    const now = ["a", "B", "c", "d", "e", "f", "new", "g", "h", "i", "k"];
    const s = fromDiff(
      "x",
      createTwoFilesPatch("a/x", "b/x", `${old.join("\n")}\n`, `${now.join("\n")}\n`, "", "", { context: 1 }),
    );
    expect(s.map((e) => [e.start, e.end, e.replacement])).toEqual([
      [2, 2, ["B"]],
      [6, 6, ["f", "new"]],
      [10, 10, []],
    ]);
    expect(apply(old, s)).toEqual(now);
  });

  it("applied one by one, the suggestions turn HEAD's file into the agent's (property, vs jsdiff)", () => {
    const line = fc.constantFrom("a", "b", "c", "d", "e");
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.array(line, { maxLength: 30 }),
        (old, now) => {
          const text = (l: string[]) => (l.length ? `${l.join("\n")}\n` : "");
          const patch = createTwoFilesPatch("a/x", "b/x", text(old), text(now), "", "", { context: 3 });
          const s = fromDiff("x", patch);
          // Two insertions around a single unchanged line would both sit on it: skip those (GitHub applies each alone).
          const lines = s.map((e) => `${e.start}-${e.end}`);
          fc.pre(new Set(lines).size === lines.length);
          expect(apply(old, s)).toEqual(now);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("fingerprints and checks", () => {
  const f: Finding = { path: "a.ts", line: 3, start_line: 2, severity: "high", title: "T", body: "b" };

  it("a fingerprint follows the lines' content, not their numbers; only ours are recognised", () => {
    const lines = ["x", "y", "z"];
    const moved = ["new", "x", "y", "z"];
    expect(fingerprint(f, lines)).toBe(fingerprint({ ...f, line: 4, start_line: 3 }, moved));
    expect(fingerprint(f, lines)).not.toBe(fingerprint(f, ["x", "y", "changed"]));
    const built = buildReview({
      summary: "s",
      findings: [f, { ...f, line: 9, title: "far" }],
      edits: [],
      hunks: new Map([["a.ts", [[1, 5]]]]),
      fileLines: () => lines,
      known: new Set(),
      redact: same,
    });
    expect(built.comments).toHaveLength(1);
    const known = knownFingerprints(
      [built.comments[0]!.body, `text <!-- cursor-agent-action finding=${"a".repeat(24)} -->`],
      [built.body, `> - <!-- cursor-agent-action finding=${"b".repeat(24)} -->`],
    );
    expect(known.size).toBe(2);
    const again = buildReview({
      ...built,
      summary: "s",
      findings: [f, { ...f, line: 9, title: "far" }],
      edits: [],
      hunks: new Map([["a.ts", [[1, 5]]]]),
      fileLines: () => lines,
      known,
      redact: same,
    });
    expect([again.posted, again.repeated, again.comments.length]).toEqual([0, 2, 0]);
  });

  it("lines past the end, a missing file, start after line: invalid; unread files are not checked", () => {
    const head = new Map<string, string[] | { invalid: string } | undefined>([
      ["a.ts", splitLines("1\n2\n3\n")],
      ["gone.ts", { invalid: "no such file in the repository" }],
      ["big.bin", undefined],
    ]);
    const { valid, invalid } = checkFindings(
      [
        f,
        { ...f, line: 4, start_line: undefined },
        { ...f, path: "gone.ts" },
        { ...f, path: "big.bin", line: 1e6, start_line: undefined },
        { ...f, start_line: 3, line: 1 },
      ],
      head,
    );
    expect(valid.map((v) => v.path)).toEqual(["a.ts", "big.bin"]);
    expect(invalid.map((i) => i.why)).toEqual([
      "line 4 is past the end of the file (3 lines)",
      "no such file in the repository",
      "start_line 3 is after line 1",
    ]);
  });
});

describe("suggestions in the review", () => {
  it("a deletion is an empty suggestion, one empty line is one empty line", () => {
    const built = buildReview({
      summary: "s",
      findings: [{ path: "a.ts", line: 2, severity: "low", title: "drop it", body: "b", suggestion: "" }],
      edits: [
        { path: "a.ts", start: 3, end: 4, old: ["x", "y"], replacement: [] },
        { path: "a.ts", start: 5, end: 5, old: ["z"], replacement: [""] },
      ],
      hunks: new Map([["a.ts", [[1, 9]]]]),
      fileLines: () => ["1", "2", "x", "y", "z"],
      known: new Set(),
      redact: same,
    });
    const blocks = built.comments.map((c) => c.body.slice(c.body.indexOf("```")));
    expect(blocks).toEqual(["```suggestion\n```", "```suggestion\n```", "```suggestion\n\n```"]);
  });
});

describe("bodies within GitHub's limit, cut after the sanitiser", () => {
  const escapes = (n: number) => "&<".repeat(n / 2);
  const note = /_… cut to fit GitHub's limit/;
  /** The markdown's top-level blocks: the note must be a paragraph of its own, not inside a code block. */
  const lastBlock = (md: string) =>
    new Lexer({ gfm: true })
      .lex(md)
      .filter((t) => t.type !== "space")
      .at(-1);

  it("a summary, a body and a title at their caps, all escaping: every body fits, cut with a note", () => {
    const f = (over: Partial<Finding>): Finding => ({
      path: "a.ts",
      line: 2,
      severity: "high",
      title: escapes(200),
      body: escapes(20_000),
      ...over,
    });
    const built = buildReview({
      summary: escapes(20_000),
      findings: [
        f({ suggestion: "x".repeat(20_000) }),
        // Spelled out, a bidi control is 8 characters: 160,000, too long to post whole.
        f({ line: 3, suggestion: "\u202e".repeat(20_000) }),
        ...Array.from({ length: 150 }, (_, i) => f({ line: 100 + i })),
      ],
      edits: [],
      hunks: new Map([["a.ts", [[1, 9]]]]),
      fileLines: () => Array.from({ length: 300 }, (_, i) => `l${i}`),
      known: new Set(),
      redact: same,
    });
    expect(built.comments).toHaveLength(2);
    for (const body of [built.body, ...built.comments.map((c) => c.body)]) {
      expect([...body].length).toBeLessThanOrEqual(GITHUB_BODY_CHARS);
      expect(body).toMatch(note);
      // Cut between entities, never inside one.
      expect(body).toMatch(/&(?:amp|lt);\n\n_… cut/);
    }
    // The suggestion that fits is whole; the one that does not is left out, not cut.
    expect(built.comments[0]!.body).toContain(`\`\`\`suggestion\n${"x".repeat(20_000)}\n\`\`\``);
    expect(built.comments[1]!.body).not.toContain("suggestion\n");
    expect(built.comments[1]!.body).toContain("_The suggestion is too long for a comment (160,");
    // The findings outside the diff keep whole lines (their fingerprints), as many as fit.
    expect(built.body).toMatch(/\n- … \d+ more: the job summary/);
    expect(
      built.body.split("\n").filter((l) => l.startsWith("- <!-- cursor-agent-action finding=")).length,
    ).toBeGreaterThan(10);
  });

  it("a cut never leaves a code block open: the note is a paragraph of its own (property)", () => {
    const piece = fc.oneof(
      fc.constantFrom("& < > * _ ` [x](y) @a #1", "- item\n- item *em", "> quoted\n> more", "# head"),
      fc.string({ maxLength: 40 }).map((s) => `\`\`\`js\n${s}\n\n${s}\n\`\`\``),
      fc.string({ maxLength: 60 }),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 200, max: 2_000 }),
        (parts, max) => {
          const md = agentMarkdown(parts.join("\n\n"));
          const cut = capMarkdown(md, max);
          expect(cut.length).toBeLessThanOrEqual(Math.max(max, md.length > max ? 0 : md.length));
          if (md.length <= max) {
            expect(cut).toBe(md);
            return;
          }
          expect(cut.endsWith(CUT_NOTE)).toBe(true);
          const last = lastBlock(cut);
          expect(last?.type).toBe("paragraph");
          expect(last?.raw).toContain("cut to fit");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a code block larger than the room is cut at a line and closed, in a quote and in a list too", () => {
    const code = Array.from({ length: 400 }, (_, i) => `line ${i}`).join("\n\n");
    for (const md of [
      `text\n\n\`\`\`\`ts\n${code}\n\`\`\`\``,
      `> \`\`\`\`ts\n${code.replace(/^/gm, "> ")}\n> \`\`\`\``,
      `- \`\`\`\`ts\n${code.replace(/^(?=.)/gm, "  ")}\n  \`\`\`\``,
    ]) {
      const cut = capMarkdown(md, 1_000);
      expect(cut.length).toBeLessThanOrEqual(1_000);
      expect(lastBlock(cut)?.type).toBe("paragraph");
      expect(cut).toMatch(/line \d+\n(?:(?:> ?)?\n)?(?:> | {2})?````\n\n_… cut/);
    }
  });
});

describe("counts: findings apart from the agent's edits", () => {
  it("already reported counts findings only; edits suggested before are counted on their own", () => {
    const f: Finding = { path: "a.ts", line: 2, severity: "low", title: "T", body: "b" };
    const edit = { path: "a.ts", start: 3, end: 3, old: ["x"], replacement: ["y"] };
    const parts = {
      summary: "s",
      findings: [f, { ...f, title: "U" }],
      edits: [edit],
      hunks: new Map([["a.ts", [[1, 9]] as [number, number][]]]),
      fileLines: () => ["1", "2", "x"],
      redact: same,
    };
    const first = buildReview({ ...parts, known: new Set() });
    expect([first.posted, first.repeated, first.suggestions, first.repeatedSuggestions]).toEqual([
      2, 0, 1, 0,
    ]);
    expect(first.body).not.toMatch(/already reported/);
    const known = knownFingerprints(
      first.comments.map((c) => c.body),
      [first.body],
    );
    const again = buildReview({ ...parts, known });
    expect([again.posted, again.repeated, again.suggestions, again.repeatedSuggestions]).toEqual([
      0, 2, 0, 1,
    ]);
    expect(again.comments).toEqual([]);
    expect(again.body).toContain("_No new findings; 2 already reported._");
    const one = buildReview({ ...parts, findings: [...parts.findings, { ...f, title: "V" }], known });
    expect(one.body).toContain("_1 new finding; 2 already reported (not repeated here)._");
    expect(buildReview({ ...parts, findings: [], edits: [], known }).body).toContain("_No findings._");
  });
});

/**
 * A client as postReview uses it, over lists held in memory; with `late`, the reviews' listing answers
 * only once the test calls `answer()`, and `listed` settles when it has been read to its end.
 */
function fakeClient(o: {
  me?: string;
  reviews?: Authored[];
  comments?: Authored[];
  files?: PullFile[];
  late?: boolean;
}) {
  const posted: { body: string; comments: ReviewCommentInput[] }[] = [];
  let answer = () => {};
  const answered = o.late ? new Promise<void>((r) => (answer = r)) : undefined;
  let read = () => {};
  const listed = new Promise<void>((r) => (read = r));
  async function* list<T>(items: T[], gate?: Promise<void>) {
    await gate;
    yield* items;
  }
  async function* reviews() {
    yield* list(o.reviews ?? [], answered);
    read();
  }
  const client: PostClient = {
    pullFiles: () => list(o.files ?? [{ filename: "a.ts", patch: "@@ -1,3 +1,3 @@\n 1\n-2\n+2\n 3" }]),
    reviewComments: () => list(o.comments ?? []),
    reviews,
    whoAmI: async () => o.me,
    createReview: async (_t, body, comments) => {
      posted.push({ body, comments });
      return { html_url: `https://github.com/o/r/pull/1#pullrequestreview-${posted.length}` };
    },
  };
  return { client, posted, answer: () => answer(), listed };
}

/** Every promise continuation queued by now has run: what a late answer sets going is over. */
const settled = () => new Promise((r) => setImmediate(r));

const TARGET = { owner: "o", repo: "r", issue: 1 };
const data = (findings: Finding[]): ReviewData => ({
  summary: "s",
  findings,
  invalid: [],
  head: new Map([["a.ts", ["1", "2", "3"]]]),
});

describe("posting: whose fingerprints count, one review per run, the deadline", () => {
  const f: Finding = { path: "a.ts", line: 2, severity: "high", title: "T", body: "b" };

  it("a marker pasted by a person does not suppress a finding; the action's own do", async () => {
    // What the action posted: the inline comment, fingerprint on its first line.
    const { client: first, posted } = fakeClient({});
    await postReview(first, TARGET, data([f]), undefined, same);
    const marker = posted[0]!.comments[0]!.body.split("\n")[0]!;
    const pasted = (user: Authored["user"]) => ({ body: `${marker}\nlooks fixed`, user });
    const inBody = (user: Authored["user"]) => ({ body: `- ${marker}x`, user });
    const person = { login: "mallory", type: "User" };
    const bot = { login: "github-actions[bot]", type: "Bot" };
    const cases: [Parameters<typeof fakeClient>[0], number][] = [
      // An installation token (no login): a bot's are ours, a person's never.
      [{ comments: [pasted(person)], reviews: [inBody(person)] }, 1],
      [{ comments: [pasted(null)], reviews: [inBody(undefined)] }, 1],
      [{ comments: [pasted(bot)] }, 0],
      [{ reviews: [inBody(bot)] }, 0],
      // A personal token: only its own account's, not a bot's, not another person's.
      [{ me: "octo-me", comments: [pasted({ login: "octo-me", type: "User" })] }, 0],
      [{ me: "octo-me", comments: [pasted(person)], reviews: [inBody(bot)] }, 1],
    ];
    for (const [setup, expected] of cases) {
      const { client, posted: out } = fakeClient(setup);
      const r = await postReview(client, TARGET, data([f]), undefined, same);
      expect([r.posted, r.repeated, out[0]!.comments.length], JSON.stringify(setup)).toEqual([
        expected,
        1 - expected,
        expected,
      ]);
    }
    expect(writtenByUs({ user: { login: "x", type: "Bot" } }, undefined)).toBe(true);
    expect(writtenByUs({ user: { login: "x", type: "User" } }, undefined)).toBe(false);
    expect(writtenByUs({ user: { login: "x", type: "User" } }, "x")).toBe(true);
    expect(writtenByUs({ user: { login: "x[bot]", type: "Bot" } }, "y")).toBe(false);
    expect(writtenByUs({ user: null }, undefined)).toBe(false);
  });

  it("one review per run: nothing new, or no findings at all, is still one review that says so", async () => {
    const { client, posted } = fakeClient({});
    const empty = await postReview(client, TARGET, data([]), undefined, same);
    expect(empty.url).toContain("#pullrequestreview-1");
    expect(posted[0]!.body).toContain("_No findings._");
    expect(posted[0]!.comments).toEqual([]);
  });

  it("past the deadline nothing is posted, even when a listing answers late", async () => {
    const { client, posted, answer, listed } = fakeClient({ late: true });
    const abort = new AbortController();
    const review = postReview(client, TARGET, data([f]), undefined, same, abort.signal);
    abort.abort(new Error("no answer within 0 s"));
    answer();
    await expect(review).rejects.toThrow("no answer within 0 s");
    await listed;
    await settled();
    expect(posted).toEqual([]);
  });

  it("publish: the deadline aborts the client's requests and the review is never posted after it", async () => {
    const { client, posted, answer, listed } = fakeClient({ late: true });
    let given: AbortSignal | undefined;
    const outputs: Record<string, string> = {};
    const warnings: string[] = [];
    const outcome = {
      model: new RunModel(),
      verdict: { conclusion: "success", error: "" },
      changes: { files: [], added: 0, removed: 0, notes: [] },
      transcriptFile: "",
      wallMs: 1,
      // A cancelled run has its share of the cancel budget for GitHub: a test need not wait 60.
      cancelled: true,
      review: data([f]),
    } as unknown as Outcome;
    // The deadline's timer is a fake one, run while the listing has not answered: no real second waited.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const published = publish(
      outcome,
      { comment: false, jobSummary: false, githubToken: "t", commentKey: "k" } as unknown as Settings,
      { eventName: "pull_request", actor: { isBot: false }, pullRequest: TARGET },
      {
        env: {},
        setOutput: (k, v) => {
          outputs[k] = v;
        },
        warning: (m) => warnings.push(m),
        github: async (_token, _url, options) => {
          given = options?.signal;
          return client as unknown as GitHubClient;
        },
      },
      same,
    );
    try {
      await vi.runOnlyPendingTimersAsync();
      await published;
    } finally {
      vi.useRealTimers();
    }
    expect(given?.aborted).toBe(true);
    expect(outputs["review-url"]).toBe("");
    expect(warnings.join("\n")).toMatch(/Could not post the review \(no answer within 1 s\)/);
    // The listing answers after the deadline: the review still is not posted.
    answer();
    await listed;
    await settled();
    expect(posted).toEqual([]);
  });
});

describe("the deadline with the action's real client", () => {
  it("a GitHub that never answers: publish ends at each deadline, and nothing is left running or sent after", async () => {
    // Accepts every connection and never answers: the review's and the comment's requests, through the
    // action's own octokit (retry and throttling plugins), must stop at their deadlines.
    const sockets = new Set<import("node:net").Socket>();
    let requests = 0;
    const server = createServer(() => {
      requests++;
    });
    server.on("connection", (s) => sockets.add(s));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const warnings: string[] = [];
    const outcome = {
      model: new RunModel(),
      verdict: { conclusion: "success", error: "" },
      changes: { files: [], added: 0, removed: 0, notes: [] },
      transcriptFile: "",
      wallMs: 1,
      cancelled: true, // the cancel budget's shares for GitHub
      review: data([{ path: "a.ts", line: 2, severity: "low", title: "T", body: "b" }]),
    } as unknown as Outcome;
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const timersBefore = timers();
    try {
      await publish(
        outcome,
        { comment: true, jobSummary: false, githubToken: "t", commentKey: "k" } as unknown as Settings,
        { eventName: "pull_request", actor: { isBot: false }, pullRequest: TARGET },
        {
          env: { GITHUB_API_URL: url },
          setOutput: () => {},
          warning: (m) => warnings.push(m),
          github: async (token, apiUrl, options) => createGitHubClient(token, apiUrl, options),
        },
        same,
      );
      // The review's share of the cancel budget, then the comment's: each ended by its deadline (not by
      // the client giving up on its own, after its retries).
      expect(warnings.join("\n")).toMatch(/Could not post the review \(no answer within 1 s\)/);
      expect(warnings.join("\n")).toMatch(/Could not write the PR comment \(no answer within 1 s\)/);
      expect(requests).toBeGreaterThan(0);
      // And nothing goes on after it: every connection the client opened is closed by it, and no timer
      // is left (a retry waiting its turn would hold the step open ~14 s): nothing is left that could send
      // a request later.
      await Promise.all([...sockets].map((s) => (s.closed ? undefined : once(s, "close"))));
      await new Promise((r) => setImmediate(r));
      expect(timers()).toBeLessThanOrEqual(timersBefore);
    } finally {
      for (const s of sockets) s.destroy();
      server.close();
    }
  }, 30_000);
});

describe("the severity gate, once the findings are checked against the repository", () => {
  const repo = () => {
    const ws = mkdtempSync(path.join(tmpdir(), "judge-"));
    const git = (...a: string[]) => execFileSync("git", a, { cwd: ws, stdio: "ignore" });
    git("init", "-q");
    git("config", "user.email", "t@t.invalid");
    git("config", "user.name", "t");
    writeFileSync(path.join(ws, "a.ts"), "1\n2\n3\n");
    git("add", ".");
    git("commit", "-qm", "head");
    return ws;
  };
  const ok = { conclusion: "success", error: "" } as const;
  const high = (over: Partial<Finding>): Finding => ({
    path: "a.ts",
    line: 2,
    severity: "high",
    title: "T",
    body: "b",
    ...over,
  });

  it("gates on valid findings only; error carries both lines when both apply", async () => {
    const ws = repo();
    const invalidOnly = await checkReview(
      {
        summary: "s",
        findings: [high({ path: "gone.ts" }), high({ line: 99, severity: "critical" })],
        failOnSeverity: "high",
      },
      ws,
      ok,
    );
    expect(invalidOnly.verdict.error).toBe(
      "The review has 2 invalid findings, not posted: gone.ts:2 (no such file in the repository); a.ts:99 (line 99 is past the end of the file (3 lines)).",
    );
    const both = await checkReview(
      {
        summary: "s",
        findings: [high({ path: "gone.ts" }), high({}), high({ severity: "low", line: 3 })],
        failOnSeverity: "high",
      },
      ws,
      ok,
    );
    expect(both.verdict).toEqual({
      conclusion: "failure",
      error:
        "The review reported 1 finding at or above high: high a.ts:2 T. The review has 1 invalid finding, not posted: gone.ts:2 (no such file in the repository).",
    });
    expect(both.data.findings).toHaveLength(2);
    const gateOnly = await checkReview(
      { summary: "s", findings: [high({})], failOnSeverity: "medium" },
      ws,
      ok,
    );
    expect(gateOnly.verdict.error).toBe("The review reported 1 finding at or above medium: high a.ts:2 T.");
    const failed = { conclusion: "failure", error: "The agent exited with code 1." } as const;
    expect(
      (await checkReview({ summary: "s", findings: [high({})], failOnSeverity: "high" }, ws, failed)).verdict,
    ).toEqual(failed);
  });
});

describe("forged fingerprints", () => {
  const lines = ["a", "b", "c", "d"];
  const critical: Finding = {
    path: "a.ts",
    line: 2,
    severity: "critical",
    title: "SQL injection",
    body: "b",
  };
  const parts = {
    edits: [],
    hunks: new Map([["a.ts", [[1, 4]] as [number, number][]]]),
    fileLines: () => lines,
    known: new Set<string>(),
    redact: same,
  };

  it("the agent's text in an earlier review cannot keep a later critical finding from being posted", () => {
    const mark = `<!-- cursor-agent-action finding=${fingerprint(critical, lines)} -->`;
    const heading = "**Findings outside the pull request's diff** (no inline comment possible):";
    // The agent writes the markers the action would, where the action would, as best it can.
    for (const summary of [
      `Fine.\n\n\`\`\`\n- ${mark}🔴 critical \`a.ts:2\` — SQL injection\n\`\`\``,
      `Fine.\n\n${heading}\n\n\`\`\`\n- ${mark}\n\`\`\``,
      `Fine.\n\n${heading}\n\n- ${mark}`,
      `${mark}\n\nFine.`,
      `    - ${mark}`,
    ]) {
      const first = buildReview({ ...parts, summary, findings: [] });
      const known = knownFingerprints(
        first.comments.map((c) => c.body),
        [first.body],
      );
      expect([...known], summary).toEqual([]);
      const later = buildReview({ ...parts, summary: "s", findings: [critical], known });
      expect([later.posted, later.repeated]).toEqual([1, 0]);
      expect(later.comments[0]!.body).toMatch(
        /^<!-- cursor-agent-action finding=[0-9a-f]{24} -->\n\*\*🔴 critical/,
      );
    }
  });

  it("only a marker alone on an inline comment's first line counts, and the list that ends a review's body", () => {
    const print = fingerprint(critical, lines);
    const mark = `<!-- cursor-agent-action finding=${print} -->`;
    expect(knownFingerprints([`${mark}\n**🔴 critical** · x`], []).size).toBe(1);
    for (const body of [`- ${mark}\nx`, `${mark} and more`, `x\n${mark}`]) {
      expect(knownFingerprints([body], []).size, body).toBe(0);
    }
    // The action's own list, "… more" line included, is read back; a line after it that is not an item is not.
    const far = Array.from({ length: 200 }, (_, i) => ({
      ...critical,
      line: 10 + i,
      title: `${"t".repeat(190)} ${i}`,
    }));
    const built = buildReview({ ...parts, summary: "x ".repeat(10_000), findings: far });
    expect(built.body).toMatch(/\n- … \d+ more: the job summary/);
    const listed = knownFingerprints([], [built.body]);
    expect(listed.size).toBe(built.body.split("\n").filter((l) => l.startsWith("- <!--")).length);
    expect(listed.size).toBeGreaterThan(10);
    expect(knownFingerprints([], [`${built.body}\n\nAnd one more line.`]).size).toBe(0);
  });
});
