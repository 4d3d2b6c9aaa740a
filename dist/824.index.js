export const id = 824;
export const ids = [824];
export const modules = {

/***/ 7979:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   TL: () => (/* binding */ quoted),
/* harmony export */   vE: () => (/* binding */ agentMarkdown)
/* harmony export */ });
/* unused harmony export parsedMarkdown */
/* harmony import */ var marked__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8022);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2495);
/**
 * The agent's final message, rendered: it is usually markdown (a review with headings, lists and code),
 * so it is shown as markdown, not as a monospace block. Trust boundary: the text is the agent's. It is
 * parsed with a real GFM lexer (marked) and written out again from the parts that are safe, each leaf
 * through the one sanitiser for agent text (./markdown.ts): emphasis, lists, task lists, code, quotes,
 * tables and rules stay; raw HTML becomes visible text; a link keeps its words with its address shown as
 * code (never a live link), an image only its description; mentions and references are defused. Its
 * headings are demoted below the report's own (`####` at most), and {@link quoted} puts the whole of it in
 * a block quote that nothing in it can end: every line carries the quote's `>`.
 */


/** The report's own headings are `###`: the agent's start one below. */
const TOP_HEADING = 4;
/** Nesting past this (lists in quotes in lists…) is written as plain text: agent text can nest without end. */
const MAX_DEPTH = 8;
/**
 * One line with nothing markdown could read as syntax: no emphasis, code, link, HTML, entity or escape
 * characters, no autolink (`://`, `www.`, an e-mail's `@`), and no start a block could begin with
 * (indent, list marker, heading).
 */
function plainLine(t) {
    return t.length <= 2_000 && !/[\n\r\\`*_[\]<>#|~&=!+{}$^@]|:\/|www\.|^\s|^\d+[.)]|^-|\s$/i.test(t);
}
/** Safe markdown for `text` (already redacted), block by block. */
function agentMarkdown(text) {
    // One line of words needs no parse: marked's first lex compiles its rules (~15 ms, BENCHMARKS.md), a cost
    // a short "Done." should not pay at the end of every run. The result is the lexer's own (a test checks).
    if (plainLine(text))
        return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdText */ .bC)(text).trim();
    // The report renders the same final message for each size it tries (up to five when it must shrink).
    const hit = rendered.get(text);
    if (hit !== undefined)
        return hit;
    const md = parsedMarkdown(text);
    if (rendered.size >= RENDERED_KEPT)
        rendered.delete(rendered.keys().next().value);
    rendered.set(text, md);
    return md;
}
/** The last few renderings, by text. */
const rendered = new Map();
const RENDERED_KEPT = 4;
/** {@link agentMarkdown} through the lexer, whatever the text. */
function parsedMarkdown(text) {
    const tokens = new marked__WEBPACK_IMPORTED_MODULE_0__/* .Lexer */ .JG({ gfm: true }).lex(text.replace(/\r\n?/g, "\n"));
    return blocks(tokens, 0).trim();
}
/** `md` as a block quote: every line starts with `>`, so no line of it can end the quote or the block around it. */
function quoted(md) {
    return md
        .split("\n")
        .map((l) => (l === "" ? ">" : `> ${l}`))
        .join("\n");
}
/** Blocks, a blank line apart (`tight`: a tight list item's, one line apart, so that it stays tight). */
function blocks(tokens, depth, tight = false) {
    const out = [];
    for (const t of tokens) {
        const b = block(t, depth);
        if (b !== undefined)
            out.push(b);
    }
    return out.join(tight ? "\n" : "\n\n");
}
function block(t, depth) {
    if (depth > MAX_DEPTH)
        return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdText */ .bC)(t.raw);
    switch (t.type) {
        case "space":
        case "def":
            return undefined;
        case "heading": {
            const h = t;
            return `${"#".repeat(Math.min(6, h.depth + TOP_HEADING - 1))} ${lineStarts(inline(h.tokens, depth))}`;
        }
        case "paragraph":
            return lineStarts(inline(t.tokens, depth));
        case "text": {
            const x = t;
            return lineStarts(x.tokens ? inline(x.tokens, depth) : (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdText */ .bC)(x.text));
        }
        case "code": {
            const c = t;
            // Only a plain language name: the info string is agent text too.
            const lang = /^[\w+.#-]{1,30}$/.test(c.lang ?? "") ? (c.lang ?? "") : "";
            return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .fenced */ .OF)(c.text, lang);
        }
        case "blockquote":
            return quoted(blocks(t.tokens, depth + 1));
        case "list":
            return list(t, depth);
        case "table":
            return table(t, depth);
        case "hr":
            return "---";
        default:
            // Raw HTML and anything else: shown as the text it is, line by line.
            return t.raw
                .replace(/\n+$/, "")
                .split("\n")
                .map((l) => lineStarts((0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdText */ .bC)(l)))
                .join("  \n");
    }
}
/**
 * A line of text that starts like a block (`- `, `+`, `1.`, `#`, `=`): escaped, so that text the agent
 * escaped stays text (a `\-` must not come back as a list item, an `===` line must not make a heading).
 */
function lineStarts(md) {
    return md.replace(/^( {0,3})([-+=#])/gm, "$1\\$2").replace(/^( {0,3}\d{1,9})([.)])/gm, "$1\\$2");
}
function list(l, depth) {
    const start = typeof l.start === "number" ? l.start : 1;
    return l.items
        .map((item, i) => {
        const marker = l.ordered ? `${start + i}. ` : "- ";
        const box = item.task ? (item.checked ? "[x] " : "[ ] ") : "";
        const body = blocks(item.tokens.filter((c) => c.type !== "checkbox"), depth + 1, !l.loose);
        const pad = " ".repeat(marker.length);
        // Continuation lines sit under the item's text, so that they stay in the item.
        const lines = body.split("\n");
        return `${marker}${box}${lines[0] ?? ""}${lines
            .slice(1)
            .map((line) => (line === "" ? "\n" : `\n${pad}${line}`))
            .join("")}`;
    })
        .join(l.loose ? "\n\n" : "\n");
}
function table(t, depth) {
    const row = (cells) => `| ${cells.map((c) => inline(c.tokens, depth)).join(" | ")} |`;
    const align = t.align.map((a) => a === "left" ? ":---" : a === "right" ? "---:" : a === "center" ? ":---:" : "---");
    return [row(t.header), `| ${align.join(" | ")} |`, ...t.rows.map(row)].join("\n");
}
function inline(tokens, depth) {
    let out = "";
    for (const t of tokens ?? [])
        out += span(t, depth);
    return out;
}
function span(t, depth) {
    switch (t.type) {
        case "text": {
            const x = t;
            return x.tokens ? inline(x.tokens, depth) : (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdText */ .bC)(x.text);
        }
        case "escape":
            return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdText */ .bC)(t.text);
        case "strong":
            return `**${inline(t.tokens, depth)}**`;
        case "em":
            return `*${inline(t.tokens, depth)}*`;
        case "del":
            return `~~${inline(t.tokens, depth)}~~`;
        case "codespan":
            return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdCode */ .xs)(t.text);
        case "br":
            return "  \n";
        case "link": {
            // Its words, and where it pointed as code: readable, never followed from the report.
            const l = t;
            const words = inline(l.tokens, depth);
            return l.href && l.href !== l.text ? `${words} (${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdCode */ .xs)(l.href)})` : words || (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdCode */ .xs)(l.href);
        }
        case "image": {
            const im = t;
            return `${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdText */ .bC)(`[image: ${im.text || "no description"}]`)} (${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdCode */ .xs)(im.href)})`;
        }
        default:
            // Inline HTML and the rest: the text as written.
            return (0,_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdText */ .bC)(t.raw);
    }
}


/***/ }),

/***/ 1636:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   y: () => (/* binding */ capMarkdown)
/* harmony export */ });
/**
 * Rendered markdown cut to fit a size, never leaving a construct open: the one place that cuts markdown
 * that is already sanitised (a review's bodies, src/review/cap.ts; a report past its budget,
 * src/render/report.ts). Cutting the rendered text, not the agent's, is what makes the size hold:
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

/***/ 7219:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  J3: () => (/* binding */ LiveLog),
  Hl: () => (/* binding */ STATUS_MARK),
  a3: () => (/* reexport */ run_header/* formatDuration */.a3)
});

// EXTERNAL MODULE: ./src/model/paths.ts
var paths = __webpack_require__(1933);
// EXTERNAL MODULE: ./src/render/run-header.ts
var run_header = __webpack_require__(3915);
// EXTERNAL MODULE: ./src/tools/index.ts + 8 modules
var tools = __webpack_require__(8810);
;// CONCATENATED MODULE: ./src/render/tool-output.ts
/**
 * The body of a tool call's log group: what its family says is worth seeing (the command, the output, the
 * diff), trimmed to a readable size. Returns lines of untrusted text (the writer neutralises them).
 */

