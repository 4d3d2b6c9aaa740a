export const id = 68;
export const ids = [68,853];
export const modules = {

/***/ 31000:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  vE: () => (/* binding */ agentMarkdown),
  TL: () => (/* binding */ quoted)
});

// UNUSED EXPORTS: parsedMarkdown

// EXTERNAL MODULE: ./node_modules/marked/lib/marked.esm.js
var marked_esm = __webpack_require__(48022);
// EXTERNAL MODULE: ./src/base/limits.ts
var limits = __webpack_require__(58369);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(42495);
;// CONCATENATED MODULE: ./src/render/nesting.ts
/**
 * How deep markdown could nest, measured before any parser sees it.
 *
 * Trust boundary: the text is the agent's. marked's lexer recurses once for each level of block quote,
 * list and emphasis, and so does anything that walks its tokens: a final message of 30,000 `>` (or of
 * 20,000 list markers, or 15,000 `*` on each side of a word) overflows the stack, and 15,000 nested
 * emphases take minutes. A run must never be lost to what the agent wrote, so text that could nest deeper
 * than {@link MAX_NESTING_DEPTH} is not parsed at all (./agent-markdown.ts shows it as plain text). One linear
 * pass, no regular expression; it over-estimates (it does not parse), never under-estimates what the
 * lexer recurses on: containers at a line's start, and emphasis delimiters opened in a paragraph.
 */

const SPACE = 32;
const TAB = 9;
const NEWLINE = 10;
const BACKTICK = 96;
/** At least as deep as anything in `text` nests, as marked would lex it (blocks and emphasis). */
function nestingDepth(text) {
    let deepest = 0;
    let open = 0;
    let at = 0;
    while (at <= text.length) {
        const nl = text.indexOf("\n", at);
        const end = nl === -1 ? text.length : nl;
        const line = text.slice(at, end);
        if (line.trim() === "")
            open = 0; // a blank line ends every paragraph, and every emphasis in it
        deepest = Math.max(deepest, blockDepth(line));
        open = inlineOpen(text, at, end, open, (depth) => {
            deepest = Math.max(deepest, depth);
        });
        if (deepest > limits/* MAX_NESTING_DEPTH */.wM)
            return deepest;
        at = end + 1;
    }
    return deepest;
}
/**
 * Containers a line opens: quote markers and list markers at its start, in any mix, and the nesting its
 * indent stands for (a nested list item sits at least two columns in per level).
 */
function blockDepth(line) {
    let depth = 0;
    let indent = 0;
    let i = 0;
    const n = line.length;
    for (;;) {
        let spaces = 0;
        while (i < n && (line.charCodeAt(i) === SPACE || line.charCodeAt(i) === TAB)) {
            spaces += line.charCodeAt(i) === TAB ? 4 : 1;
            i++;
        }
        if (depth === 0)
            indent = spaces;
        if (i >= n)
            break;
        const c = line[i];
        if (c === ">") {
            depth++;
            i++;
            continue;
        }
        let j = i;
        while (j < n && j - i < 9 && isDigit(line.charCodeAt(j)))
            j++;
        const marker = c === "-" || c === "*" || c === "+"
            ? i + 1
            : j > i && (line[j] === "." || line[j] === ")")
                ? j + 1
                : -1;
        if (marker === -1 || !(marker >= n || isSpace(line.charCodeAt(marker))))
            break;
        depth++;
        i = marker;
    }
    return depth === 0 ? 0 : depth + Math.floor(indent / 2);
}
/**
 * Emphasis opened in `text[from, to)` on top of `open` from the paragraph's earlier lines: a run of `*`,
 * `_` or `~` that can only open (left-flanking, CommonMark's rule) adds its length, one that can only close
 * takes it off. Code spans are skipped: nothing in them is emphasis. `seen` is told every depth reached.
 */
