export const id = 918;
export const ids = [918,762];
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


/***/ }),

/***/ 84165:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ problem)
/* harmony export */ });
/**
 * A failed request of a delivery as one line, with the fix where there is one: the permission a 403 says
 * is missing (GitHub names it in `x-accepted-github-permissions`), and the repository setting that keeps
 * the Actions token from opening pull requests.
 */
const PERMISSION = {
    read: "contents: read",
    write: "contents: write",
    pull: "pull-requests: write",
};
/** GitHub's answer when "Allow GitHub Actions to create and approve pull requests" is off. */
const ACTIONS_MAY_NOT_OPEN = /GitHub Actions is not permitted to create or approve pull requests/i;
function problem(step, e) {
    const err = (e ?? {});
    // octokit ends GitHub's message with " - <documentation url>": the message is GitHub's words alone.
    const first = String(err.message ?? e).split("\n")[0] ?? "";
    const message = first.replace(/ - https:\/\/\S+$/, "").slice(0, 300);
    const said = `${err.status ? `HTTP ${err.status}: ` : ""}${message}`;
    if (ACTIONS_MAY_NOT_OPEN.test(String(err.message ?? ""))) {
        return `GitHub refused to open the pull request (${said}): turn on the repository's setting "Allow GitHub Actions to create and approve pull requests" (Settings → Actions → General), or give a token that may`;
    }
    if (err.status === 403 || err.status === 404) {
        const accepted = err.response?.headers?.["x-accepted-github-permissions"];
        const named = accepted ? namedPermission(accepted) : PERMISSION[step];
        return `GitHub refused the delivery (${said}): give the job \`permissions: ${named}\` (for a pull request also \`pull-requests: write\`), or a github-token that has it`;
    }
    if (err.status === 401)
        return `GitHub refused the delivery (${said}): check github-token`;
    return `the delivery failed (${said})`;
}
/** `contents=write` → `contents: write`; `pull_requests=write` → `pull-requests: write`. */
function namedPermission(header) {
    const first = header.split(/[,;]/)[0]?.trim() ?? "";
    const [name = "", level = "write"] = first.split("=");
    return `${name.replace(/_/g, "-")}: ${level}`;
}


/***/ }),

/***/ 56145:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ makeTree),
/* harmony export */   l: () => (/* binding */ inlineText)
/* harmony export */ });
/* harmony import */ var _base_limits_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(58369);
/**
 * The changes as a new tree on GitHub, on a commit's tree (`base_tree`): a deletion as `sha: null`, a text
 * file inline (no write of its own), any other file as a blob, each blob made once for every attempt of a
 * delivery (a push that is retried on a branch that moved makes a new tree, not new blobs). The mode of
 * every entry is the work tree's (100644 or 100755): the executable bit is kept.
 */

async function makeTree(gh, baseTree, entries, blobs) {
    const tree = [];
    for (const e of entries) {
        // GitHub reads a deletion's mode as any file's; the path is what goes.
        if ("deleted" in e) {
            tree.push({ path: e.path, mode: "100644", type: "blob", sha: null });
            continue;
        }
        const text = inlineText(e.content);
        if (text !== undefined) {
            tree.push({ path: e.path, mode: e.mode, type: "blob", content: text });
            continue;
        }
        let sha = blobs.get(e.path);
        if (sha === undefined) {
            sha = await gh.createBlob(e.content);
            blobs.set(e.path, sha);
        }
        tree.push({ path: e.path, mode: e.mode, type: "blob", sha });
    }
    return gh.createTree(baseTree, tree);
}
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/**
 * A file's content as text that GitHub stores byte for byte when given inline in a tree: UTF-8 (a byte
 * order mark kept), no NUL, at most {@link DELIVERY_INLINE_BYTES}; else undefined (it goes as a blob).
 */
function inlineText(content) {
    if (content.length > _base_limits_js__WEBPACK_IMPORTED_MODULE_0__/* .DELIVERY_INLINE_BYTES */ .D4 || content.includes(0))
        return undefined;
    try {
        return utf8.decode(content);
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 8918:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  deliverPhase: () => (/* binding */ deliverPhase)
});

// EXTERNAL MODULE: ./src/base/deadlines.ts
var deadlines = __webpack_require__(14332);
// EXTERNAL MODULE: ./src/base/limits.ts
var limits = __webpack_require__(58369);
// EXTERNAL MODULE: ./src/base/runner.ts
var runner = __webpack_require__(85763);
// EXTERNAL MODULE: ./src/changes/protected-paths.ts
var protected_paths = __webpack_require__(762);
// EXTERNAL MODULE: ./src/changes/named.ts
var named = __webpack_require__(42636);
// EXTERNAL MODULE: ./src/deliver/tree.ts
var tree = __webpack_require__(56145);
;// CONCATENATED MODULE: ./src/deliver/gate.ts
/**
 * Whether anything is delivered at all, before any request (pure): the run's verdict, the changes as they
 * could be read, the protected paths and the delivery's limits. A refusal says why in one line; `failed`
 * when it fails the step (a change that must not go, or cannot), not when there is simply nothing to do.
 */