/** A single line longer than this is cut: one minified file must not flood the log. */
const MAX_LINE = 2000;
/** Redacted past the cut too, so that a cut never falls inside a secret (the runner's mask would miss half). */
const SECRET_MARGIN = 4096;
function toolOutput(t, maxLines, redact = (s) => s) {
    const { head, body } = (0,tools/* logBody */.t4)(t);
    const err = (0,tools/* outcomeError */.pt)(t);
    if (err)
        head.push(err);
    return [...head.map((l) => cutLine(l, 0, l.length, redact)), ...trimLines(body, maxLines, redact)];
}
/**
 * The first `max` lines, without splitting the rest (a tool's output can be megabytes). Only what is
 * shown is redacted: bodies add up to tens of megabytes in a long run, and this is the hot path.
 */
function trimLines(text, max, redact) {
    if (text === undefined || text === "")
        return [];
    const raw = text.endsWith("\n") ? text.slice(0, -1) : text;
    // Where the shown lines end: only they (and a margin) are redacted, in one call when that is small.
    const shownEnd = lineStart(raw, max);
    const small = shownEnd + SECRET_MARGIN <= max * (MAX_LINE + 1) + SECRET_MARGIN;
    const out = [];
    if (small) {
        const region = redact(raw.slice(0, Math.min(raw.length, shownEnd + SECRET_MARGIN)));
        let start = 0;
        while (out.length < max) {
            const nl = region.indexOf("\n", start);
            const end = nl === -1 ? region.length : nl;
            out.push(cutLine(region, start, end, (x) => x));
            if (nl === -1 || end >= region.length)
                break;
            start = nl + 1;
        }
    }
    else {
        let start = 0;
        while (out.length < max && start <= raw.length) {
            const nl = raw.indexOf("\n", start);
            const end = nl === -1 ? raw.length : nl;
            out.push(cutLine(raw, start, end, redact));
            if (nl === -1)
                break;
            start = nl + 1;
        }
    }
    if (shownEnd >= raw.length)
        return out;
    let more = 1;
    for (let nl = raw.indexOf("\n", shownEnd); nl !== -1; nl = raw.indexOf("\n", nl + 1))
        more++;
    out.push(`… ${more} more lines not shown (log-tool-output-lines: ${max})`);
    return out;
}
/** Where line `n` (0-based) of `text` starts; the text's length when it has fewer lines. */
function lineStart(text, n) {
    let at = 0;
    for (let i = 0; i < n; i++) {
        const nl = text.indexOf("\n", at);
        if (nl === -1)
            return text.length;
        at = nl + 1;
    }
    return at;
}
/** `text[start, end)` as one shown line: redacted (with a margin past the cut), then cut to MAX_LINE. */
function cutLine(text, start, end, redact) {
    const length = end - start;
    const line = redact(text.slice(start, Math.min(end, start + MAX_LINE + SECRET_MARGIN)));
    if (line.length <= MAX_LINE && length <= MAX_LINE + SECRET_MARGIN)
        return line;
    return `${line.slice(0, MAX_LINE)}… (${Math.max(length, line.length) - MAX_LINE} more characters)`;
}

;// CONCATENATED MODULE: ./src/render/live-log.ts
/**
 * The live job log: the model's updates as a person wants to read them, as they happen.
 *
 * Assistant text is printed as whole lines, each segment once. Each tool call becomes one collapsed
 * group when it completes (a notice line when it starts), so groups never nest, never interleave and are
 * never left open while we wait on the agent.
 */




const STATUS_MARK = {
    running: "…",
    succeeded: "✓",
    failed: "✗",
    rejected: "⊘",
    errored: "‼",
};
/** Thinking shown in a group is capped: a model can think for megabytes. */
const THINKING_KEPT = 64 * 1024;
/** Kept past a cut and dropped after redaction, so that the cut never falls inside a secret. */
const live_log_SECRET_MARGIN = 4 * 1024;
/** A line of stdout that is not stream-json is shown up to this. */
const STRAY_SHOWN = 2000;
class LiveLog {
    log;
    opts;
    /** The unfinished last line of the segment being streamed. */
    lineRest = "";
    thinking = "";
    /** Calls started and not yet completed. */
    running = 0;
    /**
     * Failed calls, as annotations to make if the run fails: on a run that succeeds, a test that failed and
     * was then fixed is normal work, not something to flag.
     */
    failedCalls = [];
    redact;
    constructor(log, opts) {
        this.log = log;
        this.opts = opts;
        this.redact = opts.redact ?? ((s) => s);
    }
    onUpdate = (u) => {
        switch (u.type) {
            case "init":
                return this.init(u.session);
            case "text-delta":
                return this.delta(u.text);
            case "segment":
                if (u.streamed)
                    this.endStreamedSegment();
                else
                    this.log.text(u.text);
                return;
            case "thinking-delta":
                if (this.opts.showThinking && this.thinking.length < THINKING_KEPT + live_log_SECRET_MARGIN)
                    this.thinking += u.text;
                return;
            case "thinking-end":
                return this.thinkingEnd(u.chars);
            case "tool-start":
                this.running++;
                // A call is announced when it starts; its group comes when it completes, so that parallel calls'
                // groups never interleave. The count says how many are under way at once.
                this.log.text(`▸ ${this.title(u.call)}${this.running > 1 ? ` · ${this.running} running` : ""}`);
                return;
            case "tool-end":
                if (u.call.startSeen)
                    this.running = Math.max(0, this.running - 1);
                return this.toolGroup(u.call, u.tool);
            case "note":
                this.log.text(`↻ ${u.text}`);
                return;
            case "stray": {
                const text = this.redact(u.text);
                this.log.text(`stdout (not stream-json): ${text.length > STRAY_SHOWN ? `${text.slice(0, STRAY_SHOWN)}…` : text}`);
                return;
            }
            case "result":
                return;
        }
    };
    /** What is about to run, before the agent says anything. */
    init(session) {
        const parts = [
            session.model ? `model ${session.model}` : "",
            session.sessionId ? `session ${session.sessionId}` : "",
            session.cwd ? `cwd ${session.cwd}` : "",
        ].filter(Boolean);
        this.log.text(`Agent started: ${parts.join(" · ")}`);
    }
    /** The last lines: conclusion, duration, tool calls by status, tokens. */
    footer(model, v, wallMs, filesChanged) {
        const t = model.toolCounts();
        const r = model.result;
        const parts = [
            `${v.conclusion === "success" ? "✓" : "✗"} ${v.conclusion}`,
            (0,run_header/* formatDuration */.a3)(r?.durationMs ?? wallMs),
            `${t.total} tool call${t.total === 1 ? "" : "s"}${statusBreakdown(t.byStatus)}`,
        ];
        if (filesChanged !== undefined)
            parts.push(`${filesChanged} file${filesChanged === 1 ? "" : "s"} changed`);
        if (r?.usage) {
            const u = r.usage;
            parts.push(`tokens ${u.inputTokens ?? 0} in, ${u.outputTokens ?? 0} out, ${u.cacheReadTokens ?? 0} cached`);
        }
        this.log.text(`── ${parts.join(" · ")}`);
        if (v.conclusion !== "success")
            for (const a of this.failedCalls)
                this.log.annotate("warning", a.message, a.title);
        const seen = model.counts;
        const extra = [
            seen.reconnects ? `${seen.reconnects} reconnect(s)` : "",
            seen.retries ? `${seen.retries} retr${seen.retries === 1 ? "y" : "ies"}` : "",
            seen.unknownEvents ? `${seen.unknownEvents} event(s) of unknown kinds` : "",
        ].filter(Boolean);
        if (extra.length)
            this.log.text(`   ${extra.join(" · ")}`);
    }
    delta(text) {
        const all = this.lineRest + text;
        const nl = all.lastIndexOf("\n");
        if (nl === -1) {
            this.lineRest = all;
            return;
        }
        this.log.text(all.slice(0, nl));
        this.lineRest = all.slice(nl + 1);
    }
    endStreamedSegment() {
        if (this.lineRest !== "")
            this.log.text(this.lineRest);
        this.lineRest = "";
    }
    thinkingEnd(chars) {
        if (this.opts.showThinking && this.thinking.trim() !== "") {
            this.log.group(`💭 Thinking (${characters(chars)})`);
            const cut = chars > this.thinking.length;
            const redacted = this.redact(this.thinking);
            const shown = cut ? redacted.slice(0, Math.max(0, redacted.length - live_log_SECRET_MARGIN)) : redacted;
            this.log.text(shown.trim());
            if (cut)
                this.log.text(`… the rest of ${characters(chars)} not shown`);
            this.log.endGroup();
        }
        else {
            this.log.text(chars > 0 ? `💭 Thought for ${characters(chars)}` : "💭 Thought (the agent sent no text)");
        }
        this.thinking = "";
    }
    title(call) {
        const target = call.target ? ` ${call.target}` : "";
        const outside = call.inside ? "" : " (outside the workspace)";
        return `${call.name}${target}${outside}`;
    }
    toolGroup(call, tool) {
        const o = call.outcome;
        const mark = STATUS_MARK[call.status];
        const took = call.endedAt !== undefined ? ` · ${(0,run_header/* formatDuration */.a3)(call.endedAt - call.startedAt)}` : "";
        const label = call.status === "succeeded" ? "" : ` [${call.status.toUpperCase()}]`;
        this.log.group(`${mark}${label} ${this.title(call)}${o ? ` — ${o.summary}` : ""}${took}`);
        // The repository's own data holds credentials: the call is shown, its content is not.
        const out = call.target && (0,paths/* isRepoData */.Ld)(call.target)
            ? ["(under .git/: the content is not shown)"]
            : toolOutput(tool, this.opts.toolOutputLines, this.redact);
        for (const line of out)
            this.log.text(line);
        if (o?.error && !out.length)
            this.log.text(o.error);
        this.log.endGroup();
        if (call.status !== "succeeded" && this.failedCalls.length < this.opts.maxAnnotations) {
            const what = call.target ? `${call.name} ${call.target}` : call.name;
            this.failedCalls.push({
                message: `${what}: ${o?.error ?? o?.summary ?? call.status}`,
                title: `Agent tool call ${call.status}`,
            });
        }
    }
    /** The stream ended: print a last unfinished line. */
    finish() {
        this.endStreamedSegment();
    }
}
function characters(n) {
    return `${n} character${n === 1 ? "" : "s"}`;
}
function statusBreakdown(byStatus) {
    const parts = Object.entries(byStatus)
        .filter(([s, n]) => n > 0 && s !== "succeeded")
        .map(([s, n]) => `${STATUS_MARK[s]} ${n} ${s}`);
    return parts.length ? ` (${parts.join(", ")})` : "";
}


