export const id = 277;
export const ids = [277];
export const modules = {

/***/ 7369:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ whoAmIOnce),
/* harmony export */   b: () => (/* binding */ writtenByUs)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Which comments, reviews and review comments the action itself wrote: one rule, for the sticky comment
 * (./comment.ts: the one it edits) and for the review's fingerprints (../review/post.ts: the findings it
 * leaves out as posted before).
 *
 * Trust boundary: our hidden markers are plain text, and anyone who can comment on the pull request (its
 * author among them) can paste one. So the marker alone never makes an item ours: its author must be the
 * identity the action writes as. A personal token can say who it is (`GET /user`): then only that account's
 * items are ours. An installation token (`GITHUB_TOKEN`, a GitHub App's) cannot (GitHub answers 403), and
 * writes as a bot whose login we cannot know (`github-actions[bot]`, `my-app[bot]`): then a bot's items are
 * ours, a person's (a `User` account) never.
 */

/**
 * Written by the identity the action writes as. `me` is the token's login when `GET /user` told it (a
 * personal token), undefined when it could not (an installation token).
 */
function writtenByUs(item, me) {
    return me !== undefined ? item.user?.login === me : item.user?.type === "Bot";
}
/** By token and API: the clients of one run (the review's, the report's, the progress comment's) share it. */
const answers = new Map();
/**
 * The token's login (`ask`: `GET /user`), undefined when GitHub will not say (an installation token's 403) or
 * the request failed. Asked once per token for the run, not once per client: the review, the report and the
 * progress comment each make their own client (the progress comment's is best-effort, with a signal of its
 * own), all with the same token, and the answer is the token's, not the client's.
 *
 * Only a final answer is kept: a login (200), or a refusal (401; a 403 that is not a rate limit). A failure
 * that another request might not meet (an abort, a network error, a 5xx, a rate limit: the best-effort client
 * neither retries nor waits) answers undefined to that caller alone, as before, and the next one asks again;
 * kept, it would take a personal token for a bot's for the rest of the run.
 */
async function whoAmIOnce(token, apiUrl, ask) {
    // A digest, not the token itself, as the key: no other copy of the secret is kept.
    const key = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)("sha256")
        .update(`${apiUrl ?? ""}\n${token}`)
        .digest("hex");
    const known = answers.get(key);
    if (known) {
        const a = await known;
        if (a.final)
            return a.login;
    }
    const asking = ask().then((login) => ({ login, final: true }), (e) => ({ login: undefined, final: refused(e) }));
    answers.set(key, asking);
    const a = await asking;
    if (!a.final && answers.get(key) === asking)
        answers.delete(key);
    return a.login;
}
/** GitHub refused the token this (401, or a 403 that is no rate limit): it would again. */
function refused(e) {
    const { status, message, response } = e;
    if (status === 401)
        return true;
    if (status !== 403)
        return false;
    const headers = response?.headers ?? {};
    const limited = headers["retry-after"] !== undefined ||
        headers["x-ratelimit-remaining"] === "0" ||
        /rate limit/i.test(message ?? "");
    return !limited;
}


/***/ }),

/***/ 9277:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  postReview: () => (/* binding */ postReview)
});

// EXTERNAL MODULE: ./src/github/identity.ts
var identity = __webpack_require__(7369);
// EXTERNAL MODULE: ./src/review/anchor.ts
var review_anchor = __webpack_require__(1631);
// EXTERNAL MODULE: ./src/review/build.ts + 1 modules
var build = __webpack_require__(7978);
// EXTERNAL MODULE: ./src/review/check.ts
var check = __webpack_require__(4920);
;// CONCATENATED MODULE: ./src/review/edits.ts
function editSuggestions(files) {
    const out = [];
    for (const f of files) {
        if (f.status !== "modified" || f.baseline !== "git" || !f.diff)
            continue;
        out.push(...fromDiff(f.path, f.diff));
    }
    return out;
}
/** The runs of changed lines of a unified diff, each with the context lines around it. */
function fromDiff(path, diff) {
    const runs = [];
    let old = 0;
    let inHunk = false;
    let current;
    let lastContext;
    const close = (next) => {
        if (current)
            runs.push({ ...current, after: next });
        current = undefined;
    };
    for (const line of diff.split("\n")) {
        const header = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/.exec(line);
        if (header) {
            close();
            old = Number(header[1]);
            inHunk = true;
            lastContext = undefined;
            continue;
        }
        if (!inHunk)
            continue;
        const mark = line[0];
        const text = line.slice(1);
        if (mark === " ") {
            const ctx = { line: old, text };
            close(ctx);
            lastContext = ctx;
            old++;
        }
        else if (mark === "-" || mark === "+") {
            current ??= { before: lastContext, removed: [], added: [] };
            if (mark === "-")
                current.removed.push({ line: old++, text });
            else
                current.added.push(text);
        }
        else if (mark !== "\\") {
            close();
            inHunk = false;
        }
    }
    close();
    const out = [];
    for (const r of runs) {
        if (r.removed.length > 0) {
            out.push({
                path,
                start: r.removed[0].line,
                end: r.removed[r.removed.length - 1].line,
                old: r.removed.map((x) => x.text),
                replacement: r.added,
            });
        }
        else if (r.before) {
            out.push({
                path,
                start: r.before.line,
                end: r.before.line,
                old: [r.before.text],
                replacement: [r.before.text, ...r.added],
            });
        }
        else if (r.after) {
            out.push({
                path,
                start: r.after.line,
                end: r.after.line,
                old: [r.after.text],
                replacement: [...r.added, r.after.text],
            });
        }
    }
    return out;
}