function inlineOpen(text, from, to, open, seen) {
    let i = from;
    while (i < to) {
        const c = text.charCodeAt(i);
        if (c === BACKTICK) {
            i = codeSpanEnd(text, i, to);
            continue;
        }
        if (c !== 42 && c !== 95 && c !== 126) {
            i++;
            continue;
        }
        let j = i;
        while (j < to && text.charCodeAt(j) === c)
            j++;
        const before = i > from ? text.charCodeAt(i - 1) : NEWLINE;
        const after = j < to ? text.charCodeAt(j) : NEWLINE;
        const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
        const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
        if (left && !right) {
            open += j - i;
            seen(open);
        }
        else if (right && !left)
            open = Math.max(0, open - (j - i));
        i = j;
    }
    return open;
}
/** Past the code span a backtick run at `i` opens (to the run of the same length that closes it), else past the run. */
function codeSpanEnd(text, i, to) {
    let j = i;
    while (j < to && text.charCodeAt(j) === BACKTICK)
        j++;
    const ticks = text.slice(i, j);
    let k = j;
    for (;;) {
        const found = text.indexOf(ticks, k);
        if (found === -1 || found >= to)
            return j;
        let end = found;
        while (end < to && text.charCodeAt(end) === BACKTICK)
            end++;
        if (end - found === ticks.length)
            return end;
        k = end;
    }
}
function isDigit(c) {
    return c >= 48 && c <= 57;
}
function isSpace(c) {
    return c === SPACE || c === TAB || c === NEWLINE || c === 13 || c === 0xa0 || c === 0x2028 || c === 0x2029;
}
/** ASCII punctuation, as CommonMark's flanking rules read it. */
function isPunct(c) {
    return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

;// CONCATENATED MODULE: ./src/render/agent-markdown.ts
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
        return (0,markdown/* mdText */.bC)(text).trim();
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
/**
 * {@link agentMarkdown} through the lexer, whatever the text; text nested too deep for it is shown as it
 * was written (./nesting.ts). It never throws: whatever the lexer cannot take is shown the same way.
 */
function parsedMarkdown(text) {
    const normal = text.replace(/\r\n?/g, "\n");
    if (nestingDepth(normal) > limits/* MAX_NESTING_DEPTH */.wM)
        return asWritten(normal, `it nests deeper than ${limits/* MAX_NESTING_DEPTH */.wM} levels`);
    try {
        return blocks(new marked_esm/* Lexer */.JG({ gfm: true }).lex(normal), 0).trim();
    }
    catch {
        // A stack overflow the scan did not foresee, or a bug in the lexer: the text is still shown.
        return asWritten(normal, "it could not be parsed");
    }
}
/** Text not rendered: the action's note, then the text in a code block, exactly as written (but no `<!--`). */
function asWritten(text, why) {
    return `_Shown as written: ${why}._\n\n${(0,markdown/* fenced */.OF)((0,markdown/* noComments */.EP)(text), "text")}`;
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
        return (0,markdown/* mdText */.bC)(t.raw);
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
            return lineStarts(x.tokens ? inline(x.tokens, depth) : (0,markdown/* mdText */.bC)(x.text));
        }
        case "code": {
            const c = t;
            // Only a plain language name: the info string is agent text too.
            const lang = /^[\w+.#-]{1,30}$/.test(c.lang ?? "") ? (c.lang ?? "") : "";
            return (0,markdown/* fenced */.OF)((0,markdown/* noComments */.EP)(c.text), lang);
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
                .map((l) => lineStarts((0,markdown/* mdText */.bC)(l)))
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
            return x.tokens ? inline(x.tokens, depth) : (0,markdown/* mdText */.bC)(x.text);
        }
        case "escape":
            return (0,markdown/* mdText */.bC)(t.text);
        case "strong":
            return `**${inline(t.tokens, depth)}**`;
        case "em":
            return `*${inline(t.tokens, depth)}*`;
        case "del":
            return `~~${inline(t.tokens, depth)}~~`;
        case "codespan":
            return (0,markdown/* mdCode */.xs)(t.text);
        case "br":
            return "  \n";
        case "link": {
            // Its words, and where it pointed as code: readable, never followed from the report.
            const l = t;
            const words = inline(l.tokens, depth);
            return l.href && l.href !== l.text ? `${words} (${(0,markdown/* mdCode */.xs)(l.href)})` : words || (0,markdown/* mdCode */.xs)(l.href);
        }
        case "image": {
            const im = t;
            return `${(0,markdown/* mdText */.bC)(`[image: ${im.text || "no description"}]`)} (${(0,markdown/* mdCode */.xs)(im.href)})`;
        }
        default:
            // Inline HTML and the rest: the text as written.
            return (0,markdown/* mdText */.bC)(t.raw);
    }
}


/***/ }),

/***/ 8068:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   finalMessage: () => (/* binding */ finalMessage),
/* harmony export */   resultText: () => (/* binding */ resultText),
/* harmony export */   warmFinalMessage: () => (/* binding */ warmFinalMessage)
/* harmony export */ });
/* harmony import */ var _render_agent_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31000);
/* harmony import */ var _structured_contract_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(853);


/**
 * Renders ahead the final message that the report will show (its markdown is kept by text, so the report
 * finds it done). Called when the result arrives, while the agent exits and before the end of the run's git
 * work: lexing a long message is most of a report's time (~20 ms for 64 KiB).
 */
