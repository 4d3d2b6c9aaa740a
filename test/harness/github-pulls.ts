/**
 * The stand-in's pull request reviews, as GitHub has them: the PR's files (`GET /pulls/{n}/files`, with
 * each file's `patch`, paginated), its reviews and review comments, and `POST /pulls/{n}/reviews` with
 * GitHub's own checks: the event is one GitHub knows, every comment names a file of the PR and lines of
 * one hunk of its diff (on the side it names), and bodies fit. What is posted is stored and listed again,
 * so a second run sees the first one's review. Reviews written by someone else (a person pasting the
 * action's hidden markers) are added with `state.addReview`, under their own author.
 */
import { githubExample } from "./openapi.js";

/** A file of the pull request: `patch` absent for a binary or huge diff, as GitHub leaves it out. */
export interface SeedPullFile {
  filename: string;
  status?: "added" | "modified" | "removed" | "renamed";
  patch?: string;
}

/** Who wrote a review or a review comment, when not the token's identity. */
export interface Author {
  login: string;
  type: "User" | "Bot" | "Organization";
}

export interface StoredReviewComment {
  id: number;
  author?: Author;
  reviewId: number;
  pull: number;
  path: string;
  line: number;
  startLine?: number;
  side: string;
  body: string;
  /** The thread's first comment, when this one is a reply in it. */
  inReplyTo?: number;
  /** When it was written (`created_at`); GitHub's example's time when not given. */
  at?: string;
}

export interface StoredReview {
  id: number;
  author?: Author;
  pull: number;
  event: string;
  body: string;
  comments: StoredReviewComment[];
}

export interface PullsState {
  reviews: StoredReview[];
  reviewComments: StoredReviewComment[];
  /** A review by `author` (not the token's identity), as if written on GitHub, with its inline comments. */
  addReview(review: {
    pull: number;
    author: Author;
    body: string;
    comments?: {
      path: string;
      line: number;
      body: string;
      inReplyTo?: number;
      startLine?: number;
      at?: string;
    }[];
  }): StoredReview;
}

export interface RouteContext {
  baseUrl: () => string;
  user: () => Record<string, unknown>;
  /** GitHub's error, as the server sends it. */
  error: (status: number, message: string, extra?: Record<string, unknown>) => Error;
  page: (
    request: { query: Record<string, string> },
    items: unknown[],
    base: string,
  ) => { status: number; json: unknown; headers: Record<string, string> };
}

const DOCS = "https://docs.github.com/rest/pulls";
const BODY_LIMIT = 65_536;
const FIRST_REVIEW_ID = 80_000_001;

/** Per file, the new-side (RIGHT) and old-side (LEFT) line ranges of its hunks. */
function hunks(patch: string | undefined): { right: [number, number][]; left: [number, number][] } {
  const right: [number, number][] = [];
  const left: [number, number][] = [];
  for (const line of (patch ?? "").split("\n")) {
    const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!m) continue;
    const [os, oc, ns, nc] = [
      Number(m[1]),
      m[2] === undefined ? 1 : Number(m[2]),
      Number(m[3]),
      m[4] === undefined ? 1 : Number(m[4]),
    ];
    if (oc > 0) left.push([os, os + oc - 1]);
    if (nc > 0) right.push([ns, ns + nc - 1]);
  }
  return { right, left };
}

function counts(patch: string | undefined): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const line of (patch ?? "").split("\n")) {
    if (line.startsWith("+")) additions++;
    else if (line.startsWith("-")) deletions++;
  }
  return { additions, deletions };
}

