export const id = 853;
export const ids = [853];
export const modules = {

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

//# sourceMappingURL=853.index.js.map