export const id = 277;
export const ids = [277];
export const modules = {

/***/ 31631:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ hunksOf),
/* harmony export */   X: () => (/* binding */ anchored)
/* harmony export */ });
function hunksOf(files) {
    const out = new Map();
    for (const f of files) {
        const ranges = [];
        for (const m of (f.patch ?? "").matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
            const start = Number(m[1]);
            const count = m[2] === undefined ? 1 : Number(m[2]);
            if (count > 0)
                ranges.push([start, start + count - 1]);
        }
        out.set(f.filename, ranges);
    }
    return out;
}
/** The finding's lines lie in one hunk of its file's diff. */
function anchored(hunks, path, line, startLine) {
    const first = startLine !== undefined && startLine < line ? startLine : line;
    return (hunks.get(path) ?? []).some(([a, b]) => first >= a && line <= b);
}


/***/ }),

/***/ 57978:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Br: () => (/* binding */ buildReview),
  Rj: () => (/* binding */ fingerprint)
});

// UNUSED EXPORTS: editFingerprint

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./src/base/limits.ts
var limits = __webpack_require__(58369);
// EXTERNAL MODULE: ./src/render/agent-markdown.ts + 1 modules
var agent_markdown = __webpack_require__(31000);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(42495);
// EXTERNAL MODULE: ./src/review/anchor.ts
var review_anchor = __webpack_require__(31631);
// EXTERNAL MODULE: ./src/review/badge.ts
var badge = __webpack_require__(41735);
// EXTERNAL MODULE: ./src/render/cap-markdown.ts
var cap_markdown = __webpack_require__(41636);
;// CONCATENATED MODULE: ./src/review/cap.ts
/**
 * A review's bodies, cut to fit GitHub: it refuses the whole review (422) when any one body is over
 * 65,536 characters. The cut is made on the rendered text, after the sanitiser, never before it
 * (src/render/cap-markdown.ts).
 */

const CUT_NOTE = "_… cut to fit GitHub's limit: the `structured-output` output has all of it._";
/** `md` when it fits in `max`, else its start cut on a safe boundary and closed, then `note`. */
function capMarkdown(md, max, note = CUT_NOTE) {
    return (0,cap_markdown/* capMarkdown */.y)(md, max, note);
}

// EXTERNAL MODULE: ./src/review/marker.ts
var marker = __webpack_require__(80468);
;// CONCATENATED MODULE: ./src/review/build.ts
/**
 * The pull request review of a run in review mode: one inline comment per finding that can be anchored
 * (with a ```suggestion block when it has one), one per agent edit that can, the findings that cannot be
 * anchored listed in the review's body, and every text through the one sanitiser for agent text. Each
 * comment carries a hidden fingerprint (path, title and the content of its lines), so that a later run
 * does not post it again. Every body is capped once rendered (./cap.ts): GitHub refuses the whole review
 * when one is too long. Pure: the caller reads the pull request and posts.
 */








/**
 * Kept free below GitHub's limit for the few characters GitHub may add to a body (none seen so far): it
 * makes the cap a round 65,000.
 */
const GITHUB_ADDS_MARGIN = 536;
/**
 * Every body is capped after it is rendered (./cap.ts): GitHub refuses the whole review when one body is
 * over its limit.
 */