/***/ }),

/***/ 4824:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ub: () => (/* binding */ COMMENT_BUDGET),
  pm: () => (/* binding */ SUMMARY_BUDGET),
  B1: () => (/* binding */ renderReport),
  Yx: () => (/* binding */ todoLines),
  Jt: () => (/* binding */ warmFinalMessage)
});

// EXTERNAL MODULE: ./src/structured/contract.ts
var structured_contract = __webpack_require__(853);
// EXTERNAL MODULE: ./src/render/agent-markdown.ts
var agent_markdown = __webpack_require__(7979);
// EXTERNAL MODULE: ./src/render/cap-markdown.ts
var cap_markdown = __webpack_require__(1636);
// EXTERNAL MODULE: ./src/render/live-log.ts + 1 modules
var live_log = __webpack_require__(7219);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(2495);
// EXTERNAL MODULE: ./src/render/redact.ts
var render_redact = __webpack_require__(7823);
// EXTERNAL MODULE: ./src/review/build.ts + 1 modules
var build = __webpack_require__(7978);
;// CONCATENATED MODULE: ./src/render/review-section.ts
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
    const cell = (t) => (0,markdown/* mdText */.bC)((0,render_redact/* cutAfterRedaction */.cr)(t, MAX_CELL, redact));
    const where = (path, line, start) => (0,markdown/* mdCode */.xs)(`${(0,render_redact/* cutAfterRedaction */.cr)(path, MAX_CELL, redact)}:${start ? `${start}-` : ""}${line}`);
    const n = r.findings.length;
    const counts = structured_contract.SEVERITIES.map((s) => [s, r.findings.filter((f) => f.severity === s).length])
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
        const rank = (s) => structured_contract.SEVERITIES.indexOf(s);
        const sorted = [...r.findings].sort((a, b) => rank(a.severity) - rank(b.severity));
        out.push("| Severity | Where | Finding |", "|---|---|---|");
        for (const f of sorted.slice(0, MAX_ROWS)) {
            out.push(`| ${build/* BADGE */.yq[f.severity]} | ${where(f.path, f.line, f.start_line)} | ${cell(f.title)} |`);
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

;// CONCATENATED MODULE: ./src/render/report.ts







/** A note is shown up to this many characters (cut after redaction). */
const MAX_NOTE = 300;
/** A PR comment body: 65,536 characters; leave room for the marker the caller prepends. */
const COMMENT_BUDGET = { maxChars: 65_536 - 512 };
/** The job summary: 1 MiB per step, dropped whole above that. */
const SUMMARY_BUDGET = { maxBytes: 1024 * 1024 - 4096 };
const HEADLINE = {
    success: "✅ Cursor agent succeeded",
    failure: "❌ Cursor agent failed",
    timed_out: "⏱️ Cursor agent timed out",
    cancelled: "🚫 Cursor agent was cancelled",
    skipped: "⏭️ Cursor agent was not started",
};
const STATUS_LABEL = {
    added: "added",
    modified: "modified",
    deleted: "deleted",
    outside: "outside the workspace",
    shell: "changed by a shell command",
};
function renderReport(input, budget) {
    const files = (input.changes?.files ?? []).map((f) => ({
        ...f,
        diff: f.diff ? input.redact(f.diff) : undefined,
    }));
    const all = files.filter((f) => f.diff).map((f) => f.path);
    const shape = { diffs: new Set(all), toolTable: true, fileRows: files.length, notes: [] };
    let text = compose(input, files, shape);
    if (fits(text, budget))
        return text;
    // 1. the largest diffs first: drop as many as the excess needs in one go, then one at a time
    const bySize = files.filter((f) => f.diff).sort((a, b) => (b.diff?.length ?? 0) - (a.diff?.length ?? 0));
    let excess = overBy(text, budget);
    let dropped = 0;
    for (const f of bySize) {
        shape.diffs.delete(f.path);
        dropped++;
        excess -= f.diff?.length ?? 0;
        if (excess > 0 && dropped < bySize.length)
            continue;
        shape.notes[0] = `${dropped} of ${all.length} diffs are left out to fit (the largest first); the job log has every edit.`;
        text = compose(input, files, shape);
        if (fits(text, budget))
            return text;
        excess = overBy(text, budget);
    }
    // 2. the list of tool calls
    shape.toolTable = false;
    shape.notes[1] = "The list of tool calls is left out to fit; the job log has each one.";
    text = compose(input, files, shape);
    if (fits(text, budget))
        return text;
    // 3. a shorter list of files, halving until it fits
    while (shape.fileRows > 0) {
        shape.fileRows = Math.floor(shape.fileRows / 2);
        shape.notes[2] = `Only ${shape.fileRows} of ${files.length} changed files are listed to fit; \`files-changed\` has them all.`;
        text = compose(input, files, shape);
        if (fits(text, budget))
            return text;
    }
    // 4. last resort: cut where no block is left open (only an enormous error or final message gets here)
    return hardCut(text, budget);
}
function compose(input, files, shape) {
    const { model, verdict, redact } = input;
    const r = model.result;
    const t = model.toolCounts();
    const c = input.changes;
    const out = [`### ${HEADLINE[verdict.conclusion]}`, ""];
    const changed = files.filter((f) => f.status !== "outside");
    const facts = [
        c
            ? `**${changed.length} file${changed.length === 1 ? "" : "s"} changed** (+${c.added} −${c.removed})`
            : "",
        (0,live_log/* formatDuration */.a3)(r?.durationMs ?? input.wallMs),
        model.session.model ? `model ${(0,markdown/* mdText */.bC)(redact(model.session.model))}` : "",
        `${t.total} tool call${t.total === 1 ? "" : "s"}${t.total > t.byStatus.succeeded ? ` (${t.total - t.byStatus.succeeded} not succeeded)` : ""}`,
        r?.usage ? `tokens ${fmtInt(r.usage.inputTokens)} in · ${fmtInt(r.usage.outputTokens)} out` : "",
        // The run, not the job: the job's own id is not in the environment the runner gives an action.
        input.runUrl ? `[workflow run](${input.runUrl})` : "",
    ].filter(Boolean);
    out.push(facts.join(" · "), "");
    if (verdict.error)
        out.push("**Why it failed**", "", (0,markdown/* fenced */.OF)(redact(verdict.error), "text"), "");
    if (input.review)
        out.push(...reviewLines(input.review, redact));
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
            out.push(`<details><summary><code>${(0,markdown/* htmlText */.js)(redact(f.path))}</code> +${f.added} −${f.removed}</summary>`, "", (0,markdown/* fenced */.OF)(f.diff, "diff"), "", "</details>", "");
        }
        // Files without a diff say why (too large, outside the workspace, binary…), each named.
        const notes = files.filter((f) => f.note && !f.diff);
        for (const f of notes)
            out.push(`- ${(0,markdown/* mdCode */.xs)(redact(f.path))}: _${(0,markdown/* mdText */.bC)((0,render_redact/* cutAfterRedaction */.cr)(f.note ?? "", MAX_NOTE, redact))}_`);
        if (notes.length)
            out.push("");
    }
    else if (c) {
        out.push("_No files were changed._", "");
    }
    for (const n of c?.notes ?? [])
        out.push(`_${(0,markdown/* mdText */.bC)((0,render_redact/* cutAfterRedaction */.cr)(n, MAX_NOTE, redact))}_`, "");
    if (shape.toolTable && t.total > 0) {
        out.push(`<details><summary>Tool calls (${t.total})</summary>`, "", "| | Tool | Target | Outcome |", "|---|---|---|---|");
        for (const call of model.tools.values()) {
            const target = call.target ? (0,markdown/* mdCode */.xs)(redact(call.target)) : "";
            out.push(`| ${live_log/* STATUS_MARK */.Hl[call.status]} | ${(0,markdown/* mdText */.bC)(redact(call.name))} | ${target} | ${(0,markdown/* mdText */.bC)(redact(call.outcome?.summary ?? call.status))} |`);
        }
        // The model keeps the first calls and the failed ones after them (memory stays flat): the rest are
        // counted, and the job log has each one.
        const more = t.total - model.tools.size;
        if (more > 0)
            out.push(`| | … ${fmtInt(more)} more | | ${(0,markdown/* mdText */.bC)(unlisted(model, t))}; each is in the job log |`);
        out.push("", "</details>", "");
    }
    if (model.todos.length > 0) {
        out.push("**The agent's todo list**", "", ...todoLines(model.todos, redact), "");
    }
    const shown = finalMessage(model, input.contract ?? false, redact);
    if (shown) {
        // Rendered, open, and inside a quote its own lines cannot end (src/render/agent-markdown.ts).
        out.push("**The agent's final message**", "", (0,agent_markdown/* quoted */.TL)((0,agent_markdown/* agentMarkdown */.vE)(shown)), "");
    }
    for (const n of shape.notes.filter(Boolean))
        out.push(`> ${n}`, "");
    return out.join("\n");
}
/**
 * Renders ahead the final message that {@link renderReport} will show (its markdown is kept by text, so
 * the report finds it done). Called when the result arrives, while the agent exits and before the end of
 * the run's git work: lexing a long message is most of a report's time (~20 ms for 64 KiB).
 */