function warmFinalMessage(model, contract, redact) {
    const shown = finalMessage(model, contract, redact);
    if (shown)
        (0,_render_agent_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .agentMarkdown */ .vE)(shown);
}
/** The final message as the report shows it (redacted, cut, without a contract block), before rendering. */
function finalMessage(model, contract, redact) {
    const plan = model.finalPlan;
    // Else the last segment; `result` joins every segment, narration included.
    const final = plan ?? { text: model.lastSegment || model.result?.text || "", cut: model.lastSegmentCut };
    const text = contract && !final.cut ? (0,_structured_contract_js__WEBPACK_IMPORTED_MODULE_1__.withoutContract)(final.text) : final.text;
    if (!text)
        return undefined;
    return shown(text, final.cut, model, redact);
}
/**
 * The `result` output: the plan when it is the run's final message (plan mode: `result` holds only the
 * narration around it), else the text of the `result` event; redacted, and a cut plan's margin dropped.
 */
function resultText(model, redact) {
    const plan = model.finalPlan;
    return plan ? shown(plan.text, plan.cut, model, redact) : redact(model.result?.text ?? "");
}
/** Kept text redacted; when it was cut, the margin the model kept past the cut dropped after redaction. */
function shown(text, cut, model, redact) {
    // Dropped after redaction, so the cut never halves a secret.
    const redacted = redact(text);
    return cut ? redacted.slice(0, Math.max(0, redacted.length - model.lastSegmentMargin)) : redacted;
}


/***/ }),

/***/ 853:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_BLOCK_CHARS: () => (/* binding */ MAX_BLOCK_CHARS),
/* harmony export */   MAX_FINDINGS: () => (/* binding */ MAX_FINDINGS),
/* harmony export */   NAMED_IN_ERROR: () => (/* binding */ NAMED_IN_ERROR),
/* harmony export */   REVIEW_SCHEMA: () => (/* binding */ REVIEW_SCHEMA),
/* harmony export */   contractInstruction: () => (/* binding */ contractInstruction),
/* harmony export */   extractContract: () => (/* binding */ extractContract),
/* harmony export */   gateError: () => (/* binding */ gateError),
/* harmony export */   gated: () => (/* binding */ gated),
/* harmony export */   withoutContract: () => (/* binding */ withoutContract)
/* harmony export */ });
/* harmony import */ var _base_limits_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(58369);
/* harmony import */ var _settings_contract_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(27843);
/**
 * The contract for structured output: the instruction appended to the prompt, the built-in review schema,
 * and finding the contract block in the agent's final message. Pure: validation is ./validate.ts.
 *
 * Trust boundary: the block is the agent's. It is parsed as JSON only (no YAML, no code), within a size
 * cap, and checked against the schema before anything reads it; the review schema caps the number and
 * the size of findings and refuses paths that leave the repository.
 */


/** Largest contract block read (characters). */
const MAX_BLOCK_CHARS = 1024 * 1024;
/** Findings a review may report; more is an invalid contract, not a truncated one. */
const MAX_FINDINGS = 200;
/** The review contract (`review: true`), JSON Schema draft 2020-12. */
const REVIEW_SCHEMA = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    additionalProperties: false,
    required: ["summary", "findings"],
    properties: {
        summary: { type: "string", maxLength: 20_000, description: "The review in markdown." },
        findings: {
            type: "array",
            maxItems: MAX_FINDINGS,
            items: {
                type: "object",
                additionalProperties: false,
                required: ["path", "line", "severity", "title", "body"],
                properties: {
                    path: {
                        type: "string",
                        minLength: 1,
                        maxLength: 1_000,
                        // Relative to the repository: no leading slash or drive, no `..` segment, no backslash or NUL.
                        pattern: "^(?![/\\\\]|[A-Za-z]:)(?!.*(^|/)\\.\\.(/|$))[^\\\\\\u0000]+$",
                        description: "The file, relative to the repository root.",
                    },
                    line: {
                        type: "integer",
                        minimum: 1,
                        description: "The last line, on the pull request's new side.",
                    },
                    start_line: { type: "integer", minimum: 1, description: "The first line, when more than one." },
                    severity: { enum: [..._settings_contract_js__WEBPACK_IMPORTED_MODULE_0__/* .SEVERITIES */ .oC] },
                    title: { type: "string", minLength: 1, maxLength: 200 },
                    body: { type: "string", maxLength: 20_000, description: "Markdown." },
                    suggestion: {
                        type: "string",
                        maxLength: 20_000,
                        description: "The replacement for lines start_line..line.",
                    },
                },
            },
        },
    },
};
/**
 * What is appended to the prompt: the agent has no schema flag, so it is asked, in words, to end its final
 * message with the object in a ```json block (documented in the README).
 */