const MAX_BODY_CHARS = limits/* GITHUB_BODY_CHARS */.Dp - GITHUB_ADDS_MARGIN;
/** Of a review's body, the most the summary takes: the list of findings outside the diff gets the rest. */
const MAX_SUMMARY_CHARS = 30_000;
/** A fingerprint: what is commented on, by what, and the content of the lines it sits on. */
function print(...parts) {
    return (0,external_node_crypto_.createHash)("sha256").update(parts.join("\0")).digest("hex").slice(0, marker/* PRINT_DIGITS */.Vn);
}
function fingerprint(f, lines) {
    const from = f.start_line ?? f.line;
    return print(f.path, f.title, lines ? lines.slice(from - 1, f.line).join("\n") : "");
}
function editFingerprint(e) {
    return print(e.path, "edit", e.old.join("\n"), e.replacement.join("\n"));
}
function buildReview(p) {
    const { redact, hunks, known } = p;
    const comments = [];
    const elsewhere = [];
    let posted = 0;
    let repeated = 0;
    let suggestions = 0;
    let repeatedSuggestions = 0;
    for (const f of p.findings) {
        const mark = fingerprint(f, p.fileLines(f.path));
        if (known.has(mark)) {
            repeated++;
            continue;
        }
        posted++;
        const title = `**${badge/* BADGE */.y[f.severity]}** · ${(0,markdown/* mdText */.bC)(redact(f.title))}`;
        // A path the redactor would change cannot be shown as is: it goes in the body, redacted.
        if (redact(f.path) === f.path && (0,review_anchor/* anchored */.X)(hunks, f.path, f.line, f.start_line)) {
            const block = f.suggestion === undefined ? undefined : suggestion(redact(f.suggestion));
            const body = commentBody(`${(0,marker/* printMarker */.uZ)(mark)}\n${title}`, (0,agent_markdown/* agentMarkdown */.vE)(redact(f.body)), block);
            comments.push({ path: f.path, line: f.line, start_line: f.start_line, body });
        }
        else {
            const where = (0,markdown/* mdCode */.xs)(`${redact(f.path)}:${f.start_line ? `${f.start_line}-` : ""}${f.line}`);
            elsewhere.push(`${marker/* ITEM */.Uo}${(0,marker/* printMarker */.uZ)(mark)}${badge/* BADGE */.y[f.severity]} ${where} — ${(0,markdown/* mdText */.bC)(redact(f.title))}`);
        }
    }
    for (const e of p.edits) {
        if (redact(e.path) !== e.path || !(0,review_anchor/* anchored */.X)(hunks, e.path, e.end, e.start))
            continue;
        const mark = editFingerprint(e);
        if (known.has(mark)) {
            repeatedSuggestions++;
            continue;
        }
        if (suggestions >= MAX_SUGGESTED_EDITS)
            continue;
        const text = e.replacement.length ? `${e.replacement.join("\n")}\n` : "";
        const body = [
            (0,marker/* printMarker */.uZ)(mark),
            "**✏️ The agent's edit**, as a suggestion",
            "",
            suggestion(redact(text)),
        ].join("\n");
        // Applied with one click as it stands: never cut. One too long stays in the report with its diff.
        if (body.length > MAX_BODY_CHARS)
            continue;
        suggestions++;
        comments.push({ path: e.path, line: e.end, start_line: e.start < e.end ? e.start : undefined, body });
    }
    return {
        body: reviewBody((0,agent_markdown/* agentMarkdown */.vE)(redact(p.summary)), build_status(posted, repeated), elsewhere),
        comments,
        posted,
        repeated,
        unanchored: elsewhere.length,
        suggestions,
        repeatedSuggestions,
    };
}
/** What the review says of its findings beside the summary: that none is new, or how many were left out. */
function build_status(posted, repeated) {
    if (posted === 0 && repeated === 0)
        return "_No findings._";
    if (posted === 0)
        return `_No new findings; ${repeated} already reported._`;
    if (repeated === 0)
        return undefined;
    return `_${posted} new finding${posted === 1 ? "" : "s"}; ${repeated} already reported (not repeated here)._`;
}
/**
 * The review's body: the summary (rendered, then capped to its share), what is new, and the findings
 * outside the diff, one line each, as many as fit (their fingerprints are on those lines: never cut inside one).
 */
function reviewBody(summary, said, elsewhere) {
    const head = ["### Cursor agent review", "", capMarkdown(summary, MAX_SUMMARY_CHARS)];
    if (said)
        head.push("", said);
    if (elsewhere.length === 0)
        return capMarkdown(head.join("\n"), MAX_BODY_CHARS);
    // The list ends the body: only there are its fingerprints read back (./marker.ts).
    const intro = ["", "**Findings outside the pull request's diff** (no inline comment possible):", ""];
    const room = MAX_BODY_CHARS - head.join("\n").length - intro.join("\n").length - 200;
    let used = 0;
    let shown = 0;
    for (const line of elsewhere) {
        if (used + line.length + 1 > room)
            break;
        used += line.length + 1;
        shown++;
    }
    const more = elsewhere.length - shown;
    const body = [...head, ...intro, ...elsewhere.slice(0, shown), ...(more ? [(0,marker/* moreLine */.g0)(more)] : [])].join("\n");
    return capMarkdown(body, MAX_BODY_CHARS);
}
/**
 * An inline comment's body: its head (fingerprint, title), the finding's text capped to what is left, and
 * its suggestion whole or not at all (a cut suggestion would apply half a change with one click).
 */
