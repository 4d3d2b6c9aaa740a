export const id = 25;
export const ids = [25];
export const modules = {

/***/ 41636:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   y: () => (/* binding */ capMarkdown)
/* harmony export */ });
/**
 * Rendered markdown cut to fit a size, never leaving a construct open: the one place that cuts markdown
 * that is already sanitised (a review's bodies, src/review/cap.ts; a report past its budget,
 * src/report/fit.ts). Cutting the rendered text, not the agent's, is what makes the size hold:
 * sanitising can make text several times longer (`&` is `&amp;`, a bidi control is spelled out).
 *
 * Where: at the last blank line outside a code block that fits (every inline construct, emphasis, code
 * span, link, ends at a blank line; a list, quote or table ends before an unindented paragraph), else at
 * the last line end, else inside the line. A code fence still open there is closed, and a visible note
 * says that the text was cut. Lengths are UTF-16 units: never fewer than GitHub's code points.
 */
/** `md` when it fits in `max`, else its start cut on a safe boundary and closed, then `note`. */
function capMarkdown(md, max, note) {
    if (md.length <= max)
        return md;
    let room = max - note.length - 2;
    while (room > 0) {
        const out = `${cutAt(md, room)}\n\n${note}`;
        if (out.length <= max)
            return out;
        room -= out.length - max;
    }
    return note.slice(0, max);
}
/** The fence a line opens (outside a code block): 3+ backticks with no backtick after, or 3+ tildes. */
function opens(line) {
    const m = /^((?:[ >]|[-+*] |\d{1,9}[.)] |\[[ x]\] )*)(`{3,}|~{3,})(.*)$/.exec(line);
    if (!m || (m[2][0] === "`" && m[3].includes("`")))
        return undefined;
    return { prefix: m[1], fence: m[2] };
}
/** The line closes `open`: the same character, at least as long, nothing after. */
function closes(line, open) {
    const m = /^[ >]*(`{3,}|~{3,})\s*$/.exec(line);
    return m !== null && m[1][0] === open.fence[0] && m[1].length >= open.fence.length;
}
/** The closing line of `open`: its quote markers kept, a list item's marker turned to indent. */
function closing(open) {
    return `\n${open.prefix.replace(/[^>]/g, " ")}${open.fence}`;
}
/** At most `room` units of `md` (plus a closing fence), cut where nothing is left open. */
function cutAt(md, room) {
    let at = 0;
    let open;
    let blank;
    let lineEnd;
    while (at <= md.length) {
        const nl = md.indexOf("\n", at);
        const end = nl === -1 ? md.length : nl;
        if (end > room)
            break;
        const line = md.slice(at, end);
        if (open) {
            if (closes(line, open))
                open = undefined;
        }
        else if (line === "")
            blank = at;
        else
            open = opens(line);
        lineEnd = { at: end, open };
        at = end + 1;
    }
    // A cut that keeps at least half of what fits; the earliest choice that does, in order of safety.
    const half = room / 2;
    if (blank !== undefined && blank >= half)
        return md.slice(0, blank).trimEnd();
    if (lineEnd && lineEnd.at >= half) {
        return `${md.slice(0, lineEnd.at)}${lineEnd.open ? closing(lineEnd.open) : ""}`;
    }
    // One long line: cut inside it, but not inside an entity, an escape or a surrogate pair.
    let text = md.slice(0, room);
    if (/[\uD800-\uDBFF]$/.test(text))
        text = text.slice(0, -1);
    text = text.replace(/&#?\w{0,8}$|\\$/, "");
    const lines = text.split("\n");
    let state;
    for (const line of lines)
        state = state ? (closes(line, state) ? undefined : state) : opens(line);
    return `${text}${state ? closing(state) : ""}`;
}


/***/ }),

/***/ 30009:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ todoLines)
/* harmony export */ });
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(42495);