// EXTERNAL MODULE: ./src/review/marker.ts
var marker = __webpack_require__(468);
;// CONCATENATED MODULE: ./src/review/post.ts
/**
 * Posting a run's review: the pull request's diff and the fingerprints of earlier runs are read from the
 * API, the review is built (./build.ts) and posted as one review, `event: COMMENT`, with the action's own
 * token (the agent never holds one). One review per run, even when nothing is new: its body says so.
 *
 * Trust boundary: a fingerprint keeps a finding from being posted again, so only the action's own reviews
 * and review comments are read for them. Anyone who can comment on the pull request (its author among
 * them) can paste a hidden marker; what a person wrote is never taken for what the action posted. Whose
 * items are the action's: one rule with the sticky comment's (src/github/identity.ts).
 *
 * Deadline: the caller's `signal` stops it. The caller makes the client with the same signal (octokit's
 * `request.signal`: the request in flight is aborted), and it is checked here between the listings' items
 * and before the review is posted, so that a review never appears after the run said it could not post one.
 */






/** GitHub lists at most 3,000 files of a pull request. */
const MAX_PULL_FILES = 3_000;
async function postReview(client, target, data, changes, redact, signal) {
    const [files, comments, reviews, me] = await Promise.all([
        collect(client.pullFiles(target), signal, MAX_PULL_FILES),
        collect(client.reviewComments(target), signal),
        collect(client.reviews(target), signal),
        client.whoAmI(),
    ]);
    const ours = (items) => items.filter((c) => (0,identity/* writtenByUs */.b)(c, me)).map((c) => c.body ?? undefined);
    const parts = {
        summary: data.summary,
        findings: data.findings,
        edits: editSuggestions(changes?.files ?? []),
        fileLines: (p) => (0,check/* linesAt */.R4)(data.head, p),
        known: (0,marker/* knownFingerprints */.Ph)(ours(comments), ours(reviews)),
        redact,
    };
    const built = (0,build/* buildReview */.Br)({ ...parts, hunks: (0,review_anchor/* hunksOf */.H)(files) });
    const report = {
        findings: data.findings,
        invalid: data.invalid,
        posted: built.posted,
        repeated: built.repeated,
        unanchored: built.unanchored,
        suggestions: built.suggestions,
        repeatedSuggestions: built.repeatedSuggestions,
    };
    // Past the deadline nothing is posted: the run has already said there is no review.
    signal?.throwIfAborted();
    try {
        const r = await client.createReview(target, built.body, built.comments);
        return { ...report, url: r.html_url };
    }
    catch (e) {
        // 422: GitHub refused a line (the diff moved since it was read): the same review, every finding in its body.
        if (e.status !== 422 || built.comments.length === 0)
            throw e;
        signal?.throwIfAborted();
        const flat = (0,build/* buildReview */.Br)({ ...parts, hunks: new Map() });
        const r = await client.createReview(target, flat.body, []);
        return { ...report, url: r.html_url, unanchored: flat.unanchored, suggestions: 0 };
    }
}
async function collect(items, signal, max = Number.POSITIVE_INFINITY) {
    const out = [];
    for await (const item of items) {
        signal?.throwIfAborted();
        out.push(item);
        if (out.length >= max)
            break;
    }
    return out;
}


/***/ })

};

//# sourceMappingURL=277.index.js.map