function commentBody(head, text, block) {
    let tail = block === undefined ? "" : `\n\n${block}`;
    if (head.length + tail.length + CUT_NOTE.length + 4 > MAX_BODY_CHARS) {
        const n = String(block.length).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
        tail = `\n\n_The suggestion is too long for a comment (${n} characters): the \`findings\` output has it._`;
    }
    return `${head}\n\n${capMarkdown(text, MAX_BODY_CHARS - head.length - 2 - tail.length)}${tail}`;
}
/** Inline suggestions made from the agent's edits, per review. */
const MAX_SUGGESTED_EDITS = 50;
/**
 * GitHub's one-click suggestion: the lines that replace the comment's lines, fenced longer than any
 * backtick run inside. No line at all (not one empty line) deletes them.
 */
function suggestion(text) {
    return text === "" ? "```suggestion\n```" : (0,markdown/* fenced */.OF)(text, "suggestion");
}


/***/ }),

/***/ 34920:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bc: () => (/* binding */ checkFindings),
/* harmony export */   R4: () => (/* binding */ linesAt),
/* harmony export */   wg: () => (/* binding */ readHeadLines)
/* harmony export */ });
/* unused harmony export splitLines */
/* harmony import */ var _git_workspace_files_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(79571);

/** A file's lines at HEAD, when they were read and are text. */
function linesAt(head, path) {
    const lines = head.get(path);
    return Array.isArray(lines) ? lines : undefined;
}
/** A file larger than this is not read for its lines (its findings are not checked, only posted). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
async function readHeadLines(reader, paths) {
    const out = new Map();
    const unique = [...new Set(paths)];
    if (!(await reader.isRepo()))
        return out;
    const reads = reader.showMany
        ? await reader.showMany(unique, MAX_FILE_BYTES)
        : new Map(await Promise.all(unique.map(async (p) => [p, await reader.show(p, MAX_FILE_BYTES)])));
    for (const p of unique) {
        const refused = (0,_git_workspace_files_js__WEBPACK_IMPORTED_MODULE_0__/* .checkRelative */ .Bp)(p);
        const r = reads.get(p);
        if (refused)
            out.set(p, { invalid: refused });
        else if (r?.kind === "text")
            out.set(p, splitLines(r.text));
        else if (r?.kind === "absent")
            out.set(p, { invalid: "no such file in the repository" });
        else
            out.set(p, undefined);
    }
    return out;
}
/** A file's lines as GitHub numbers them: a final newline ends the last line, it does not start one. */
function splitLines(text) {
    if (text === "")
        return [];
    const lines = text.split("\n");
    if (lines[lines.length - 1] === "")
        lines.pop();
    return lines;
}
/** Valid findings in order, and the others with why. Paths not in `head` (no repository) are not checked. */
function checkFindings(findings, head) {
    const valid = [];
    const invalid = [];
    for (const f of findings) {
        const why = problem(f, head);
        if (why)
            invalid.push({ finding: f, why });
        else
            valid.push(f);
    }
    return { valid, invalid };
}
function problem(f, head) {
    if (f.start_line !== undefined && f.start_line > f.line) {
        return `start_line ${f.start_line} is after line ${f.line}`;
    }
    if (!head.has(f.path))
        return undefined;
    const lines = head.get(f.path);
    if (lines && !Array.isArray(lines))
        return lines.invalid;
    if (lines && f.line > lines.length) {
        return `line ${f.line} is past the end of the file (${lines.length} line${lines.length === 1 ? "" : "s"})`;
    }
    return undefined;
}


/***/ }),