function gate(g) {
    if (!g.succeeded && !g.onFailure) {
        return { kind: "held", why: "the run did not succeed (deliver-on-failure is false)", failed: false };
    }
    const e = g.entries;
    if (!e || (e.kind === "entries" && e.entries.length === 0)) {
        return { kind: "held", why: "nothing changed", failed: false };
    }
    if (e.kind === "refused")
        return { kind: "held", why: e.why, failed: true };
    const held = (0,protected_paths/* protectedAmong */.Z)(e.entries.map((x) => x.path), g.patterns);
    if (held.length > 0) {
        return {
            kind: "held",
            why: `a change to a protected path (protected-paths): ${(0,named/* named */.K)(held)}`,
            failed: true,
        };
    }
    const blobs = e.entries.filter((x) => !("deleted" in x) && (0,tree/* inlineText */.l)(x.content) === undefined).length;
    if (blobs > limits/* MAX_DELIVERY_BLOBS */.$v) {
        return {
            kind: "held",
            why: `${blobs} binary or large files changed, over the limit of ${limits/* MAX_DELIVERY_BLOBS */.$v} a delivery sends`,
            failed: true,
        };
    }
    return { kind: "go", entries: e.entries };
}

;// CONCATENATED MODULE: ./src/deliver/outcome.ts
const NONE = {
    branch: "",
    "commit-sha": "",
    "pull-request-number": "",
    "pull-request-url": "",
};
function notDelivered(why, failed) {
    return { outputs: NONE, line: `Nothing delivered: ${why}.`, failed };
}
function outcomeOf(done) {
    if (done.kind === "failed")
        return notDelivered(done.why, true);
    const pull = done.pull;
    return {
        outputs: {
            branch: done.branch,
            "commit-sha": done.commit,
            "pull-request-number": pull ? String(pull.number) : "",
            "pull-request-url": pull?.url ?? "",
        },
        line: pull
            ? `Delivered: pull request #${pull.number} from branch ${done.branch} (commit ${done.commit}): ${pull.url}`
            : `Delivered: commit ${done.commit} pushed onto branch ${done.branch}.`,
        failed: false,
        pull,
    };
}

// EXTERNAL MODULE: ./src/deliver/problems.ts
var problems = __webpack_require__(84165);
;// CONCATENATED MODULE: ./src/deliver/target.ts
function chooseTarget(settings, context) {
    const mode = settings.mode;
    if (mode === "none")
        return { kind: "refused", why: "deliver is none" };
    const pr = context.pullRequest;
    if (pr && !pr.headUnknown) {
        if (pr.fromFork !== false) {
            return {
                kind: "refused",
                why: `pull request #${pr.issue}'s branch is in a fork: nothing is delivered to a fork's branch`,
            };
        }
        const head = pr.head?.ref;
        if (!head)
            return { kind: "refused", why: `the event does not name pull request #${pr.issue}'s head branch` };
        return { kind: "target", target: { mode, branch: head, onHead: true } };
    }
    const ref = context.ref ?? "";
    if (!ref.startsWith("refs/heads/")) {
        return {
            kind: "refused",
            why: `the run's ref ${JSON.stringify(ref)} is not a branch: there is no branch to deliver to`,
        };
    }
    // A comment on a pull request whose head could not be asked of GitHub (run/deliver.ts asks) stays here:
    // the run's own branch (GITHUB_REF, the default branch), under the default branch's rule.
    return {
        kind: "target",
        target: { mode, branch: ref.slice("refs/heads/".length), onHead: mode === "push" },
    };
}

;// CONCATENATED MODULE: ./src/run/deliver.ts
/**
 * The delivery phase (input `deliver`, docs/delivery.md): after the patch (the agent and all its processes
 * are gone, what was set aside is back) and before publishing. Whether anything goes (the verdict, the
 * changes, the protected paths, the limits: deliver/gate.ts) and where (deliver/target.ts) is decided
 * without a request; then the commit is made through GitHub's API within {@link RUN_DEADLINES.deliverMs}.
 * Its result is one line (the log, the job summary) and the four outputs; a refusal or a failure fails the
 * step at the end, as a failed run does (unless `fail-on-error: false`). Nothing here touches the patch or
 * the report.
 */