/** The todo list as task list lines: done ticked, in progress said, cancelled struck out; the text is the agent's. */
function todoLines(todos, redact) {
    return todos.map((t) => {
        const text = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .mdText */ .bC)(redact(t.content || t.id));
        if (t.status === "done")
            return `- [x] ${text}`;
        if (t.status === "cancelled")
            return `- [ ] ~~${text}~~ _(cancelled)_`;
        return `- [ ] ${text}${t.status === "in_progress" ? " _(in progress)_" : ""}`;
    });
}


/***/ }),

/***/ 17171:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AN: () => (/* binding */ isProblem),
/* harmony export */   Hl: () => (/* binding */ STATUS_MARK),
/* harmony export */   kE: () => (/* binding */ statusBreakdown),
/* harmony export */   ly: () => (/* binding */ STATUS_WORDS)
/* harmony export */ });
const STATUS_MARK = {
    running: "…",
    succeeded: "✓",
    pending: "○",
    "needs-approval": "⏸",
    rejected: "⊘",
    failed: "✗",
    errored: "‼",
    unknown: "?",
};
/** The status in words; the order is the one counts are listed in. */
const STATUS_WORDS = {
    running: "running",
    succeeded: "succeeded",
    pending: "pending",
    "needs-approval": "needing approval",
    rejected: "rejected",
    failed: "failed",
    errored: "errored",
    unknown: "of unknown outcome",
};
/** A call of this status did not do what it was asked to: worth a warning when the run fails. */
function isProblem(status) {
    return status === "failed" || status === "rejected" || status === "errored";
}
/** The calls that did not simply succeed, by status: `✗ 2 failed, ? 1 of unknown outcome`. */
function statusBreakdown(byStatus, marks = true) {
    const parts = [];
    for (const s of Object.keys(STATUS_WORDS)) {
        const n = byStatus[s];
        if (s === "succeeded" || !n)
            continue;
        parts.push(`${marks ? `${STATUS_MARK[s]} ` : ""}${n} ${STATUS_WORDS[s]}`);
    }
    return parts.join(", ");
}


/***/ }),

/***/ 79025:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  COMMENT_BUDGET: () => (/* binding */ COMMENT_BUDGET),
  SUMMARY_BUDGET: () => (/* binding */ SUMMARY_BUDGET),
  renderReport: () => (/* binding */ renderReport),
  warmFinalMessage: () => (/* reexport */ final_message.warmFinalMessage)
});

// EXTERNAL MODULE: ./src/base/limits.ts
var limits = __webpack_require__(58369);
// EXTERNAL MODULE: ./src/base/format.ts
var format = __webpack_require__(8378);
// EXTERNAL MODULE: ./src/base/redact.ts
var base_redact = __webpack_require__(91564);
// EXTERNAL MODULE: ./src/render/agent-markdown.ts + 1 modules
var agent_markdown = __webpack_require__(31000);
// EXTERNAL MODULE: ./src/render/headlines.ts
var headlines = __webpack_require__(78745);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(42495);
// EXTERNAL MODULE: ./src/render/todos.ts
var todos = __webpack_require__(30009);
// EXTERNAL MODULE: ./src/render/tool-status.ts
var tool_status = __webpack_require__(17171);
// EXTERNAL MODULE: ./src/report/final-message.ts
var final_message = __webpack_require__(8068);
// EXTERNAL MODULE: ./src/review/badge.ts
var badge = __webpack_require__(41735);
// EXTERNAL MODULE: ./src/settings/contract.ts
var contract = __webpack_require__(27843);
;// CONCATENATED MODULE: ./src/report/review-section.ts
/**
 * The review in the report (the sticky comment and the job summary): counts by severity, the link to the
 * review, how many findings are new and how many an earlier run already posted (the agent's edits as
 * suggestions counted apart), the findings by severity, and the invalid ones with why. Pure; every text
 * of the agent's through the one sanitiser.
 */