/***/ 80468:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ph: () => (/* binding */ knownFingerprints),
/* harmony export */   Uo: () => (/* binding */ ITEM),
/* harmony export */   Vn: () => (/* binding */ PRINT_DIGITS),
/* harmony export */   g0: () => (/* binding */ moreLine),
/* harmony export */   uZ: () => (/* binding */ printMarker)
/* harmony export */ });
/* unused harmony export printAt */
/**
 * The hidden fingerprint marker the action writes on each finding and edit it posts, so that a later run
 * does not post it again, and the places it writes one: written (./build.ts) and read (here) from the one
 * spelling below.
 *
 * Trust boundary: a marker suppresses a finding, so one the agent could write would let it hide a later,
 * real one (a critical finding never posted). The agent's text reaches the same bodies (a review's summary,
 * a finding's text and suggestion), so a marker counts only where the action writes one: alone on the
 * first line of an inline comment, and in the list that ends a review's body, one finding a line.
 * Besides, the agent's markdown never holds `<!--` at all (src/render/markdown.ts `noComments`); a
 * suggestion, though, is its text as it is (applied with one click).
 */
const OPEN = "<!-- cursor-agent-action finding=";
const CLOSE = " -->";
/** A fingerprint is this many lowercase hexadecimal digits (of a SHA-256). */
const PRINT_DIGITS = 24;
const PRINT = new RegExp(`^[0-9a-f]{${PRINT_DIGITS}}$`);
/** An item of that list starts so, then the finding's marker. */
const ITEM = "- ";
/** The marker of `print`, as the action writes it. */
function printMarker(print) {
    return `${OPEN}${print}${CLOSE}`;
}
/** The list's last line when not every finding fits: how many more, and where they all are. */
function moreLine(more) {
    return `${ITEM}… ${more} more: the job summary and the \`findings\` output have them all`;
}
/** Where the count stands in {@link moreLine}. */
const MORE_AT = moreLine(0).indexOf("0");
/** The fingerprint of the marker that stands at `at` in `text`, exactly; undefined when there is none. */
function printAt(text, at = 0) {
    if (!text.startsWith(OPEN, at))
        return undefined;
    const from = at + OPEN.length;
    const print = text.slice(from, from + PRINT_DIGITS);
    if (!PRINT.test(print) || !text.startsWith(CLOSE, from + PRINT_DIGITS))
        return undefined;
    return print;
}
/**
 * Fingerprints of earlier runs (the caller passes only the bodies the action itself wrote): an inline
 * comment's first line when it is a marker alone, and the list that ends a review's body. Nowhere else.
 */
function knownFingerprints(comments, reviewBodies) {
    const out = new Set();
    for (const b of comments) {
        const first = (b ?? "").split(/\r?\n/, 1)[0] ?? "";
        const print = printAt(first);
        if (print && first === printMarker(print))
            out.add(print);
    }
    for (const b of reviewBodies)
        for (const print of listed(b ?? ""))
            out.add(print);
    return out;
}
/**
 * The fingerprints of the list that ends a review's body: its last lines, each a finding's (the "… more"
 * line may be last), read back from the end to the first line that is not one. Only there: the agent's
 * summary comes before the list, and what it wrote cannot end the body as an item would (a code block
 * ends with its fence, a cut with its note, and no line of the agent's holds `<!--`).
 */
function listed(body) {
    const lines = body.split(/\r?\n/);
    while (lines.length > 0 && lines.at(-1) === "")
        lines.pop();
    const last = lines.at(-1) ?? "";
    if (last === moreLine(Number.parseInt(last.slice(MORE_AT), 10)))
        lines.pop();
    const prints = [];
    for (let i = lines.length - 1; i >= 0; i--) {
        const print = lines[i].startsWith(ITEM) ? printAt(lines[i], ITEM.length) : undefined;
        if (!print)
            break;
        prints.push(print);
    }
    return prints;
}


/***/ }),

/***/ 49277:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  postReview: () => (/* binding */ postReview)
});

// EXTERNAL MODULE: ./src/github/identity.ts
var identity = __webpack_require__(77369);
// EXTERNAL MODULE: ./src/review/anchor.ts
var review_anchor = __webpack_require__(31631);
// EXTERNAL MODULE: ./src/review/build.ts + 1 modules
var build = __webpack_require__(57978);
// EXTERNAL MODULE: ./src/review/check.ts
var check = __webpack_require__(34920);
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
var marker = __webpack_require__(80468);
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