export const id = 762;
export const ids = [762];
export const modules = {

/***/ 762:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ protectedAmong),
/* harmony export */   parseProtectedPaths: () => (/* binding */ parseProtectedPaths)
/* harmony export */ });
/* unused harmony export DEFAULT_PROTECTED_PATHS */
/* harmony import */ var minimatch__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33581);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(34758);
/* harmony import */ var _base_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8378);
/* harmony import */ var _agent_config_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(12219);
/**
 * Protected paths (input `protected-paths`): what a delivery never commits. A change to any of them holds
 * the whole delivery back, for a human to look at the patch.
 *
 * The input is one pattern a line (blank lines and lines starting with `#` are skipped). Commas are not
 * separators: they belong to brace expansions (`{a,b}`). A pattern is a glob (minimatch) over
 * repository-relative paths, anchored at the root as a workflow's `paths` filter is (a leading `**` and
 * a slash for any depth); a leading `/` or `./` changes nothing, a trailing `/` means everything under it. `!` before a pattern
 * exempts what it matches; the last pattern that matches a path decides. The line `default` (any case)
 * is the built-in list; `/default` is a file of that name.
 *
 * Matching takes dotfiles and ignores case. A checkout on a case-insensitive file system (macOS,
 * Windows) makes `.GitHub/Workflows/x.yml` a workflow: holding back a delivery that did not need it costs
 * a human a look at the patch, delivering one that should have been held back costs what the guard is for.
 */




const INPUT = "protected-paths";
const GLOB = {
    dot: true,
    nocase: true,
    // Paths are `/`-separated on every runner, and `\` in a pattern is an escape on every runner.
    platform: "linux",
    // Comments and negations are read here, per line; what reaches minimatch is a glob.
    nocomment: true,
    nonegate: true,
};
/** `.github/workflows/**`, `CODEOWNERS` where GitHub reads it, and the agent's own configuration. */
const DEFAULT_PROTECTED_PATHS = [
    // What runs with the repository's secrets and tokens.
    ".github/workflows/**",
    // Who must approve a change: GitHub reads the first of these it finds.
    "CODEOWNERS",
    ".github/CODEOWNERS",
    "docs/CODEOWNERS",
    // What the next agent run reads as its permissions and instructions.
    ..._agent_config_js__WEBPACK_IMPORTED_MODULE_2__/* .AGENT_CONFIG */ .d.flatMap((e) => {
        const at = `**/${(0,minimatch__WEBPACK_IMPORTED_MODULE_0__/* .escape */ .ih)(e.path)}`;
        return e.tree ? [at, `${at}/**`] : [at];
    }),
];
/**
 * The input's patterns, normalised; `""` (or only comments) is `[]`: the guard is off. A bad pattern is
 * an {@link InputError} naming it.
 */
function parseProtectedPaths(input) {
    const out = [];
    for (const raw of input.split(/\r?\n/)) {
        const line = raw.trim();
        if (line === "" || line.startsWith("#"))
            continue;
        if (line.toLowerCase() === "default")
            out.push(...DEFAULT_PROTECTED_PATHS);
        else
            out.push(normalised(line));
    }
    for (const p of out)
        rule(p);
    return out;
}
/** The paths (repository-relative, `/`-separated) that the patterns protect, in their order. */
function protectedAmong(paths, patterns) {
    if (patterns.length === 0)
        return [];
    // match(), not makeRe(): makeRe's expression loses a second `**` (from `a/**/b/**` it makes one that
    // misses `a/b/c`), and its `**` stops at a line break, which a git path may hold.
    const rules = patterns.map(rule).reverse();
    return paths.filter((p) => rules.find((r) => r.glob.match(p))?.protects === true);
}
function normalised(line) {
    const negated = line.startsWith("!");
    let glob = negated ? line.slice(1) : line;
    glob = glob.replace(/^\.?\//, "");
    if (glob.endsWith("/"))
        glob = `${glob}**`;
    // Each of these would make a pattern that silently never matches: no repository path has such a part.
    if (glob === "" || glob.split("/").some((s) => s === "" || s === "." || s === "..")) {
        throw bad(line, "is not a path pattern relative to the repository's root (no '.', '..' or empty parts)");
    }
    // `\` escapes the next character; before a letter or digit it can only be meant as Windows' separator.
    if (/\\[A-Za-z0-9]/.test(glob))
        throw bad(line, "separates with '\\'; patterns use '/'");
    return negated ? `!${glob}` : glob;
}
function rule(pattern) {
    const negated = pattern.startsWith("!");
    let glob;
    try {
        glob = new minimatch__WEBPACK_IMPORTED_MODULE_0__/* .Minimatch */ .VR(negated ? pattern.slice(1) : pattern, GLOB);
    }
    catch {
        // minimatch refuses a pattern over 64 KiB
    }
    // minimatch compiles a class that can match nothing (`[z-a]`) to an unescaped `$.`: that part of the
    // pattern then matches nothing, which is never what was meant.
    const matchesNothing = (part) => part instanceof RegExp && /(?<!\\)\$\./.test(part.source);
    if (!glob || glob.set.length === 0 || glob.set.some((parts) => parts.some(matchesNothing))) {
        throw bad(pattern, "is not a valid glob pattern");
    }
    return { glob, protects: !negated };
}
function bad(pattern, problem) {
    return new _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(INPUT, `'${(0,_base_format_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(pattern)}' ${problem}`);
}


/***/ })

};

//# sourceMappingURL=762.index.js.map