/** Rows of the findings table; the `findings` output has them all. */
const MAX_ROWS = 50;
const MAX_CELL = 200;
function reviewLines(r, redact) {
    const cell = (t) => (0,markdown/* mdText */.bC)((0,base_redact/* cutAfterRedaction */.cr)(t, MAX_CELL, redact));
    const where = (path, line, start) => (0,markdown/* mdCode */.xs)(`${(0,base_redact/* cutAfterRedaction */.cr)(path, MAX_CELL, redact)}:${start ? `${start}-` : ""}${line}`);
    const n = r.findings.length;
    const counts = contract/* SEVERITIES */.oC.map((s) => [s, r.findings.filter((f) => f.severity === s).length])
        .filter(([, c]) => c > 0)
        .map(([s, c]) => `${c} ${s}`);
    const facts = [
        `**Review**: ${n} finding${n === 1 ? "" : "s"}${counts.length ? ` (${counts.join(", ")})` : ""}`,
        r.url ? `[the review on the pull request](${r.url})` : "",
        // Findings only; the agent's edits posted as suggestions are counted apart, when there are any.
        r.posted !== undefined
            ? `${r.posted} new finding${r.posted === 1 ? "" : "s"}, ${r.repeated ?? 0} already reported`
            : "",
        r.unanchored ? `${r.unanchored} outside the diff` : "",
        r.suggestions || r.repeatedSuggestions ? edits(r.suggestions ?? 0, r.repeatedSuggestions ?? 0) : "",
        r.note ? `_${(0,markdown/* mdText */.bC)(r.note)}_` : "",
    ].filter(Boolean);
    const out = [facts.join(" · "), ""];
    if (n > 0) {
        const rank = (s) => contract/* SEVERITIES */.oC.indexOf(s);
        const sorted = [...r.findings].sort((a, b) => rank(a.severity) - rank(b.severity));
        out.push("| Severity | Where | Finding |", "|---|---|---|");
        for (const f of sorted.slice(0, MAX_ROWS)) {
            out.push(`| ${badge/* BADGE */.y[f.severity]} | ${where(f.path, f.line, f.start_line)} | ${cell(f.title)} |`);
        }
        if (n > MAX_ROWS)
            out.push(`| … ${n - MAX_ROWS} more | | the \`findings\` output has them all |`);
        out.push("");
    }
    if (r.invalid.length > 0) {
        out.push(`**Invalid findings** (${r.invalid.length}, not posted):`, "");
        for (const { finding: f, why } of r.invalid.slice(0, MAX_ROWS)) {
            out.push(`- ${where(f.path, f.line, f.start_line)} — ${cell(f.title)}: _${(0,markdown/* mdText */.bC)(why)}_`);
        }
        if (r.invalid.length > MAX_ROWS)
            out.push(`- … ${r.invalid.length - MAX_ROWS} more`);
        out.push("");
    }
    return out;
}
/** The agent's edits as suggestions: posted now, and left out as suggested by an earlier run. */
function edits(now, before) {
    if (now === 0)
        return `${before} of the agent's edits suggested by an earlier run`;
    const posted = `${now} of the agent's edits as suggestions`;
    return before ? `${posted} (${before} more suggested by an earlier run)` : posted;
}

;// CONCATENATED MODULE: ./src/report/compose.ts
/**
 * The report's text for one shape (which diffs, whether the tool calls, how many files): its parts in
 * order, each of them a list of lines. ./report.ts picks the shape that fits.
 */









/** A note is shown up to this many characters (cut after redaction). */
const MAX_NOTE = 300;
const STATUS_LABEL = {
    added: "added",
    modified: "modified",
    deleted: "deleted",
    outside: "outside the workspace",
    shell: "changed by a shell command",
};
/**
 * A file's diff as the report shows it, folded: one piece of text (its lines joined), the same in every
 * shape that shows it, so that ./report.ts can build it once and count it without composing the report.
 */