function warmFinalMessage(model, contract, redact) {
    const shown = finalMessage(model, contract, redact);
    if (shown)
        (0,agent_markdown/* agentMarkdown */.vE)(shown);
}
/** The final message as the report shows it (redacted, cut, without a contract block), before rendering. */
function finalMessage(model, contract, redact) {
    // The last segment is the final message; `result` joins every segment, narration included.
    const message = model.lastSegment || model.result?.text;
    const text = message && contract && !model.lastSegmentCut ? (0,structured_contract.withoutContract)(message) : message;
    if (!text)
        return undefined;
    // The model keeps a margin past its cut: dropped after redaction, so the cut never halves a secret.
    const redacted = redact(text);
    return model.lastSegmentCut
        ? redacted.slice(0, Math.max(0, redacted.length - model.lastSegmentMargin))
        : redacted;
}
/** The todo list as task list lines: done ticked, in progress said, cancelled struck out; the text is the agent's. */
function todoLines(todos, redact) {
    return todos.map((t) => {
        const text = (0,markdown/* mdText */.bC)(redact(t.content || t.id));
        if (t.status === "done")
            return `- [x] ${text}`;
        if (t.status === "cancelled")
            return `- [ ] ~~${text}~~ _(cancelled)_`;
        return `- [ ] ${text}${t.status === "in_progress" ? " _(in progress)_" : ""}`;
    });
}
/** What the calls past the listed ones did, by status: "7,540 succeeded, 12 failed". */
function unlisted(model, t) {
    const rest = { ...t.byStatus };
    for (const c of model.tools.values())
        rest[c.status] = (rest[c.status] ?? 0) - 1;
    return Object.entries(rest)
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${fmtInt(n)} ${status}`)
        .join(", ");
}
/** How far over the budget, in the budget's own unit (an upper bound for bytes). */
function overBy(text, b) {
    const chars = b.maxChars !== undefined ? text.length - b.maxChars : Number.NEGATIVE_INFINITY;
    const bytes = b.maxBytes !== undefined ? Buffer.byteLength(text) - b.maxBytes : Number.NEGATIVE_INFINITY;
    return Math.max(chars, bytes);
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
/** 1234567 → 1,234,567 (toLocaleString builds an ICU formatter on first use: 12 ms, BENCHMARKS.md). */
function fmtInt(n) {
    return String(Math.round(n ?? 0)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}


/***/ }),

/***/ 1631:
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

/***/ 7978:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  yq: () => (/* binding */ BADGE),
  Br: () => (/* binding */ buildReview),
  Ph: () => (/* binding */ knownFingerprints)
});

// UNUSED EXPORTS: editFingerprint, fingerprint

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/render/agent-markdown.ts
var agent_markdown = __webpack_require__(7979);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(2495);
// EXTERNAL MODULE: ./src/review/anchor.ts
var review_anchor = __webpack_require__(1631);
// EXTERNAL MODULE: ./src/render/cap-markdown.ts
var cap_markdown = __webpack_require__(1636);
;// CONCATENATED MODULE: ./src/review/cap.ts
/**
 * A review's bodies, cut to fit GitHub: it refuses the whole review (422) when any one body is over
 * 65,536 characters. The cut is made on the rendered text, after the sanitiser, never before it
 * (src/render/cap-markdown.ts).
 */

/** The most GitHub takes in one body (a review's, or one of its comments'), in characters. */
const GITHUB_BODY_CHARS = 65_536;
const CUT_NOTE = "_… cut to fit GitHub's limit: the `structured-output` output has all of it._";
/** `md` when it fits in `max`, else its start cut on a safe boundary and closed, then `note`. */
function capMarkdown(md, max, note = CUT_NOTE) {
    return (0,cap_markdown/* capMarkdown */.y)(md, max, note);
}

;// CONCATENATED MODULE: ./src/review/build.ts
/**
 * The pull request review of a run in review mode: one inline comment per finding that can be anchored
 * (with a ```suggestion block when it has one), one per agent edit that can, the findings that cannot be
 * anchored listed in the review's body, and every text through the one sanitiser for agent text. Each
 * comment carries a hidden fingerprint (path, title and the content of its lines), so that a later run
 * does not post it again. Every body is capped once rendered (./cap.ts): GitHub refuses the whole review
 * when one is too long. Pure: the caller reads the pull request and posts.
 */





const FINGERPRINT = "cursor-agent-action finding=";
const BADGE = {
    critical: "🔴 critical",
    high: "🟠 high",
    medium: "🟡 medium",
    low: "🔵 low",
    info: "⚪ info",
};
/**
 * Every body is capped after it is rendered (./cap.ts): GitHub refuses the whole review when one body is
 * over its limit. A margin below it, for the few characters GitHub may add (none seen so far).
 */
const MAX_BODY_CHARS = GITHUB_BODY_CHARS - 536;
/** Of a review's body, the most the summary takes: the list of findings outside the diff gets the rest. */
const MAX_SUMMARY_CHARS = 30_000;
/** A fingerprint: what is commented on, by what, and the content of the lines it sits on. */
function print(...parts) {
    return (0,external_node_crypto_.createHash)("sha256").update(parts.join("\0")).digest("hex").slice(0, 24);
}
function fingerprint(f, lines) {
    const from = f.start_line ?? f.line;
    return print(f.path, f.title, lines ? lines.slice(from - 1, f.line).join("\n") : "");
}
function editFingerprint(e) {
    return print(e.path, "edit", e.old.join("\n"), e.replacement.join("\n"));
}
/**
 * Fingerprints of earlier runs: the first line of an inline comment, or a line of a review body that
 * lists a finding. Only there: the agent's own text (quoted, escaped) cannot forge one elsewhere.
 */
function knownFingerprints(comments, reviewBodies) {
    const out = new Set();
    const re = /^(?:- )?<!-- cursor-agent-action finding=([0-9a-f]{24}) -->/;
    for (const b of comments) {
        const m = re.exec(b ?? "");
        if (m)
            out.add(m[1]);
    }
    for (const b of reviewBodies) {
        for (const line of (b ?? "").split("\n")) {
            const m = /^- <!-- cursor-agent-action finding=([0-9a-f]{24}) -->/.exec(line);
            if (m)
                out.add(m[1]);
        }
    }
    return out;
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
        const title = `**${BADGE[f.severity]}** · ${(0,markdown/* mdText */.bC)(redact(f.title))}`;
        // A path the redactor would change cannot be shown as is: it goes in the body, redacted.
        if (redact(f.path) === f.path && (0,review_anchor/* anchored */.X)(hunks, f.path, f.line, f.start_line)) {
            const block = f.suggestion === undefined ? undefined : suggestion(redact(f.suggestion));
            const body = commentBody(`<!-- ${FINGERPRINT}${mark} -->\n${title}`, (0,agent_markdown/* agentMarkdown */.vE)(redact(f.body)), block);
            comments.push({ path: f.path, line: f.line, start_line: f.start_line, body });
        }
        else {
            const where = (0,markdown/* mdCode */.xs)(`${redact(f.path)}:${f.start_line ? `${f.start_line}-` : ""}${f.line}`);
            elsewhere.push(`- <!-- ${FINGERPRINT}${mark} -->${BADGE[f.severity]} ${where} — ${(0,markdown/* mdText */.bC)(redact(f.title))}`);
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
            `<!-- ${FINGERPRINT}${mark} -->`,
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
    const body = [
        ...head,
        ...intro,
        ...elsewhere.slice(0, shown),
        ...(more ? [`- … ${more} more: the job summary and the \`findings\` output have them all`] : []),
    ].join("\n");
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

/***/ 5780:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JA: () => (/* binding */ jsonPreview),
/* harmony export */   Qd: () => (/* binding */ isPlainObject),
/* harmony export */   bu: () => (/* binding */ num),
/* harmony export */   gx: () => (/* binding */ str),
/* harmony export */   kc: () => (/* binding */ errorText),
/* harmony export */   lc: () => (/* binding */ bool),
/* harmony export */   rL: () => (/* binding */ objectOrJson)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8816);
/** Small JSON shape checks shared by the stream and the tools. */

/** Lenient fields: a value of the wrong type reads as absent, never as an error (the format drifts). */
const str = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional().catch(undefined);
const num = zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().optional().catch(undefined);
const bool = zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional().catch(undefined);
function isPlainObject(v) {
    return v !== null && typeof v === "object" && !Array.isArray(v);
}
/** An object, or a string holding one as JSON (`function.arguments`, MCP `args`); else undefined. */
function objectOrJson(v) {
    if (isPlainObject(v))
        return v;
    if (typeof v !== "string")
        return undefined;
    try {
        const parsed = JSON.parse(v);
        return isPlainObject(parsed) ? parsed : undefined;
    }
    catch {
        return undefined;
    }
}
/** An error as the agent gave it: documented as a string; be ready for an object with a message. */
function errorText(e) {
    if (e === undefined || e === null)
        return undefined;
    if (typeof e === "string")
        return e;
    if (typeof e === "object" && typeof e.message === "string") {
        return e.message;
    }
    return jsonPreview(e, 4000);
}
/**
 * Compact JSON of agent data for display, built without deep recursion or huge strings: past `maxDepth`
 * a value is shown as `{…}`/`[…]` (JSON.stringify overflows the stack on input nested a few thousand deep,
 * which JSON.parse accepts), and the text stops soon after `maxChars`.
 */
function jsonPreview(value, maxChars, maxDepth = 32) {
    let out = "";
    const full = () => out.length > maxChars;
    const walk = (v, depth) => {
        if (typeof v === "string") {
            out += JSON.stringify(v.length > maxChars ? v.slice(0, maxChars) : v);
            return;
        }
        if (v === null || typeof v !== "object") {
            out += JSON.stringify(v) ?? "null";
            return;
        }
        if (depth >= maxDepth) {
            out += Array.isArray(v) ? "[…]" : "{…}";
            return;
        }
        if (Array.isArray(v)) {
            out += "[";
            for (let i = 0; i < v.length && !full(); i++) {
                if (i > 0)
                    out += ",";
                walk(v[i], depth + 1);
            }
            out += "]";
            return;
        }
        out += "{";
        let first = true;
        for (const k of Object.keys(v)) {
            if (full())
                break;
            out += `${first ? "" : ","}${JSON.stringify(k.length > maxChars ? k.slice(0, maxChars) : k)}:`;
            first = false;
            walk(v[k], depth + 1);
        }
        out += "}";
    };
    walk(value, 0);
    return full() ? `${out.slice(0, maxChars)}…` : out;
}


/***/ }),