function contractInstruction(schema) {
    return [
        "",
        "",
        "---",
        "When you are done, end your final message with exactly one fenced code block in the `json` language",
        "holding a single JSON object that is valid against this JSON Schema (draft 2020-12). Nothing after it.",
        "",
        "```json",
        JSON.stringify(schema, null, 2),
        "```",
    ].join("\n");
}
/**
 * The last ```json block of the final message, else the whole message when it alone is JSON. Parsed as
 * JSON, nothing else.
 */
function extractContract(message) {
    const text = (message ?? "").replace(/\r\n?/g, "\n");
    if (text.trim() === "")
        return { ok: false, error: "the agent's final message is empty: no ```json block" };
    const block = lastJsonBlock(text);
    const candidate = block ?? text.trim();
    if (candidate.length > MAX_BLOCK_CHARS) {
        return { ok: false, error: `the json block is larger than ${MAX_BLOCK_CHARS} characters` };
    }
    // JSON.parse takes any depth, but the validator (ajv), JSON.stringify of the outputs and any walk of the
    // value recurse once per level: a block nested 400,000 deep overflowed the stack and lost the run.
    // Deeper is an invalid contract, said before parsing.
    if (jsonDepth(candidate) > _base_limits_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_NESTING_DEPTH */ .wM) {
        return { ok: false, error: `the json block nests deeper than ${_base_limits_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_NESTING_DEPTH */ .wM} levels` };
    }
    try {
        return { ok: true, value: JSON.parse(candidate) };
    }
    catch (e) {
        const why = e.message.split("\n")[0];
        return {
            ok: false,
            error: block
                ? `the last \`\`\`json block is not JSON (${why})`
                : "the agent's final message has no ```json block (and is not JSON itself)",
        };
    }
}
/**
 * How deep the arrays and objects of JSON text nest, brackets inside strings left out: one pass, no parse
 * (the text may not even be JSON; then JSON.parse says so).
 */
function jsonDepth(text) {
    let depth = 0;
    let deepest = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
            if (c === 0x5c)
                i++; // a backslash: the next character is escaped
            else if (c === 0x22)
                inString = false;
        }
        else if (c === 0x22)
            inString = true;
        else if (c === 0x5b || c === 0x7b)
            deepest = Math.max(deepest, ++depth);
        else if (c === 0x5d || c === 0x7d)
            depth--;
    }
    return deepest;
}
/** The body of the last fenced block whose info string is `json` (fences of 3+ backticks or tildes). */
function lastJsonBlock(text) {
    const found = lastJsonFence(text.split("\n"));
    return found?.body;
}
/** Where the last ```json block is: its fence lines (inclusive) and its body. */
function lastJsonFence(lines) {
    let found;
    for (let i = 0; i < lines.length; i++) {
        const open = /^ {0,3}(`{3,}|~{3,})\s*json\s*$/i.exec(lines[i]);
        if (!open)
            continue;
        const fence = open[1];
        const body = [];
        let j = i + 1;
        for (; j < lines.length; j++) {
            const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(lines[j]);
            if (close && close[1][0] === fence[0] && close[1].length >= fence.length)
                break;
            body.push(lines[j]);
        }
        found = { from: i, to: j, body: body.join("\n") };
        i = j;
    }
    return found;
}
/**
 * The final message as the report shows it: without the contract block, which the outputs (and in review
 * mode the review) already hold, and which would otherwise fill the comment with JSON.
 */
function withoutContract(message) {
    const lines = message.replace(/\r\n?/g, "\n").split("\n");
    const found = lastJsonFence(lines);
    if (!found)
        return message;
    return [...lines.slice(0, found.from), ...lines.slice(found.to + 1)].join("\n").trimEnd();
}
/** Findings at or above `threshold` (`none`: never). */
function gated(findings, threshold) {
    if (threshold === "none")
        return [];
    const rank = (s) => _settings_contract_js__WEBPACK_IMPORTED_MODULE_0__/* .SEVERITIES */ .oC.indexOf(s);
    return findings.filter((f) => rank(f.severity) <= rank(threshold));
}
/** Findings named in `error`, at most this many (the `findings` output and the report have them all). */
const NAMED_IN_ERROR = 10;
/** `fail-on-severity`'s line for `error`, naming the findings at or above it; undefined when none is. */
function gateError(findings, threshold) {
    const over = gated(findings, threshold);
    if (over.length === 0)
        return undefined;
    const listed = over
        .slice(0, NAMED_IN_ERROR)
        .map((f) => `${f.severity} ${f.path}:${f.line} ${f.title}`)
        .join("; ");
    const more = over.length > NAMED_IN_ERROR ? ` and ${over.length - NAMED_IN_ERROR} more` : "";
    const n = over.length;
    return `The review reported ${n} finding${n === 1 ? "" : "s"} at or above ${threshold}: ${listed}${more}.`;
}


/***/ })

};

//# sourceMappingURL=68.index.js.map