function diffBlock(f, redact) {
    return [
        `<details><summary><code>${(0,markdown/* htmlText */.js)(redact(f.path))}</code> +${f.added} −${f.removed}</summary>`,
        "",
        (0,markdown/* fenced */.OF)(f.diff, "diff"),
        "",
        "</details>",
        "",
    ].join("\n");
}
/** The report's parts, in order. */
const PARTS = [
    ["the headline", head],
    [
        "why it failed",
        ({ input }) => (input.verdict.error ? whyItFailed(input.verdict.error, input.redact) : []),
    ],
    ["the review", ({ input }) => (input.review ? reviewLines(input.review, input.redact) : [])],
    ["the changed files", fileLines],
    ["the tool calls", toolLines],
    [
        "the agent's todo list",
        ({ input }) => input.model.todos.length > 0
            ? ["**The agent's todo list**", "", ...(0,todos/* todoLines */.Y)(input.model.todos, input.redact), ""]
            : [],
    ],
    ["the agent's final message", finalLines],
    ["the notes", ({ shape }) => shape.notes.filter(Boolean).flatMap((n) => [`> ${n}`, ""])],
];
/**
 * The report for `shape`. It never throws: most of what it shows is the agent's, and a report must still
 * be written whatever the agent wrote. A part that cannot be built is a note of its own; the rest stands.
 */
function compose(input, files, shape, block = (f) => diffBlock(f, input.redact), 
/** Told of each part that could not be built (and became a note). */
failed) {
    const parts = { input, files, shape, block };
    return PARTS.flatMap(([what, lines]) => {
        try {
            return lines(parts);
        }
        catch (e) {
            failed?.(what);
            // The error's own words, redacted and cut: it may quote what the agent wrote.
            const why = (0,markdown/* mdText */.bC)((0,base_redact/* cutAfterRedaction */.cr)(String(e?.message ?? e), MAX_NOTE, input.redact));
            return [`> ⚠️ This report could not show ${what} (${why}); the job log has the run.`, ""];
        }
    }).join("\n");
}
/** The headline and the run's facts on one line. */
function head({ input, files }) {
    const { model, redact } = input;
    const r = model.result;
    const t = model.toolCounts();
    const c = input.changes;
    const changed = files.filter((f) => f.status !== "outside");
    const facts = [
        c
            ? `**${changed.length} file${changed.length === 1 ? "" : "s"} changed** (+${c.added} −${c.removed})`
            : "",
        (0,format/* formatDuration */.a3)(r?.durationMs ?? input.wallMs),
        model.session.model ? `model ${(0,markdown/* mdText */.bC)(redact(model.session.model))}` : "",
        `${t.total} tool call${t.total === 1 ? "" : "s"}${notSucceeded(t)}`,
        r?.usage ? `tokens ${fmtInt(r.usage.inputTokens)} in · ${fmtInt(r.usage.outputTokens)} out` : "",
        // The run, not the job: the job's own id is not in the environment the runner gives an action.
        input.runUrl ? `[workflow run](${input.runUrl})` : "",
    ].filter(Boolean);
    return [(0,headlines/* headline */.Pl)(headlines/* HEADLINE */.ZS[input.verdict.conclusion]), "", facts.join(" · "), ""];
}
function whyItFailed(error, redact) {
    return ["**Why it failed**", "", (0,markdown/* fenced */.OF)(redact(error), "text"), ""];
}
/** The table of changed files, their diffs as the shape has them, and the notes of those without one. */
function fileLines({ input, files, shape, block }) {
    const { redact } = input;
    const c = input.changes;
    const out = [];
    if (files.length > 0) {
        out.push("| File | Change | Lines |", "|---|---|---|");
        for (const f of files.slice(0, shape.fileRows)) {
            const lines = f.status === "outside" ? "" : `+${f.added} −${f.removed}`;
            const note = f.mismatchOnDisk ? " ⚠ differs on disk" : "";
            out.push(`| ${(0,markdown/* mdCode */.xs)(redact(f.path))} | ${STATUS_LABEL[f.status]}${note} | ${lines} |`);
        }
        if (shape.fileRows < files.length)
            out.push(`| … ${files.length - shape.fileRows} more | | |`);
        out.push("");
        for (const f of files) {
            if (!f.diff || !shape.diffs.has(f.path))
                continue;
            out.push(block(f));
        }
        // Files without a diff say why (too large, outside the workspace, binary…), each named.
        const notes = files.filter((f) => f.note && !f.diff);
        for (const f of notes)
            out.push(`- ${(0,markdown/* mdCode */.xs)(redact(f.path))}: _${(0,markdown/* mdText */.bC)((0,base_redact/* cutAfterRedaction */.cr)(f.note ?? "", MAX_NOTE, redact))}_`);
        if (notes.length)
            out.push("");
    }
    else if (c) {
        out.push("_No files were changed._", "");
    }
    for (const n of c?.notes ?? [])
        out.push(`_${(0,markdown/* mdText */.bC)((0,base_redact/* cutAfterRedaction */.cr)(n, MAX_NOTE, redact))}_`, "");
    return out;
}
/**
 * The tool table of each report input, the same in every shape that has one: the report is composed at
 * least twice (measured, then written; the summary, then the comment), and the table of hundreds of
 * calls is built once (~3 ms of the 2026-shaped run's end, BENCHMARKS.md).
 */