/***/ 8810:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ML: () => (/* reexport */ changedPath),
  tg: () => (/* reexport */ fileOps),
  I: () => (/* reexport */ kindOf),
  t4: () => (/* reexport */ logBody),
  Gc: () => (/* reexport */ mainArg),
  pt: () => (/* reexport */ outcomeError),
  sG: () => (/* reexport */ outcomeOf),
  Hj: () => (/* reexport */ resolveTool),
  Er: () => (/* reexport */ todoUpdate),
  Uf: () => (/* reexport */ toolName)
});

// EXTERNAL MODULE: ./src/stream/json.ts
var json = __webpack_require__(5780);
;// CONCATENATED MODULE: ./src/tools/args.ts
/** Reading the agent's tool arguments and results: untyped JSON, any field possibly missing or odd. */
/** Path keys across Cursor's kinds, the alternate naming and function calls. */
const PATH_KEYS = ["path", "file_path", "filePath", "target_file", "targetFile", "file", "filename"];
/** The first non-empty string (or list of strings, joined) under one of `keys`. */
function stringArg(args, keys) {
    for (const k of keys) {
        const v = args[k];
        if (typeof v === "string" && v !== "")
            return v;
        if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string"))
            return v.join(", ");
    }
    return undefined;
}
/** The first string under one of `keys`; empty strings too when `allowEmpty`. */
function str(o, keys, allowEmpty = false) {
    for (const k of keys) {
        const v = o[k];
        if (typeof v === "string" && (allowEmpty || v !== ""))
            return v;
    }
    return undefined;
}
/** A non-empty string, or undefined. */
function args_text(v) {
    return typeof v === "string" && v !== "" ? v : undefined;
}
function num(v) {
    return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}
/** `write_file`, `WriteFile`, `write-file` → `writefile`. */
function norm(name) {
    return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}
function plural(n, one, many = `${one}s`) {
    return `${n} ${n === 1 ? one : many}`;
}
/** `semSearchToolCall` → `Sem search`; `some_tool` → `Some tool`. */
function humanise(kind) {
    const base = kind.replace(/ToolCall$/, "").replace(/[_-]+/g, " ");
    const spaced = base
        .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
        .toLowerCase()
        .trim();
    return spaced ? spaced[0].toUpperCase() + spaced.slice(1) : kind;
}
/** The call's arguments (never undefined). */
function argsOf(t) {
    return t.payload.args ?? {};
}
/** The `success` value of a completed call, or `{}`. */
function successValue(t) {
    return t.payload.outcome?.key === "success" ? t.payload.outcome.value : {};
}
/** The value of any outcome, or `{}`. */
function outcomeValue(t) {
    return t.payload.outcome?.value ?? {};
}

// EXTERNAL MODULE: ./src/tools/patch.ts
var patch = __webpack_require__(3709);
;// CONCATENATED MODULE: ./src/tools/file-args.ts
/**
 * File operations read from arguments: the alternate naming (`tool_name` `write`, `edit_file`,
 * `str_replace`, … with `parameters`), `function{name, arguments}` calls and MCP file tools, whose
 * arguments follow no one schema; and patch texts (the apply_patch format), which Cursor's own edits
 * carry too (docs/stream-format.md "Edits").
 */


const CONTENT_KEYS = ["fileText", "file_text", "content", "contents", "text", "code"];
const PATCH_KEYS = ["patch", "input", "streamContent", "arguments", "content"];
/** The content a named write carries, if any (an empty file is content too). */
function writtenContent(args) {
    return str(args, CONTENT_KEYS, true);
}
/** A whole-file write from named arguments. */
function namedWriteOps(args) {
    const path = str(args, PATH_KEYS);
    if (!path)
        return [];
    return [writeOp(path, args)];
}
function writeOp(path, args) {
    const after = writtenContent(args);
    return { kind: "set", path, after, why: after === undefined ? "the write carried no content" : undefined };
}
function namedDeleteOps(args) {
    const path = str(args, PATH_KEYS);
    return path ? [{ kind: "delete", path }] : [];
}
/** The patch text among named arguments, if any. */
function patchArg(args) {
    return PATCH_KEYS.map((k) => args[k]).find(patch/* isPatchText */.sY);
}
/** An edit from named arguments: a patch, a str_replace-editor command, one or many replacements. */
function namedEditOps(args) {
    const path = str(args, PATH_KEYS);
    const patch = patchArg(args);
    if (patch !== undefined)
        return patchOps(patch, path);
    if (!path)
        return [];
    const command = typeof args.command === "string" ? args.command : undefined;
    if (command === "view")
        return [];
    if (command === "create")
        return [writeOp(path, args)];
    const single = replaceOf(args);
    if (single && command !== "insert")
        return [{ kind: "replace", path, ...single }];
    if (Array.isArray(args.edits)) {
        const ops = [];
        for (const e of args.edits) {
            const r = e !== null && typeof e === "object" ? replaceOf(e) : undefined;
            if (!r)
                return [{ kind: "set", path, after: undefined, why: "an edit could not be read" }];
            ops.push({ kind: "replace", path, ...r });
        }
        return ops;
    }
    return [{ kind: "set", path, after: undefined, why: "the edit did not carry the file's new content" }];
}
const REPLACE_PAIRS = [
    ["old_string", "new_string"],
    ["old_str", "new_str"],
    ["oldText", "newText"],
    ["old_text", "new_text"],
    ["search", "replace"],
];
function replaceOf(a) {
    for (const [o, n] of REPLACE_PAIRS) {
        if (typeof a[o] === "string" && typeof a[n] === "string") {
            return {
                old: a[o],
                new: a[n],
                all: a.replace_all === true || a.replaceAll === true,
            };
        }
    }
    return undefined;
}
/** A patch text: each file section is an operation on its own path (a patch may touch several files). */
function patchOps(text, fallbackPath) {
    const sections = (0,patch/* parsePatchText */.nr)(text);
    if (!sections || sections.length === 0) {
        return fallbackPath
            ? [{ kind: "set", path: fallbackPath, after: undefined, why: "its patch could not be read" }]
            : [];
    }
    const ops = [];
    for (const s of sections) {
        if (s.op === "add")
            ops.push({ kind: "set", path: s.path, after: s.text, before: null });
        else if (s.op === "delete")
            ops.push({ kind: "delete", path: s.path });
        else if (s.moveTo) {
            // Moved and changed: the old path is gone; the new one's content is what the working tree says.
            ops.push({ kind: "delete", path: s.path });
            ops.push({ kind: "set", path: s.moveTo, after: undefined, why: `moved from ${s.path} by a patch` });
        }
        else
            ops.push({ kind: "patch", path: s.path, chunks: s.chunks });
    }
    return ops;
}
/** The files a patch text names, for a call's title when it has no path argument. */
function patchPaths(text) {
    return ((0,patch/* parsePatchText */.nr)(text) ?? []).map((s) => s.path);
}

