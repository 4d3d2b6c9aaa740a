export const id = 139;
export const ids = [139];
export const modules = {

/***/ 6139:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  checkReview: () => (/* binding */ checkReview)
});

// EXTERNAL MODULE: ./src/git/reader.ts + 3 modules
var reader = __webpack_require__(4985);
// EXTERNAL MODULE: ./src/structured/contract.ts
var contract = __webpack_require__(853);
// EXTERNAL MODULE: ./src/git/workspace-files.ts
var workspace_files = __webpack_require__(9571);
;// CONCATENATED MODULE: ./src/review/check.ts

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
        const refused = (0,workspace_files/* checkRelative */.Bp)(p);
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

;// CONCATENATED MODULE: ./src/review/judge.ts
/**
 * A review's findings, once the schema has passed them, checked against the repository (./check.ts): the
 * invalid ones fail the run with one line that names them, and are never posted. Then `fail-on-severity`
 * on the valid ones only: a finding that is not in the repository is an invalid one, not a gate's. When
 * both apply, `error` carries both lines. A replayed transcript's paths belong to another checkout: its
 * findings are taken as the schema passed them.
 */



async function checkReview(review, workspace, verdict) {
    const head = workspace
        ? await readHeadLines((0,reader/* createGitReader */.S)(workspace), review.findings.map((f) => f.path))
        : new Map();
    const { valid, invalid } = checkFindings(review.findings, head);
    const data = { summary: review.summary, findings: valid, invalid, head };
    // A run that already failed keeps its own error.
    if (verdict.conclusion !== "success")
        return { data, verdict };
    const problems = [(0,contract.gateError)(valid, review.failOnSeverity ?? "none"), invalidError(invalid)].filter(Boolean);
    if (problems.length === 0)
        return { data, verdict };
    return { data, verdict: { ...verdict, conclusion: "failure", error: problems.join(" ") } };
}
function invalidError(invalid) {
    const n = invalid.length;
    if (n === 0)
        return undefined;
    const named = invalid
        .slice(0, contract.NAMED_IN_ERROR)
        .map(({ finding: f, why }) => `${f.path}:${f.line} (${why})`)
        .join("; ");
    const more = n > contract.NAMED_IN_ERROR ? ` and ${n - contract.NAMED_IN_ERROR} more` : "";
    return `The review has ${n} invalid finding${n === 1 ? "" : "s"}, not posted: ${named}${more}.`;
}


/***/ })

};

//# sourceMappingURL=139.index.js.map