const not = notDelivered;
/** Undefined when `deliver` is `none`. */
async function deliverPhase(input, world) {
    const d = await decide(input, world.deps, world.redact);
    if (d) {
        world.log.text(world.redact(d.line));
        world.log.flush();
    }
    return d;
}
async function decide(input, deps, redact) {
    const s = input.settings.deliver;
    if (s.mode === "none")
        return undefined;
    if (!input.live)
        return not("a transcript replay delivers nothing", false);
    if (input.observed.cancelled)
        return not("the run was cancelled", false);
    if (!input.patch.base)
        return not("the workspace has no commit checked out to deliver changes of", true);
    const gated = gate({
        succeeded: input.judged.verdict.conclusion === "success",
        onFailure: s.onFailure,
        entries: input.patch.entries,
        patterns: (0,protected_paths.parseProtectedPaths)(s.protectedPaths),
    });
    if (gated.kind === "held")
        return not(gated.why, gated.failed);
    const repository = input.context.repository;
    const token = input.settings.githubToken;
    const base = input.patch.base;
    if (!repository || !token) {
        return not(!repository ? "the run names no repository (GITHUB_REPOSITORY)" : "no github-token", true);
    }
    const run = {
        workflow: deps.env.GITHUB_WORKFLOW,
        runNumber: deps.env.GITHUB_RUN_NUMBER,
        runUrl: (0,runner/* runAttemptUrl */.q)(deps.env),
        actor: input.context.actor,
    };
    const [{ deliver }, { createGitData }, words, { renderReport }, { finalMessage }] = await Promise.all([
        __webpack_require__.e(/* import() */ 232).then(__webpack_require__.bind(__webpack_require__, 88232)),
        Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(239), __webpack_require__.e(932)]).then(__webpack_require__.bind(__webpack_require__, 78932)),
        __webpack_require__.e(/* import() */ 806).then(__webpack_require__.bind(__webpack_require__, 68806)),
        Promise.all(/* import() */[__webpack_require__.e(22), __webpack_require__.e(68), __webpack_require__.e(25)]).then(__webpack_require__.bind(__webpack_require__, 79025)),
        Promise.all(/* import() */[__webpack_require__.e(22), __webpack_require__.e(68)]).then(__webpack_require__.bind(__webpack_require__, 8068)),
    ]);
    const report = renderReport({
        model: input.observed.model,
        verdict: input.judged.verdict,
        changes: input.observed.changes,
        wallMs: input.wallMs,
        runUrl: run.runUrl,
        redact,
    }, { maxChars: limits/* GITHUB_BODY_CHARS */.Dp - 1024 });
    // A cancel stops it at once: it has no share of the cancel budget (RUN_DEADLINES.deliverMs).
    const end = (0,deadlines/* waitEnd */.H1)(deadlines/* RUN_DEADLINES */.Y1.deliverMs, 0, deps.cancelled);
    try {
        const gh = createGitData(token, repository, deps.env.GITHUB_API_URL, {
            signal: end.signal,
            until: Date.now() + end.limitMs,
        });
        const context = await withPullHead(input.context, gh).catch((e) => (0,problems/* problem */.C)("read", e));
        if (typeof context === "string")
            return not(context, true);
        const targeted = chooseTarget(s, context);
        if (targeted.kind === "refused")
            return not(targeted.why, true);
        const done = await deliver(gh, {
            target: targeted.target,
            base,
            entries: gated.entries,
            newBranch: s.branch,
            allowDefaultBranch: s.allowDefaultBranch,
            message: words.commitMessage(run, finalMessage(input.observed.model, false, redact)),
            title: words.headline(run),
            body: words.pullBody(run, report),
        });
        if (done.kind === "failed" && end.signal.aborted) {
            return not(`${end.signal.reason.message} (${done.why})`, true);
        }
        return outcomeOf(done);
    }
    finally {
        end.dispose();
    }
}
/**
 * A comment on a pull request (`issue_comment`) does not say where its head is: GitHub is asked, so that a
 * fix asked for in a comment goes onto the pull request's branch (and never to a fork's), as on a pull
 * request's own events.
 */
async function withPullHead(context, gh) {
    const pr = context.pullRequest;
    if (!pr?.headUnknown)
        return context;
    const head = await gh.pullHead(pr.issue);
    return {
        ...context,
        pullRequest: {
            ...pr,
            headUnknown: false,
            fromFork: head.fromFork,
            head: { ref: head.ref, sha: head.sha },
        },
    };
}


/***/ })

};

//# sourceMappingURL=918.index.js.map