const toolTables = new WeakMap();
/** The tool calls, folded: one row each, the ones the model did not keep counted by status. */
function toolLines({ input, shape }) {
    if (!shape.toolTable)
        return [];
    let lines = toolTables.get(input);
    if (lines === undefined) {
        lines = toolTable(input);
        toolTables.set(input, lines);
    }
    return lines;
}
function toolTable(input) {
    const { model, redact } = input;
    const t = model.toolCounts();
    if (t.total === 0)
        return [];
    const out = [
        `<details><summary>Tool calls (${t.total})</summary>`,
        "",
        "| | Tool | Target | Outcome |",
        "|---|---|---|---|",
    ];
    for (const call of model.tools.values()) {
        const target = call.target ? (0,markdown/* mdCode */.xs)(redact(call.target)) : "";
        out.push(`| ${tool_status/* STATUS_MARK */.Hl[call.status]} | ${(0,markdown/* mdText */.bC)(redact(call.name))} | ${target} | ${outcomeCell(call, redact)} |`);
    }
    // The model keeps the first calls and the failed ones after them (memory stays flat): the rest are
    // counted, and the job log has each one.
    const more = t.total - model.tools.size;
    if (more > 0)
        out.push(`| | … ${fmtInt(more)} more | | ${(0,markdown/* mdText */.bC)(unlisted(model, t))}; each is in the job log |`);
    out.push("", "</details>", "");
    return out;
}
function finalLines({ input }) {
    const shown = (0,final_message.finalMessage)(input.model, input.contract ?? false, input.redact);
    if (!shown)
        return [];
    // Rendered, open, and inside a quote its own lines cannot end (src/render/agent-markdown.ts).
    return ["**The agent's final message**", "", (0,agent_markdown/* quoted */.TL)((0,agent_markdown/* agentMarkdown */.vE)(shown)), ""];
}
/** What the calls past the listed ones did, by status: "7,540 succeeded, 12 failed". */
function unlisted(model, t) {
    const rest = { ...t.byStatus };
    for (const c of model.tools.values())
        rest[c.status]--;
    return Object.keys(tool_status/* STATUS_WORDS */.ly)
        .filter((status) => rest[status] > 0)
        .map((status) => `${fmtInt(rest[status])} ${tool_status/* STATUS_WORDS */.ly[status]}`)
        .join(", ");
}
/** The calls that did not simply succeed, by status, in parentheses; nothing when all did. */
function notSucceeded(t) {
    const s = (0,tool_status/* statusBreakdown */.kE)(t.byStatus, false);
    return s ? ` (${s})` : "";
}
/** An outcome key the action does not know, shown up to this many characters. */
const UNKNOWN_KEY_SHOWN = 60;
/** A call's outcome in its row: an outcome key the action does not know is the agent's, shown as code. */
function outcomeCell(call, redact) {
    const o = call.outcome;
    if (o?.unknownKey !== undefined)
        return `unknown outcome ${(0,markdown/* mdCode */.xs)((0,base_redact/* cutAfterRedaction */.cr)(o.unknownKey, UNKNOWN_KEY_SHOWN, redact))}`;
    return (0,markdown/* mdText */.bC)(redact(o?.summary ?? call.status));
}
/** 1234567 → 1,234,567 (toLocaleString builds an ICU formatter on first use: 12 ms, BENCHMARKS.md). */
function fmtInt(n) {
    return String(Math.round(n ?? 0)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// EXTERNAL MODULE: ./src/render/cap-markdown.ts
var cap_markdown = __webpack_require__(41636);
;// CONCATENATED MODULE: ./src/report/fit.ts
/** A report's size against its budget, and the last-resort cut when nothing else made it fit. */

/** How far over the budget, in the budget's own unit (an upper bound for bytes). */
function overBy(text, b) {
    const chars = b.maxChars !== undefined ? text.length - b.maxChars : Number.NEGATIVE_INFINITY;
    const bytes = b.maxBytes !== undefined ? Buffer.byteLength(text) - b.maxBytes : Number.NEGATIVE_INFINITY;
    return Math.max(chars, bytes);
}
/**
 * {@link overBy} of `base` with each of `pieces` joined on as a line of its own (`base`, `\n`, a piece,
 * …) in any order, without joining them: characters and UTF-8 bytes both add up piece by piece.
 */
function overByJoined(base, pieces, b) {
    let chars = base.length;
    let bytes = b.maxBytes !== undefined ? Buffer.byteLength(base) : 0;
    for (const p of pieces) {
        chars += p.text.length + 1;
        bytes += p.bytes + 1;
    }
    return Math.max(b.maxChars !== undefined ? chars - b.maxChars : Number.NEGATIVE_INFINITY, b.maxBytes !== undefined ? bytes - b.maxBytes : Number.NEGATIVE_INFINITY);
}
function fits(text, b) {
    if (b.maxChars !== undefined && text.length > b.maxChars)
        return false;
    if (b.maxBytes !== undefined && Buffer.byteLength(text) > b.maxBytes)
        return false;
    return true;
}
/** Cuts at a line boundary, closes an open fence, and says so. */
function hardCut(text, b) {
    const note = "> The report was cut to fit; the job log has everything.";
    const bytes = (b.maxBytes ?? Number.POSITIVE_INFINITY) - 64;
    // Characters first (a character is at least a byte); fewer while the UTF-8 is still over the bytes.
    let room = Math.min(b.maxChars ?? Number.POSITIVE_INFINITY, bytes) - 64;
    let cut = (0,cap_markdown/* capMarkdown */.y)(text, room, note);
    while (Buffer.byteLength(cut) > bytes && room > 0) {
        room = Math.floor(room * 0.9);
        cut = (0,cap_markdown/* capMarkdown */.y)(text, room, note);
    }
    return `${cut}\n`;
}

;// CONCATENATED MODULE: ./src/report/report.ts
/**
 * The markdown report: one renderer for the job summary (≤ 1 MiB) and the PR comment (≤ 65,536
 * characters). Pure: it takes what the run produced and returns text that fits.
 *
 * Every piece of agent text is redacted first (before anything is measured or cut, so a cut can never
 * leave half a secret), then escaped or fenced. When the whole does not fit it degrades in steps: the
 * largest diffs go first, then all diffs, then the list of tool calls, then the list of files is
 * shortened, each step with a note of what was left out and where to find it.
 */




/** A PR comment body, with room for the marker the caller prepends. */
const COMMENT_BUDGET = { maxChars: limits/* GITHUB_BODY_CHARS */.Dp - limits/* COMMENT_MARKER_ROOM */.T1 };
/** The job summary, with room for the lines the action appends on its own. */
const SUMMARY_BUDGET = { maxBytes: limits/* SUMMARY_MAX_BYTES */.eR - 4096 };
function renderReport(input, budget) {
    const files = (input.changes?.files ?? []).map((f) => ({
        ...f,
        diff: f.diff ? input.redact(f.diff) : undefined,
    }));
    const withDiff = files.filter((f) => f.diff !== undefined && f.diff !== "");
    const all = withDiff.map((f) => f.path);
    const shape = { diffs: new Set(all), toolTable: true, fileRows: files.length, notes: [] };
    const sized = blocksOf(input);
    const block = (f) => sized(f).text;
    // The whole report with every diff is composed only when it can fit: its size is the report's without
    // diffs plus each diff's block, counted, not joined (2,000 diffs: megabytes joined to be measured and
    // thrown away, BENCHMARKS.md). Counted or composed, the excess is the same number. A block that cannot
    // be built (the diff is the agent's) is left to compose, whose part for the files says so in a note.
    let excess = all.length === 0 ? 0 : countedExcess(input, files, shape, withDiff, sized, budget);
    if (excess <= 0) {
        const text = compose(input, files, shape, block);
        if (fits(text, budget))
            return text;
        excess = overBy(text, budget);
    }
    // 1. the largest diffs first: drop as many as the excess needs in one go, then one at a time
    const bySize = [...withDiff].sort((a, b) => b.diff.length - a.diff.length);
    let text;
    let dropped = 0;
    for (const f of bySize) {
        shape.diffs.delete(f.path);
        dropped++;
        excess -= f.diff.length;
        if (excess > 0 && dropped < bySize.length)
            continue;
        shape.notes[0] = `${dropped} of ${all.length} diffs are left out to fit (the largest first); the job log has every edit.`;
        text = compose(input, files, shape, block);
        if (fits(text, budget))
            return text;
        excess = overBy(text, budget);
    }
    // 2. the list of tool calls
    shape.toolTable = false;
    shape.notes[1] = "The list of tool calls is left out to fit; the job log has each one.";
    text = compose(input, files, shape, block);
    if (fits(text, budget))
        return text;
    // 3. a shorter list of files, halving until it fits
    while (shape.fileRows > 0) {
        shape.fileRows = Math.floor(shape.fileRows / 2);
        shape.notes[2] = `Only ${shape.fileRows} of ${files.length} changed files are listed to fit; \`files-changed\` has them all.`;
        text = compose(input, files, shape, block);
        if (fits(text, budget))
            return text;
    }
    // 4. last resort: cut where no block is left open (only an enormous error or final message gets here)
    return hardCut(text, budget);
}
/**
 * The excess of the report with every diff, counted; where a block or a part of the report cannot be
 * built (a note then stands for the part, diffs or not), composed as it was before it was counted, so
 * that the report is the same either way.
 */
function countedExcess(input, files, shape, withDiff, sized, budget) {
    const block = (f) => sized(f).text;
    const composed = () => overBy(compose(input, files, shape, block), budget);
    let pieces;
    try {
        pieces = withDiff.map(sized);
    }
    catch {
        return composed();
    }
    let whole = true;
    const base = compose(input, files, { ...shape, diffs: new Set() }, block, () => {
        whole = false;
    });
    return whole ? overByJoined(base, pieces, budget) : composed();
}
/**
 * Each report input's diff blocks, by the redacted diff (the same string each time: publish memoises the
 * redaction): the summary's rendering and the comment's build each block once between them. A block is
 * taken again only for the same path and counts.
 */
const cache = new WeakMap();
/** A file's diff block, with its size: built once per report input (see {@link cache}). */
function blocksOf(input) {
    let blocks = cache.get(input);
    if (!blocks) {
        blocks = new Map();
        cache.set(input, blocks);
    }
    const kept = blocks;
    return (f) => {
        const b = kept.get(f.diff);
        if (b && b.path === f.path && b.added === f.added && b.removed === f.removed)
            return b;
        const text = diffBlock(f, input.redact);
        const built = { path: f.path, added: f.added, removed: f.removed, text, bytes: Buffer.byteLength(text) };
        kept.set(f.diff, built);
        return built;
    };
}


/***/ }),

/***/ 41735:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   y: () => (/* binding */ BADGE)
/* harmony export */ });
const BADGE = {
    critical: "🔴 critical",
    high: "🟠 high",
    medium: "🟡 medium",
    low: "🔵 low",
    info: "⚪ info",
};


/***/ })

};

//# sourceMappingURL=25.index.js.map