export function pullsRoutes(files: Record<number, SeedPullFile[]>, ctx: RouteContext) {
  let nextId = FIRST_REVIEW_ID;
  const state: PullsState = {
    reviews: [],
    reviewComments: [],
    addReview({ pull, author, body, comments = [] }) {
      const id = nextId++;
      const stored = comments.map((c) => ({ id: nextId++, reviewId: id, pull, side: "RIGHT", author, ...c }));
      const review: StoredReview = { id, author, pull, event: "COMMENT", body, comments: stored };
      state.reviews.push(review);
      state.reviewComments.push(...stored);
      return review;
    },
  };
  /** The token's identity as GitHub shows a user, or another author in the same shape. */
  const userOf = (author: Author | undefined) => {
    const me = ctx.user();
    if (!author) return me;
    const id = 20_000_000 + [...author.login].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 9_000_000, 7);
    return {
      ...me,
      login: author.login,
      id,
      node_id: Buffer.from(`04:User${id}`).toString("base64"),
      url: `https://api.github.com/users/${author.login}`,
      html_url: `https://github.com/${author.login}`,
      type: author.type,
    };
  };
  const repoPath = (o: string, r: string) => `${o}/${r}`;

  const fileJson = (o: string, r: string, f: SeedPullFile) => ({
    ...githubExample("/repos/{owner}/{repo}/pulls/{pull_number}/files", "get", "200"),
    sha: "f".repeat(40),
    filename: f.filename,
    status: f.status ?? "modified",
    ...counts(f.patch),
    changes: counts(f.patch).additions + counts(f.patch).deletions,
    blob_url: `https://github.com/${repoPath(o, r)}/blob/${"0".repeat(40)}/${f.filename}`,
    raw_url: `https://github.com/${repoPath(o, r)}/raw/${"0".repeat(40)}/${f.filename}`,
    contents_url: `${ctx.baseUrl()}/repos/${repoPath(o, r)}/contents/${f.filename}`,
    patch: f.patch,
  });

  const commentJson = (o: string, r: string, c: StoredReviewComment) => {
    const example = githubExample("/repos/{owner}/{repo}/pulls/{pull_number}/comments", "get", "200");
    return {
      ...example,
      id: c.id,
      node_id: `PRRC_kwDO${c.id.toString(36)}`,
      pull_request_review_id: c.reviewId,
      url: `${ctx.baseUrl()}/repos/${repoPath(o, r)}/pulls/comments/${c.id}`,
      html_url: `https://github.com/${repoPath(o, r)}/pull/${c.pull}#discussion_r${c.id}`,
      pull_request_url: `${ctx.baseUrl()}/repos/${repoPath(o, r)}/pulls/${c.pull}`,
      path: c.path,
      line: c.line,
      original_line: c.line,
      side: c.side,
      start_line: c.startLine ?? null,
      original_start_line: c.startLine ?? null,
      start_side: c.startLine ? c.side : null,
      body: c.body,
      user: userOf(c.author),
      // GitHub's example replies to comment 8; a thread's first comment has no `in_reply_to_id`.
      in_reply_to_id: c.inReplyTo,
      ...(c.at ? { created_at: c.at, updated_at: c.at } : {}),
    };
  };

  const reviewJson = (o: string, r: string, v: StoredReview) => ({
    ...githubExample("/repos/{owner}/{repo}/pulls/{pull_number}/reviews", "post", "200"),
    id: v.id,
    node_id: `PRR_kwDO${v.id.toString(36)}`,
    user: userOf(v.author),
    body: v.body,
    state:
      v.event === "COMMENT"
        ? "COMMENTED"
        : v.event === "APPROVE"
          ? "APPROVED"
          : v.event === "REQUEST_CHANGES"
            ? "CHANGES_REQUESTED"
            : "PENDING",
    html_url: `https://github.com/${repoPath(o, r)}/pull/${v.pull}#pullrequestreview-${v.id}`,
    pull_request_url: `${ctx.baseUrl()}/repos/${repoPath(o, r)}/pulls/${v.pull}`,
  });

  const unprocessable = (why: string, docs: string) =>
    ctx.error(422, "Unprocessable Entity", { errors: [why], documentation_url: docs });

  const createReview = (o: string, r: string, n: number, body: unknown) => {
    const docs = `${DOCS}/reviews#create-a-review-for-a-pull-request`;
    const input = (body ?? {}) as {
      event?: string;
      body?: string;
      comments?: {
        path: string;
        line?: number;
        side?: string;
        start_line?: number;
        start_side?: string;
        body: string;
        position?: number;
      }[];
    };
    if (input.event !== undefined && !["APPROVE", "REQUEST_CHANGES", "COMMENT"].includes(input.event)) {
      throw unprocessable(`Unknown event: ${input.event}`, docs);
    }
    if ((input.event === "COMMENT" || input.event === "REQUEST_CHANGES") && !input.body) {
      throw unprocessable("Body is required", docs);
    }
    if ([...(input.body ?? "")].length > BODY_LIMIT)
      throw unprocessable("Body is too long (maximum is 65536 characters)", docs);
    const prFiles = files[n] ?? [];
    const id = nextId++;
    const stored: StoredReviewComment[] = [];
    for (const c of input.comments ?? []) {
      const file = prFiles.find((f) => f.filename === c.path);
      if (!file) throw unprocessable("Path could not be resolved", docs);
      if (c.line === undefined) throw unprocessable("Line could not be resolved", docs);
      const side = c.side ?? "RIGHT";
      const ranges = hunks(file.patch)[side === "LEFT" ? "left" : "right"];
      const hunk = ranges.find(([a, b]) => c.line! >= a && c.line! <= b);
      if (!hunk) throw unprocessable("Line could not be resolved", docs);
      if (c.start_line !== undefined) {
        if (c.start_line >= c.line) throw unprocessable("start_line must precede line", docs);
        if ((c.start_side ?? side) !== side || c.start_line < hunk[0]) {
          throw unprocessable("Start line must be part of the same hunk as the line", docs);
        }
      }
      if ([...c.body].length > BODY_LIMIT)
        throw unprocessable("Body is too long (maximum is 65536 characters)", docs);
      stored.push({
        id: nextId++,
        reviewId: id,
        pull: n,
        path: c.path,
        line: c.line,
        startLine: c.start_line,
        side,
        body: c.body,
      });
    }
    const review: StoredReview = {
      id,
      pull: n,
      event: input.event ?? "PENDING",
      body: input.body ?? "",
      comments: stored,
    };
    state.reviews.push(review);
    state.reviewComments.push(...stored);
    return { status: 200, json: reviewJson(o, r, review) };
  };

  /** Undefined when the path is not a pull request's files, comments or reviews. */
  const route = (request: { method: string; path: string; query: Record<string, string>; body: unknown }) => {
    const one = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/comments\/(\d+)$/.exec(request.path);
    if (one && request.method === "GET") {
      const c = state.reviewComments.find((x) => x.id === Number(one[3]));
      if (!c)
        throw ctx.error(404, "Not Found", {
          documentation_url: `${DOCS}/comments#get-a-review-comment-for-a-pull-request`,
        });
      return {
        status: 200,
        json: commentJson(decodeURIComponent(one[1]!), decodeURIComponent(one[2]!), c),
        headers: {},
      };
    }
    const m = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)\/(files|comments|reviews)$/.exec(request.path);
    if (!m) return undefined;
    const [o, r, n, what] = [decodeURIComponent(m[1]!), decodeURIComponent(m[2]!), Number(m[3]), m[4]!];
    if (!(n in files)) throw ctx.error(404, "Not Found", { documentation_url: DOCS });
    const base = `${ctx.baseUrl()}/repos/${repoPath(o, r)}/pulls/${n}/${what}`;
    if (request.method === "GET" && what === "files") {
      return ctx.page(
        request,
        files[n]!.map((f) => fileJson(o, r, f)),
        base,
      );
    }
    if (request.method === "GET" && what === "comments") {
      return ctx.page(
        request,
        state.reviewComments.filter((c) => c.pull === n).map((c) => commentJson(o, r, c)),
        base,
      );
    }
    if (request.method === "GET" && what === "reviews") {
      return ctx.page(
        request,
        state.reviews.filter((v) => v.pull === n).map((v) => reviewJson(o, r, v)),
        base,
      );
    }
    if (request.method === "POST" && what === "reviews") return createReview(o, r, n, request.body);
    return undefined;
  };

  return { state, route };
}