;// CONCATENATED MODULE: ./src/tools/other-tools.ts
/**
 * MCP calls, the todo list, and the kinds that need no rules of their own beyond a name and the argument
 * worth showing. A new kind of that sort is one line in {@link SIMPLE}.
 */



/** Arguments are shown as one log line, which is cut to 2,000 characters anyway. */
const ARGS_SHOWN = 4000;
/** Argument keys tried for the main argument of kinds we do not know, in order of preference. */
const GENERIC_MAIN = ["path", "filePath", "file", "command", "pattern", "query", "url", "name", "target"];
/** Arguments and output of a call we have no special rules for. */
function genericBody(t) {
    const a = argsOf(t);
    const v = outcomeValue(t);
    return {
        head: Object.keys(a).length > 0 ? [`args: ${(0,json/* jsonPreview */.JA)(a, ARGS_SHOWN)}`] : [],
        body: args_text(v.output) ?? args_text(v.markdown) ?? args_text(v.content),
    };
}
function mcpToolName(t) {
    const a = argsOf(t);
    return typeof a.toolName === "string" ? a.toolName : typeof a.name === "string" ? a.name : "";
}
/**
 * MCP tools are anyone's: only the filesystem servers' unmistakable names count as file changes (an MCP
 * `delete` with a `path` may well be an HTTP route).
 */
const MCP_FILE_OPS = {
    writefile: namedWriteOps,
    createfile: namedWriteOps,
    editfile: namedEditOps,
    deletefile: namedDeleteOps,
};
function mcpFileArgs(t) {
    const ops = MCP_FILE_OPS[norm(mcpToolName(t))];
    return ops ? { ops, args: (0,json/* objectOrJson */.rL)(argsOf(t).args) ?? {} } : undefined;
}
const mcp = {
    kind: "mcpToolCall",
    name: "MCP",
    mainArg(t) {
        const a = argsOf(t);
        const provider = stringArg(a, ["providerIdentifier", "serverName"]);
        const tool = stringArg(a, ["toolName", "name"]);
        return { value: [provider, tool].filter(Boolean).join("/") || undefined, isPath: false };
    },
    success: (v) => (v.isError === true ? { summary: "tool error", status: "failed" } : { summary: "done" }),
    logBody(t) {
        const a = argsOf(t);
        const head = a.args !== undefined
            ? [`args: ${typeof a.args === "string" ? a.args : (0,json/* jsonPreview */.JA)(a.args, ARGS_SHOWN)}`]
            : [];
        const content = outcomeValue(t).content;
        if (!Array.isArray(content))
            return { head };
        const parts = [];
        for (const c of content) {
            const s = typeof c?.text === "string" ? c.text : c?.text?.text;
            if (typeof s === "string")
                parts.push(s);
        }
        return { head, body: parts.join("\n") || undefined };
    },
    fileOps(t) {
        const f = mcpFileArgs(t);
        return f ? f.ops(f.args) : [];
    },
    changedPath(t) {
        const f = mcpFileArgs(t);
        return f ? (str(f.args, PATH_KEYS) ?? null) : undefined;
    },
};
const todos = {
    kind: "updateTodosToolCall",
    name: "Todos",
    mainArg: () => ({ isPath: false }),
    success(v) {
        const n = num(v.totalCount) ?? (Array.isArray(v.todos) ? v.todos.length : undefined);
        return { summary: n !== undefined ? plural(n, "todo") : "updated" };
    },
    logBody: genericBody,
};
/** Items past this are dropped, and each item's text is cut: the list is agent text of any size. */
const MAX_TODOS = 100;
const MAX_TODO_CHARS = 300;
/**
 * The todo list a successful `updateTodosToolCall` sets: its items (from the result, else the
 * arguments), and whether they merge into the list by id (`merge: true`) or replace it. Statuses come as
 * `TODO_STATUS_IN_PROGRESS` or `in_progress` (docs/stream-format.md "Tool kinds").
 */
function todoUpdate(t) {
    if (t.family !== todos || t.payload.outcome?.key !== "success")
        return undefined;
    const a = argsOf(t);
    const v = outcomeValue(t);
    const raw = Array.isArray(v.todos) ? v.todos : Array.isArray(a.todos) ? a.todos : undefined;
    if (!raw)
        return undefined;
    const items = [];
    for (const [i, x] of raw.slice(0, MAX_TODOS).entries()) {
        if (x === null || typeof x !== "object")
            continue;
        const o = x;
        const content = typeof o.content === "string" ? o.content.slice(0, MAX_TODO_CHARS) : "";
        const id = typeof o.id === "string" || typeof o.id === "number" ? String(o.id) : `#${i}`;
        items.push({ id, content, status: todoStatus(o.status) });
    }
    return { merge: a.merge === true, items };
}
function todoStatus(v) {
    const s = typeof v === "string"
        ? v
            .toLowerCase()
            .replace(/^todo_status_/, "")
            .replace(/[\s-]/g, "_")
        : "";
    if (s === "in_progress" || s === "inprogress" || s === "active")
        return "in_progress";
    if (s === "done" || s === "completed" || s === "complete")
        return "done";
    if (s === "cancelled" || s === "canceled")
        return "cancelled";
    return "pending";
}
/** Kinds known by name and main argument only. */
const SIMPLE = [
    ["webFetchToolCall", "Fetch", ["url"]],
    ["webSearchToolCall", "Web search", ["searchTerm", "query"]],
    ["semSearchToolCall", "Semantic search", ["query", "searchTerm"]],
    ["readLintsToolCall", "Read lints", ["paths", "path"]],
    ["getMcpToolsToolCall", "MCP tools", ["serverName", "providerIdentifier"]],
    ["taskToolCall", "Task", ["description", "prompt"]],
    ["askQuestionToolCall", "Ask", ["question", "title"]],
    ["createPlanToolCall", "Plan", ["title", "name"]],
    ["awaitToolCall", "Await", ["taskId", "id"]],
];
const simple = SIMPLE.map(([kind, name, main]) => ({
    kind,
    name,
    mainArg: (t) => ({ value: stringArg(argsOf(t), main), isPath: false }),
    logBody: genericBody,
}));
/** Any kind we do not know: named after itself, its first telling argument shown, its args logged. */
const unknownTool = {
    kind: "",
    name: (t) => t.payload.functionName ?? humanise(t.payload.kind),
    mainArg(t) {
        const a = argsOf(t);
        const key = GENERIC_MAIN.find((k) => typeof a[k] === "string");
        return {
            value: key ? a[key] : undefined,
            isPath: key !== undefined && /path|file/i.test(key),
        };
    },
    logBody: genericBody,
};

;// CONCATENATED MODULE: ./src/tools/outcome.ts
/**
 * A completed call's outcome: the one key of its `result` (`success`, `failure`, `rejected`, …) read the
 * same way for every family; only a `success` value is read by the family (docs/stream-format.md
 * "Outcomes").
 */

function summarizeOutcome(t) {
    const o = t.payload.outcome;
    if (!o)
        return { status: "errored", summary: "no result", error: "the completion carried no result" };
    const v = o.value;
    const message = nonEmpty(str(v, ["error", "reason", "message", "stderr"], true));
    switch (o.key) {
        case "success": {
            if (!t.family.success)
                return { status: "succeeded", summary: "done" };
            const r = t.family.success(v, t);
            const status = r.status ?? "succeeded";
            return { ...r, status, error: status === "succeeded" ? undefined : nonEmpty(str(v, ["stderr"], true)) };
        }
        case "failure": {
            // A shell `failure` can carry exitCode 0: the status is still failed.
            const code = num(v.exitCode);
            return {
                status: "failed",
                summary: code !== undefined && code !== 0 ? `failed, exit ${code}` : "failed",
                exitCode: code,
                error: message,
            };
        }
        case "rejected":
            return { status: "rejected", summary: "rejected", error: message };
        case "permissionDenied":
            return { status: "rejected", summary: "permission denied", error: message };
        case "writePermissionDenied":
            return { status: "rejected", summary: "write permission denied", error: message };
        case "fileNotFound": {
            const p = str(v, ["path"], true);
            return {
                status: "failed",
                summary: "file not found",
                error: p ? `file not found: ${p}` : "file not found",
            };
        }
        case "timeout":
            return { status: "errored", summary: "timed out", error: message ?? "the tool call timed out" };
        case "spawnError":
            return { status: "errored", summary: "could not start", error: message };
        case "error":
            return { status: "errored", summary: "error", error: message };
        default:
            return { status: "errored", summary: o.key, error: message ?? `outcome '${o.key}'` };
    }
}
/** The error line a failed call's log group shows. */
function outcomeError(t) {
    const o = t.payload.outcome;
    if (!o || o.key === "success")
        return undefined;
    const v = outcomeValue(t);
    const err = typeof v.error === "string" && v.error !== ""
        ? v.error
        : typeof v.reason === "string" && v.reason !== ""
            ? v.reason
            : undefined;
    return err !== undefined ? `${o.key}: ${err}` : undefined;
}
function nonEmpty(s) {
    return s !== undefined && s.trim() !== "" ? s : undefined;
}

