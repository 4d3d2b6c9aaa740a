export const id = 277;
export const ids = [277];
export const modules = {

/***/ 9277:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  postReview: () => (/* binding */ postReview)
});

// EXTERNAL MODULE: ./src/review/anchor.ts
var review_anchor = __webpack_require__(1631);
// EXTERNAL MODULE: ./src/review/build.ts
var build = __webpack_require__(7388);
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

;// CONCATENATED MODULE: ./src/review/post.ts



/** GitHub lists at most 3,000 files of a pull request. */
const MAX_PULL_FILES = 3_000;
async function postReview(client, target, data, changes, redact) {
    const [files, comments, reviews] = await Promise.all([
        collect(client.pullFiles(target), MAX_PULL_FILES),
        collect(client.reviewComments(target)),
        collect(client.reviews(target)),
    ]);
    const parts = {
        summary: data.summary,
        findings: data.findings,
        edits: editSuggestions(changes?.files ?? []),
        fileLines: (p) => {
            const lines = data.head.get(p);
            return Array.isArray(lines) ? lines : undefined;
        },
        known: (0,build/* knownFingerprints */.Ph)(comments.map((c) => c.body), reviews.map((r) => r.body ?? undefined)),
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
    };
    if (built.posted === 0 && built.suggestions === 0) {
        return {
            ...report,
            note: data.findings.length ? "nothing new: every finding was posted by an earlier run" : "no findings",
        };
    }
    try {
        const r = await client.createReview(target, built.body, built.comments);
        return { ...report, url: r.html_url };
    }
    catch (e) {
        // 422: GitHub refused a line (the diff moved since it was read): the same review, every finding in its body.
        if (e.status !== 422 || built.comments.length === 0)
            throw e;
        const flat = (0,build/* buildReview */.Br)({ ...parts, hunks: new Map() });
        const r = await client.createReview(target, flat.body, []);
        return { ...report, url: r.html_url, unanchored: flat.unanchored, suggestions: 0 };
    }
}
async function collect(items, max = Number.POSITIVE_INFINITY) {
    const out = [];
    for await (const item of items) {
        out.push(item);
        if (out.length >= max)
            break;
    }
    return out;
}


/***/ })

};

//# sourceMappingURL=277.index.js.map