;// CONCATENATED MODULE: ./src/tools/file-tools.ts
/**
 * The file tools: read, write, edit, delete. Cursor's own kinds carry the file's content before and after
 * (docs/stream-format.md "Edits"); the alternate naming and function calls carry their arguments only.
 */



const MAIN_PATH_KEYS = ["path", "file_path", "target_file", "filePath"];
function pathArg(t) {
    return { value: stringArg(argsOf(t), MAIN_PATH_KEYS), isPath: true };
}
/** The path a file-changing call names (also when it did not succeed: it may have changed it anyway). */
function namedPath(t) {
    return str(argsOf(t), PATH_KEYS) ?? null;
}
const read = {
    kind: "readToolCall",
    aliases: ["read", "readfile"],
    name: "Read",
    mainArg: pathArg,
    success(v) {
        if (v.isEmpty === true)
            return { summary: "empty" };
        const lines = num(v.totalLines);
        return { summary: lines !== undefined ? plural(lines, "line") : "read" };
    },
    // The content of a read is the repository's own file: not worth repeating in the log.
    logBody: () => ({ head: [] }),
    fileOps(t) {
        if (!t.native)
            return [];
        const a = argsOf(t);
        const r = successValue(t);
        // Only a whole-file read tells the file's content: no range asked, none cut off.
        if (a.offset != null || a.limit != null || r.exceededLimit === true)
            return [];
        const path = str(a, ["path"]) ?? str(r, ["path"]);
        if (!path)
            return [];
        if (typeof r.content === "string")
            return [{ kind: "read", path, text: r.content }];
        if (r.isEmpty === true && r.contentBlobId === undefined)
            return [{ kind: "read", path, text: "" }];
        return [];
    },
};
const write = {
    kind: "writeToolCall",
    aliases: ["write", "writefile", "createfile", "create", "newfile"],
    name: "Write",
    mainArg: pathArg,
    success(v, t) {
        const created = num(v.linesCreated);
        if (created === undefined && !t.native)
            return { summary: "done" };
        return { summary: `+${created ?? 0}`, linesAdded: created ?? 0, linesRemoved: 0 };
    },
    logBody: (t) => ({
        head: [],
        body: args_text(t.native ? argsOf(t).fileText : writtenContent(argsOf(t))),
    }),
    fileOps(t) {
        const a = argsOf(t);
        if (!t.native)
            return namedWriteOps(a);
        const path = str(a, ["path"]) ?? str(successValue(t), ["path"]);
        if (!path)
            return [];
        const after = typeof a.fileText === "string" ? a.fileText : undefined;
        return [
            { kind: "set", path, after, why: after === undefined ? "the write carried no content" : undefined },
        ];
    },
    changedPath: namedPath,
};
const edit = {
    kind: "editToolCall",
    aliases: [
        "edit",
        "editfile",
        "strreplace",
        "strreplacebasededittool",
        "strreplaceeditor",
        "searchreplace",
        "replace",
        "replaceinfile",
        "multiedit",
        "applypatch",
        "patch",
    ],
    name: "Edit",
    mainArg(t) {
        const direct = pathArg(t);
        if (direct.value !== undefined)
            return direct;
        // An apply_patch call names its files only inside the patch.
        const patch = patchArg(argsOf(t));
        const paths = patch !== undefined ? patchPaths(patch) : [];
        if (paths.length === 1)
            return { value: paths[0], isPath: true };
        return { value: paths.length ? paths.join(", ") : undefined, isPath: false };
    },
    success(v, t) {
        const added = num(v.linesAdded);
        const removed = num(v.linesRemoved);
        if (added === undefined && removed === undefined && !t.native)
            return { summary: "done" };
        return { summary: `+${added ?? 0} −${removed ?? 0}`, linesAdded: added ?? 0, linesRemoved: removed ?? 0 };
    },
    logBody(t) {
        const a = argsOf(t);
        if (t.native)
            return { head: [], body: args_text(outcomeValue(t).diffString) ?? args_text(a.streamContent) };
        const patch = patchArg(a);
        if (patch !== undefined)
            return { head: [], body: patch };
        const r = replaceOf(a);
        if (!r)
            return { head: [] };
        const lines = (s, mark) => (s === "" ? [] : s.split("\n").map((l) => `${mark}${l}`));
        return { head: [], body: [...lines(r.old, "- "), ...lines(r.new, "+ ")].join("\n") || undefined };
    },
    fileOps(t) {
        const a = argsOf(t);
        if (!t.native)
            return namedEditOps(a);
        const r = successValue(t);
        const path = str(a, ["path"]) ?? str(r, ["path"]);
        if (typeof r.afterFullFileContent === "string" && path) {
            // `beforeFullFileContent` is absent for a new file.
            const before = typeof r.beforeFullFileContent === "string" ? r.beforeFullFileContent : null;
            return [{ kind: "set", path, after: r.afterFullFileContent, before }];
        }
        if ((0,patch/* isPatchText */.sY)(a.streamContent))
            return patchOps(a.streamContent, path);
        if (!path)
            return [];
        if (typeof r.diffString === "string" && r.diffString.includes("\n@@")) {
            return [{ kind: "unified", path, diff: r.diffString }];
        }
        return [{ kind: "set", path, after: undefined, why: "the edit did not carry the file's new content" }];
    },
    changedPath: namedPath,
};
const remove = {
    kind: "deleteToolCall",
    aliases: ["delete", "deletefile", "removefile", "rmfile", "remove"],
    name: "Delete",
    mainArg: pathArg,
    success: () => ({ summary: "deleted" }),
    logBody: () => ({ head: [] }),
    fileOps(t) {
        if (!t.native)
            return namedDeleteOps(argsOf(t));
        const r = successValue(t);
        const path = str(argsOf(t), ["path"]) ?? str(r, ["path"]);
        if (!path)
            return [];
        return [{ kind: "delete", path, before: typeof r.prevContent === "string" ? r.prevContent : undefined }];
    },
    changedPath: namedPath,
};

;// CONCATENATED MODULE: ./src/tools/search-tools.ts
/** The tools that look without touching: grep, glob, directory listings. */

/** Grep answers per workspace root (`workspaceResults`), in one of three output modes. */
function roots(v) {
    const w = v.workspaceResults;
    if (w === null || typeof w !== "object" || Array.isArray(w))
        return [];
    return Object.values(w).filter((r) => r !== null && typeof r === "object");
}
const grep = {
    kind: "grepToolCall",
    aliases: ["grep"],
    name: "Grep",
    mainArg: (t) => ({ value: stringArg(argsOf(t), ["pattern"]), isPath: false }),
    success(v) {
        let lines;
        let files;
        for (const root of roots(v)) {
            const n = num(root.content?.totalMatchedLines) ?? num(root.count?.totalMatches);
            if (n !== undefined)
                lines = (lines ?? 0) + n;
            const f = num(root.files?.totalFiles);
            if (f !== undefined)
                files = (files ?? 0) + f;
        }
        const top = v.files;
        const topFiles = top !== null && typeof top === "object" ? num(top.totalFiles) : undefined;
        if (topFiles !== undefined)
            files = (files ?? 0) + topFiles;
        if (lines !== undefined)
            return { summary: plural(lines, "match", "matches"), matches: lines };
        if (files !== undefined)
            return { summary: plural(files, "file"), matches: files };
        return { summary: "no matches", matches: 0 };
    },
    logBody(t) {
        const out = [];
        for (const root of roots(outcomeValue(t))) {
            const matches = root.content?.matches;
            const files = root.files?.files;
            if (Array.isArray(matches)) {
                for (const f of matches) {
                    if (!Array.isArray(f?.matches))
                        continue;
                    for (const m of f.matches)
                        out.push(`${f.file ?? "?"}:${m?.lineNumber ?? "?"}: ${m?.content ?? ""}`);
                }
            }
            else if (Array.isArray(files)) {
                for (const f of files)
                    if (typeof f === "string")
                        out.push(f);
            }
        }
        return { head: [], body: out.length ? out.join("\n") : undefined };
    },
};
const glob = {
    kind: "globToolCall",
    aliases: ["glob", "filesearch"],
    name: "Glob",
    mainArg: (t) => ({ value: stringArg(argsOf(t), ["globPattern", "pattern"]), isPath: false }),
    success(v) {
        const n = num(v.totalFiles) ?? (Array.isArray(v.files) ? v.files.length : 0);
        return { summary: plural(n, "file"), matches: n };
    },
    logBody(t) {
        const files = outcomeValue(t).files;
        return {
            head: [],
            body: Array.isArray(files) ? files.filter((f) => typeof f === "string").join("\n") : undefined,
        };
    },
};
const ls = {
    kind: "lsToolCall",
    aliases: ["ls", "listdir"],
    name: "List",
    mainArg: (t) => ({ value: stringArg(argsOf(t), ["path"]), isPath: true }),
    success: () => ({ summary: "listed" }),
    logBody: () => ({ head: [] }),
};

;// CONCATENATED MODULE: ./src/tools/shell.ts
/** `shellToolCall`: a command the agent ran. Its exit code decides, whatever the outcome key says. */

const shell = {
    kind: "shellToolCall",
    aliases: ["shell", "bash", "terminal", "runterminalcmd"],
    name: "Shell",
    mainArg: (t) => ({ value: stringArg(argsOf(t), ["command", "cmd"]), isPath: false }),
    success(v) {
        const code = num(v.exitCode);
        const signal = typeof v.signal === "string" ? v.signal : undefined;
        // A `success` with a non-zero exit code or a signal is a failed command (FORMAT: shell outcomes).
        const failed = (code !== undefined && code !== 0) || (signal !== undefined && signal !== "");
        const summary = signal ? `signal ${signal}` : code !== undefined ? `exit ${code}` : "done";
        return { summary, exitCode: code, status: failed ? "failed" : "succeeded" };
    },
    logBody(t) {
        const command = stringArg(argsOf(t), ["command", "cmd"]);
        const v = outcomeValue(t);
        const streams = [args_text(v.stdout), args_text(v.stderr)].filter((s) => s !== undefined);
        // Cursor's kind interleaves stdout and stderr itself; the alternate naming has one `output`.
        const body = args_text(v.interleavedOutput) ?? (streams.length ? streams.join("\n") : args_text(v.output));
        return { head: command !== undefined ? [`$ ${command}`] : [], body };
    },
};

;// CONCATENATED MODULE: ./src/tools/registry.ts






const FAMILIES = [
    shell,
    read,
    write,
    edit,
    remove,
    grep,
    glob,
    ls,
    mcp,
    todos,
    ...simple,
];
const BY_KIND = new Map(FAMILIES.map((f) => [f.kind, f]));
/** The alternate naming and function names, normalised: `write_file` → `writefile` → Write. */
const BY_ALIAS = new Map(FAMILIES.flatMap((f) => (f.aliases ?? []).map((a) => [a, f])));
function resolveTool(payload) {
    const own = BY_KIND.get(payload.kind);
    if (own)
        return { family: own, payload, native: true };
    const named = BY_ALIAS.get(norm(payload.functionName ?? payload.kind));
    return { family: named ?? unknownTool, payload, native: false };
}
/** The kind a call is counted under: Cursor's kind for every name that means it; else the wire's own. */
function kindOf(t) {
    return t.family.kind || t.payload.kind;
}
function toolName(t) {
    return typeof t.family.name === "string" ? t.family.name : t.family.name(t);
}
function mainArg(t) {
    return t.family.mainArg(t);
}
function outcomeOf(t) {
    return summarizeOutcome(t);
}
function logBody(t) {
    return t.family.logBody(t);
}
/** What a successful call did to files. Never throws: a payload we misread changes nothing here. */
function fileOps(t) {
    try {
        return t.family.fileOps?.(t) ?? [];
    }
    catch {
        return [];
    }
}
/**
 * For a call that may change files: the path it names (`null` when it names none). `undefined`: the
 * call cannot change files.
 */
function changedPath(t) {
    try {
        return t.family.changedPath?.(t);
    }
    catch {
        return null;
    }
}

;// CONCATENATED MODULE: ./src/tools/index.ts





/***/ }),

/***/ 3709:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Tb: () => (/* binding */ applyChunks),
/* harmony export */   nr: () => (/* binding */ parsePatchText),
/* harmony export */   sY: () => (/* binding */ isPatchText)
/* harmony export */ });
/**
 * Patch-style edits: some models send an edit as a `*** Begin Patch … *** End Patch` text (the
 * "apply_patch" format) instead of whole-file contents (docs/stream-format.md "Tool kinds"; fixtures/skill-eval-0025). When a successful
 * edit carries no after-content, the tracker replays its patch on the file's last known content.
 *
 * Applying is deliberately strict (exact, then whitespace-insensitive line matches, no fuzz): a patch that
 * does not fit leaves the file's content unknown, and the tracker falls back to the working tree. Bounded:
 * the search is linear in the file per chunk, and files beyond {@link MAX_PATCH_LINES} are not attempted.
 */
const BEGIN = "*** Begin Patch";
const END = "*** End Patch";
const MAX_PATCH_LINES = 200_000;
/** Line comparisons allowed per patch: a repetitive file must not turn the search quadratic. */
const MAX_COMPARISONS = 20_000_000;
function isPatchText(s) {
    return typeof s === "string" && s.trimStart().startsWith(BEGIN);
}
/** Parses a patch text; undefined when it is not one. Lenient about what it does not understand. */
function parsePatchText(text) {
    const lines = text.split(/\r?\n/);
    let i = lines.findIndex((l) => l.trim() === BEGIN);
    if (i < 0)
        return undefined;
    i++;
    const sections = [];
    let current;
    let addLines = [];
    let chunk;
    const closeChunk = () => {
        if (current?.op === "update" && chunk && (chunk.oldLines.length > 0 || chunk.newLines.length > 0)) {
            current.chunks.push(chunk);
        }
        chunk = undefined;
    };
    const close = () => {
        closeChunk();
        if (current?.op === "add")
            current.text = addLines.length ? `${addLines.join("\n")}\n` : "";
        if (current)
            sections.push(current);
        current = undefined;
        addLines = [];
    };
    for (; i < lines.length; i++) {
        const line = lines[i];
        const header = /^\*\*\* (Add|Delete|Update) File: (.+)$/.exec(line.trimEnd());
        if (header) {
            close();
            const p = header[2].trim();
            current =
                header[1] === "Add"
                    ? { op: "add", path: p, text: "" }
                    : header[1] === "Delete"
                        ? { op: "delete", path: p }
                        : { op: "update", path: p, chunks: [] };
            continue;
        }
        if (line.trim() === END)
            break;
        if (!current)
            continue;
        if (current.op === "add") {
            if (line.startsWith("+"))
                addLines.push(line.slice(1));
            continue;
        }
        if (current.op !== "update")
            continue;
        const move = /^\*\*\* Move to: (.+)$/.exec(line.trimEnd());
        if (move) {
            current.moveTo = move[1].trim();
            continue;
        }
        if (line.startsWith("@@")) {
            closeChunk();
            chunk = { anchor: line.slice(2).trim(), oldLines: [], newLines: [], atEnd: false };
            continue;
        }
        if (line.trim() === "*** End of File") {
            if (chunk)
                chunk.atEnd = true;
            continue;
        }
        chunk ??= { anchor: "", oldLines: [], newLines: [], atEnd: false };
        const tag = line[0];
        const body = line.slice(1);
        if (tag === "+")
            chunk.newLines.push(body);
        else if (tag === "-")
            chunk.oldLines.push(body);
        else if (tag === " ") {
            chunk.oldLines.push(body);
            chunk.newLines.push(body);
        }
        else if (line === "") {
            // An empty context line whose leading space was trimmed away somewhere on the way.
            chunk.oldLines.push("");
            chunk.newLines.push("");
        }
    }
    close();
    return sections;
}
/** Applies an update section's chunks to `text`; undefined when a chunk does not fit. */
function applyChunks(text, chunks) {
    const eol = text.includes("\r\n") ? "\r\n" : "\n";
    const lines = text.split(/\r?\n/);
    if (lines.length > 0 && lines[lines.length - 1] === "")
        lines.pop();
    if (lines.length > MAX_PATCH_LINES)
        return undefined;
    const edits = [];
    let cursor = 0;
    const budget = { left: MAX_COMPARISONS };
    for (const c of chunks) {
        if (c.anchor !== "") {
            const a = seek(lines, [c.anchor], cursor, false, budget);
            if (a < 0)
                return undefined;
            cursor = a + 1;
        }
        if (c.oldLines.length === 0) {
            // A pure insertion: the apply_patch format puts it at the end of the file.
            edits.push({ at: lines.length, remove: 0, insert: c.newLines });
            continue;
        }
        let old = c.oldLines;
        let neu = c.newLines;
        let at = seek(lines, old, cursor, c.atEnd, budget);
        if (at < 0 && old[old.length - 1] === "") {
            // A trailing empty line in the chunk stands for the file's final newline.
            old = old.slice(0, -1);
            if (neu[neu.length - 1] === "")
                neu = neu.slice(0, -1);
            at = old.length ? seek(lines, old, cursor, c.atEnd, budget) : -1;
        }
        if (at < 0)
            return undefined;
        edits.push({ at, remove: old.length, insert: neu });
        cursor = at + old.length;
    }
    // Later positions first, so earlier indexes stay valid.
    edits.sort((x, y) => y.at - x.at);
    for (const e of edits)
        lines.splice(e.at, e.remove, ...e.insert);
    return lines.length ? lines.join(eol) + eol : "";
}
/** The index where `pattern` occurs in `lines` from `start`: exact, then ignoring end, then all whitespace. */
function seek(lines, pattern, start, atEnd, budget) {
    const norms = [(s) => s, (s) => s.trimEnd(), (s) => s.trim()];
    const last = lines.length - pattern.length;
    if (last < 0)
        return -1;
    for (const norm of norms) {
        const want = pattern.map(norm);
        const matches = (i) => {
            for (let k = 0; k < want.length; k++) {
                if (--budget.left < 0)
                    return false;
                if (norm(lines[i + k]) !== want[k])
                    return false;
            }
            return true;
        };
        if (atEnd && last >= start && matches(last))
            return last;
        for (let i = start; i <= last && budget.left > 0; i++)
            if (matches(i))
                return i;
    }
    return -1;
}


/***/ })

};

//# sourceMappingURL=824.index.js.map