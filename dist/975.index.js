export const id = 975;
export const ids = [975];
export const modules = {

/***/ 6975:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ChangeTracker: () => (/* reexport */ ChangeTracker),
  LiveLog: () => (/* reexport */ live_log/* LiveLog */.J3),
  Pipeline: () => (/* reexport */ Pipeline),
  publish: () => (/* reexport */ publish/* publish */.m),
  warmFinalMessage: () => (/* reexport */ report/* warmFinalMessage */.Jt)
});

// EXTERNAL MODULE: ./node_modules/diff/libesm/patch/create.js + 2 modules
var create = __webpack_require__(7291);
// EXTERNAL MODULE: ./src/base/format.ts
var format = __webpack_require__(8378);
;// CONCATENATED MODULE: ./src/changes/diff.ts
/**
 * From a file's two states to a change: status, +/- counts and a unified diff, by jsdiff.
 *
 * Cost bounds: jsdiff's line diff is O((N+M)·D) in time and can take seconds on large, very different
 * texts. So a diff is only attempted when both sides are within {@link DiffLimits.maxFileBytes} and
 * {@link DiffLimits.maxLines}, with jsdiff's own `timeout` and `maxEditLength` as a stop; otherwise, or
 * when jsdiff gives up, the counts come from a linear line-multiset comparison and a note says so.
 */


const DEFAULT_LIMITS = {
    maxFileBytes: 1024 * 1024,
    maxLines: 20_000,
    timeoutMs: 1_000,
    maxEditLength: 3_000,
};
/**
 * The net change from `base` to `final` for the file at `path`, or undefined when there is none (same
 * content; created and deleted again). `timeLeftMs` is what remains of the caller's overall budget.
 */
function describeChange(path, base, final, limits = DEFAULT_LIMITS, timeLeftMs = Number.POSITIVE_INFINITY) {
    if (final.kind === "unknown") {
        const why = final.why ?? "its final content is unknown";
        return { status: base.kind === "absent" ? "added" : "modified", added: 0, removed: 0, note: cap(why) };
    }
    if (final.kind === "absent") {
        switch (base.kind) {
            case "absent":
                return undefined;
            case "text": {
                const d = diffTexts(path, base.text, undefined, "", limits, timeLeftMs);
                return { status: "deleted", ...d };
            }
            case "large":
                return { status: "deleted", added: 0, removed: base.lines ?? 0, note: largeNote(base) };
            case "binary":
                return { status: "deleted", added: 0, removed: 0, note: "binary file" };
            case "unknown":
                return { status: "deleted", added: 0, removed: 0, note: "its previous content is unknown" };
        }
    }
    if (base.kind === "absent") {
        if (final.kind === "text")
            return { status: "added", ...diffTexts(undefined, "", path, final.text, limits, timeLeftMs) };
        if (final.kind === "large")
            return { status: "added", added: final.lines ?? 0, removed: 0, note: largeNote(final) };
        return { status: "added", added: 0, removed: 0, note: "binary file" };
    }
    if (base.kind === "unknown") {
        const lines = final.kind === "text" ? countLines(final.text) : final.kind === "large" ? (final.lines ?? 0) : 0;
        return {
            status: "modified",
            added: lines,
            removed: 0,
            note: `its previous content is unknown: all ${lines} lines are counted as added`,
        };
    }
    if (base.kind === "text" && final.kind === "text") {
        if (base.text === final.text)
            return undefined;
        return { status: "modified", ...diffTexts(path, base.text, path, final.text, limits, timeLeftMs) };
    }
    if (base.kind === "binary" || final.kind === "binary") {
        return { status: "modified", added: 0, removed: 0, note: "binary file" };
    }
    // One side or both not kept: the change in line count is all that can be said.
    const before = base.kind === "text" ? countLines(base.text) : base.lines;
    const after = final.kind === "text" ? countLines(final.text) : final.lines;
    const large = base.kind === "large" ? base : final;
    if (before === undefined || after === undefined) {
        return { status: "modified", added: 0, removed: 0, note: largeNote(large) };
    }
    return {
        status: "modified",
        added: Math.max(0, after - before),
        removed: Math.max(0, before - after),
        note: `${largeNote(large)}; the counts are the change in line count`,
    };
}
/**
 * A unified diff of `before` → `after` with git-style headers (`a/…`, `b/…`, `/dev/null` for a missing
 * side) and its counts, within the limits; past them, counts from {@link roughCounts} and a note.
 */
function diffTexts(oldPath, before, newPath, after, limits = DEFAULT_LIMITS, timeLeftMs = Number.POSITIVE_INFINITY) {
    const bytes = Math.max(Buffer.byteLength(before), Buffer.byteLength(after));
    if (bytes > limits.maxFileBytes) {
        return {
            ...roughCounts(before, after),
            note: `no diff: larger than ${(0,format/* formatBytes */.z3)(limits.maxFileBytes)} (${(0,format/* formatBytes */.z3)(bytes)}); ${ROUGH}`,
        };
    }
    const lines = Math.max(countLines(before), countLines(after));
    if (lines > limits.maxLines) {
        return {
            ...roughCounts(before, after),
            note: `no diff: more than ${limits.maxLines} lines (${lines}); ${ROUGH}`,
        };
    }
    if (timeLeftMs <= 0) {
        return { ...roughCounts(before, after), note: `no diff: the time for diffs ran out; ${ROUGH}` };
    }
    // A whole file added or removed costs jsdiff little whatever its length: no edit-length cap there.
    const oneSided = before === "" || after === "";
    // The lines both sides share at the start and the end are no part of any hunk but its context: jsdiff
    // gets the middle (a few lines of an edited file of thousands) and the hunks are moved back in place.
    const t = trimCommonLines(before, after, CONTEXT);
    const patch = (0,create/* structuredPatch */.YB)(oldPath === undefined ? "/dev/null" : `a/${oldPath}`, newPath === undefined ? "/dev/null" : `b/${newPath}`, t.before, t.after, undefined, undefined, {
        context: CONTEXT,
        timeout: Math.max(1, Math.min(limits.timeoutMs, timeLeftMs)),
        maxEditLength: oneSided ? Number.MAX_SAFE_INTEGER : limits.maxEditLength,
    });
    if (patch) {
        for (const h of patch.hunks) {
            h.oldStart += t.skipped;
            h.newStart += t.skipped;
        }
    }
    if (!patch) {
        return {
            ...roughCounts(before, after),
            note: `no diff: too many changes to compute one cheaply; ${ROUGH}`,
        };
    }
    let added = 0;
    let removed = 0;
    for (const h of patch.hunks) {
        for (const l of h.lines) {
            if (l[0] === "+")
                added++;
            else if (l[0] === "-")
                removed++;
        }
    }
    return { added, removed, diff: (0,create/* formatPatch */.Gu)(patch, create/* FILE_HEADERS_ONLY */.jr) };
}
const ROUGH = "+/- counted by matching lines";
/** Characters compared at a time when looking for the shared start and end. */
const BLOCK = 4096;
/** Lines of context around each hunk, as git shows them. */
const CONTEXT = 3;
/**
 * `before` and `after` without the whole lines they share at the start and at the end, except the last
 * (first) `keep` of each, which a hunk shows as context; `skipped`: the lines cut at the start.
 */
function trimCommonLines(before, after, keep) {
    const n = Math.min(before.length, after.length);
    // Block by block first (a slice compare is a memcmp), then char by char in the block that differs.
    let p = 0;
    while (p + BLOCK <= n && before.slice(p, p + BLOCK) === after.slice(p, p + BLOCK))
        p += BLOCK;
    while (p < n && before.charCodeAt(p) === after.charCodeAt(p))
        p++;
    // Back to the start of the line the difference is on (a shared prefix ends after a newline).
    let start = p === before.length && p === after.length ? p : before.lastIndexOf("\n", p - 1) + 1;
    // Keep `keep` lines of it.
    for (let k = 0; k < keep && start > 0; k++)
        start = start === 1 ? 0 : before.lastIndexOf("\n", start - 2) + 1;
    let skipped = 0;
    for (let i = before.indexOf("\n"); i >= 0 && i < start; i = before.indexOf("\n", i + 1))
        skipped++;
    // The shared end, not reaching into the shared start: whole lines only, the last one included (a
    // last line without a newline differs from one with it, and both sides end alike here).
    let s = 0;
    const room = n - start;
    const tail = (text, from) => text.slice(text.length - from - BLOCK, text.length - from);
    while (s + BLOCK <= room && tail(before, s) === tail(after, s))
        s += BLOCK;
    while (s < room && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s))
        s++;
    // The shared end starts right after a newline on both sides (or at the start).
    let endB = before.length - s;
    let endA = after.length - s;
    const lineStart = (text, at) => at === 0 || text.charCodeAt(at - 1) === 10;
    while (endB < before.length && !(lineStart(before, endB) && lineStart(after, endA))) {
        endB++;
        endA++;
    }
    for (let k = 0; k < keep && endB < before.length; k++) {
        const nl = before.indexOf("\n", endB);
        const step = (nl < 0 ? before.length : nl + 1) - endB;
        endB += step;
        endA += step;
    }
    return { before: before.slice(start, endB), after: after.slice(start, endA), skipped };
}
/**
 * Counts without a diff, linear in the input: lines of `after` with no unmatched equal line in `before`
 * are added, the unmatched rest of `before` removed. Equals a diff's counts unless lines moved.
 */
function roughCounts(before, after) {
    const left = new Map();
    forEachLine(before, (l) => left.set(l, (left.get(l) ?? 0) + 1));
    let added = 0;
    forEachLine(after, (l) => {
        const n = left.get(l);
        if (n)
            left.set(l, n - 1);
        else
            added++;
    });
    let removed = 0;
    for (const n of left.values())
        removed += n;
    return { added, removed };
}
/** Lines as a diff sees them: a last line without a newline is a line, and differs from one with. */
function forEachLine(text, fn) {
    let start = 0;
    while (start < text.length) {
        const nl = text.indexOf("\n", start);
        const end = nl < 0 ? text.length : nl + 1;
        fn(text.slice(start, end));
        start = end;
    }
}
function countLines(text) {
    let n = 0;
    let i = text.indexOf("\n");
    while (i >= 0) {
        n++;
        i = text.indexOf("\n", i + 1);
    }
    return text.length > 0 && !text.endsWith("\n") ? n + 1 : n;
}
function largeNote(c) {
    return c.bytes !== undefined ? `too large to compare (${(0,format/* formatBytes */.z3)(c.bytes)})` : "too large to compare";
}
/** Notes can carry the agent's paths: kept whole enough here that the report redacts before it cuts. */
function cap(s) {
    return s.length > 64 * 1024 ? s.slice(0, 64 * 1024) : s;
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/model/paths.ts
var paths = __webpack_require__(1933);
;// CONCATENATED MODULE: ./src/changes/locate.ts
/**
 * The agent's paths as workspace paths, and one key per file whatever spelling named it. Paths are related
 * to the run's root (the init `cwd`, else the workspace), in the agent's OS style: a transcript from
 * `D:\Repo` still maps to workspace paths. When the root is a local directory nested with the workspace,
 * paths are re-related to the workspace. Strings only: nothing here touches the disk.
 */


class Locator {
    workspace;
    platform;
    /** The directory the agent's paths are relative to: the init `cwd` once the agent said it. */
    root;
    constructor(workspace, 
    /** `process.platform`, passed in: Windows folds case. */
    platform) {
        this.workspace = workspace;
        this.platform = platform;
        this.root = workspace;
    }
    locate(p) {
        if (p === "" || p.includes("\0"))
            return undefined;
        const root = this.root || this.workspace;
        let rel = (0,paths/* relatePath */.zm)(p, root);
        if (root !== this.workspace && this.nested(root) && !this.isForeign(p)) {
            rel = (0,paths/* relatePath */.zm)(external_node_path_default().resolve(root, p), this.workspace);
        }
        if (rel.inside && (rel.display === "." || rel.display === ""))
            return undefined;
        const key = `${rel.inside ? "in" : "out"}:${this.fold() ? rel.display.toLowerCase() : rel.display}`;
        return { key, path: rel.display, inside: rel.inside, repoData: (0,paths/* isRepoData */.Ld)(rel.display) };
    }
    /** The last root asked about, and whether it is a local directory nested with the workspace. */
    nestedRoot;
    /** Asked for every path of every call: the answer only changes with the root (path.relative is not free). */
    nested(root) {
        if (this.nestedRoot?.root !== root) {
            const nested = this.isLocalDir(root) && (within(this.workspace, root) || within(root, this.workspace));
            this.nestedRoot = { root, nested };
        }
        return this.nestedRoot.nested;
    }
    /** Git's workspace-relative path under the same key as a tool call's path. */
    gitKey(p) {
        return `in:${this.fold() ? p.toLowerCase() : p}`;
    }
    fold() {
        return (0,paths/* isWindowsPath */.NU)(this.root || this.workspace) || this.platform === "win32";
    }
    /** A directory path of this machine's OS (not a foreign transcript's `D:\…` on Linux). */
    isLocalDir(p) {
        return external_node_path_default().isAbsolute(p) && (this.platform === "win32" || !(0,paths/* isWindowsPath */.NU)(p));
    }
    isForeign(p) {
        return this.platform !== "win32" && (0,paths/* isWindowsPath */.NU)(p);
    }
}
function within(dir, p) {
    const rel = external_node_path_default().relative(dir, p);
    return rel === "" || (rel !== ".." && !rel.startsWith(`..${(external_node_path_default()).sep}`) && !external_node_path_default().isAbsolute(rel));
}

;// CONCATENATED MODULE: ./src/changes/prefetch.ts
/** How long file paths are collected before one batch of lookups is asked for. */
const PREFETCH_BATCH_MS = 500;
class Prefetcher {
    git;
    /** Lookups asked for during the run, by workspace path. */
    asked = new Map();
    waiting = [];
    waitingSet = new Set();
    timer;
    constructor(git) {
        this.git = git;
    }
    want(path) {
        const git = this.git;
        if (!git?.heads || this.asked.has(path) || this.waitingSet.has(path))
            return;
        this.waiting.push(path);
        this.waitingSet.add(path);
        this.timer ??= setTimeout(() => {
            this.timer = undefined;
            const batch = this.waiting;
            this.waiting = [];
            this.waitingSet.clear();
            const fetched = git.heads(batch).catch(() => undefined);
            for (const p of batch)
                this.asked.set(p, fetched.then((m) => m?.get(p)));
        }, PREFETCH_BATCH_MS).unref();
    }
    /** The run is over: paths still waiting for their batch's timer are left to the caller. */
    stop() {
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = undefined;
        this.waiting = [];
        this.waitingSet.clear();
    }
    /** What was asked for `path` during the run, if anything. */
    early(path) {
        return this.asked.get(path);
    }
}

// EXTERNAL MODULE: ./src/tools/index.ts + 8 modules
var tools = __webpack_require__(8810);
;// CONCATENATED MODULE: ./src/changes/recorder.ts


/** Longest text kept per file side (chars); a longer one keeps only its size and line count. */
const MAX_KEPT_CHARS = 8 * 1024 * 1024;
/**
 * All texts kept across files (chars): past it, new texts keep only their size and line count. With the
 * workspace at hand ({@link KEEP_WITH_WORKSPACE}) low, so that memory does not grow with the number of
 * files changed (2,000 files × 3,000 lines are 240 MB a side): the end of the run reads what was let go
 * from the working tree and HEAD. For a saved transcript the events are all there is: room for two files
 * of 8 MiB a side.
 */
const KEEP_WITH_WORKSPACE = 8 * 1024 * 1024;
const KEEP_EVENTS_ONLY = 32 * 1024 * 1024;
/** Of which full reads may take this much. */
const MAX_READ_KEPT_CHARS = 4 * 1024 * 1024;
/** Edits waiting to be replayed per file: past it, the file's content is taken from the working tree. */
const MAX_PENDING = 500;
class Recorder {
    locator;
    firstChange;
    maxTotalChars;
    /** Changed files by key. */
    files = new Map();
    /** Paths a file-changing call named without succeeding (it may still have changed them). */
    attempted = new Set();
    /** Texts past the caps, kept as counts only. */
    dropped = 0;
    /** Full reads of files not (yet) changed: candidates for a baseline. */
    reads = new Map();
    keptChars = 0;
    readChars = 0;
    constructor(locator, 
    /** Told the workspace path of each file when it first changes (to fetch its HEAD content early). */
    firstChange, 
    /** {@link KEEP_WITH_WORKSPACE} or {@link KEEP_EVENTS_ONLY}. */
    maxTotalChars = KEEP_EVENTS_ONLY) {
        this.locator = locator;
        this.firstChange = firstChange;
        this.maxTotalChars = maxTotalChars;
    }
    /** Feed every model update. Non-tool updates return at once. */
    onUpdate(u) {
        if (u.type === "init") {
            if (u.session.cwd)
                this.locator.root = u.session.cwd;
            return;
        }
        if (u.type !== "tool-end" && u.type !== "tool-start")
            return;
        try {
            // A started call may change a file and never report (the run was stopped): remember its path, so a
            // change on disk there is not blamed on a command. Success forgets it again.
            if (u.type === "tool-start" || u.call.status !== "succeeded") {
                const key = this.keyOfNamed(u.tool);
                if (key)
                    this.attempted.add(key);
                return;
            }
            if (this.attempted.size > 0) {
                const key = this.keyOfNamed(u.tool);
                if (key)
                    this.attempted.delete(key);
            }
            for (const op of (0,tools/* fileOps */.tg)(u.tool))
                this.apply(op);
        }
        catch {
            // A payload we misread must not take the run down; the git cross-check still sees the disk.
        }
    }
    keyOfNamed(tool) {
        const named = (0,tools/* changedPath */.ML)(tool);
        return named ? this.locator.locate(named)?.key : undefined;
    }
    apply(op) {
        const loc = this.locator.locate(op.path);
        if (!loc)
            return;
        if (loc.repoData)
            return this.touchRepoData(loc);
        if (op.kind === "read") {
            // Only a read before any change says what the file was; outside files are never a baseline we need.
            if (loc.inside && !this.files.has(loc.key) && !this.reads.has(loc.key)) {
                if (this.readChars + op.text.length > MAX_READ_KEPT_CHARS)
                    return;
                const c = this.keep(op.text);
                if (c.kind === "text")
                    this.readChars += c.text.length;
                this.reads.set(loc.key, c);
            }
            return;
        }
        let s = this.files.get(loc.key);
        const first = s === undefined;
        if (!s) {
            if (loc.inside)
                this.firstChange(loc.path);
            s = { path: loc.path, inside: loc.inside, repoData: false, pending: [], edits: 0 };
            const read = this.reads.get(loc.key);
            if (read) {
                s.read = read;
                this.reads.delete(loc.key);
            }
            this.files.set(loc.key, s);
        }
        s.edits++;
        this.attempted.delete(loc.key);
        switch (op.kind) {
            case "set":
                if (first && op.before !== undefined) {
                    s.before = op.before === null ? { kind: "absent" } : this.keep(op.before);
                    s.beforeInferred = op.before === null;
                }
                this.setFinal(s, op.after === undefined ? { kind: "unknown", why: op.why } : this.keep(op.after));
                return;
            case "delete":
                if (first && op.before !== undefined)
                    s.before = this.keep(op.before);
                this.setFinal(s, { kind: "absent" });
                return;
            default:
                // Replayed at the end, on content that may only be known then (HEAD).
                if (s.final?.kind === "unknown")
                    return;
                if (s.pending.length >= MAX_PENDING) {
                    this.setFinal(s, { kind: "unknown", why: "too many edits to replay" });
                    return;
                }
                s.pending.push(op);
                this.keptChars += pendingSize(op);
        }
    }
    /** A change under `.git/`: counted, its content dropped on the spot. */
    touchRepoData(loc) {
        let s = this.files.get(loc.key);
        if (!s) {
            s = { path: loc.path, inside: loc.inside, repoData: true, pending: [], edits: 0 };
            this.files.set(loc.key, s);
        }
        s.edits++;
        this.attempted.delete(loc.key);
    }
    setFinal(s, c) {
        this.release(s.final);
        for (const op of s.pending)
            this.keptChars -= pendingSize(op);
        s.final = c;
        s.pending = [];
        // The first change's own before-content beats a read: the read is no longer needed.
        if (s.before && !s.beforeInferred && s.read) {
            this.release(s.read);
            s.read = undefined;
        }
    }
    /**
     * Keeps `text` within the caps; past them, only its size and line count (linear, once): the end of the
     * run reads such a file from the working tree, one batch at a time, instead of holding every file here.
     */
    keep(text) {
        if (text.length > MAX_KEPT_CHARS || this.keptChars + text.length > this.maxTotalChars) {
            this.dropped++;
            return { kind: "large", lines: countLines(text), bytes: Buffer.byteLength(text), dropped: true };
        }
        this.keptChars += text.length;
        return { kind: "text", text };
    }
    release(c) {
        if (c?.kind === "text")
            this.keptChars -= c.text.length;
    }
}
function pendingSize(op) {
    switch (op.kind) {
        case "patch":
            return op.chunks.reduce((n, c) => n + c.oldLines.length + c.newLines.length, 0) * 40;
        case "unified":
            return op.diff.length;
        case "replace":
            return op.old.length + op.new.length;
    }
}

// EXTERNAL MODULE: ./src/base/limits.ts
var limits = __webpack_require__(8369);
;// CONCATENATED MODULE: ./src/changes/budget.ts
/**
 * The end of the run's time: one budget for the whole change summary, and every git call bounded by
 * what is left of it. A git that hangs (a huge repository, a lock, a network file system) must not hold
 * the run's end: past the budget a call gives its fallback instead, and never throws.
 */
/** A budget of `budgetMs` from now. */
function startBudget(budgetMs, now) {
    const started = now();
    const timeLeft = () => budgetMs - (now() - started);
    return { timeLeft, ask: (f, fallback) => guarded(f, fallback, timeLeft()) };
}
async function guarded(f, fallback, ms) {
    if (ms <= 0)
        return fallback;
    let timer;
    try {
        return await Promise.race([
            f().catch(() => fallback),
            new Promise((resolve) => {
                timer = setTimeout(() => resolve(fallback), ms);
            }),
        ]);
    }
    catch {
        return fallback;
    }
    finally {
        clearTimeout(timer);
    }
}

;// CONCATENATED MODULE: ./src/changes/notes.ts
/**
 * Notes: the run's remarks on the change summary (capped: an agent that touches a million files must not
 * make a million-line report), a file's remarks joined into one, and the order files are listed in.
 */
/** Run-level notes kept; later ones are dropped. */
const MAX_NOTES = 50;
/** The run's notes, at most {@link MAX_NOTES}. */
class RunNotes {
    list = [];
    add = (n) => {
        if (this.list.length < MAX_NOTES)
            this.list.push(n);
    };
}
function joinNotes(...notes) {
    const n = notes.filter((x) => !!x);
    return n.length ? n.join("; ") : undefined;
}
/** Paths by UTF-16 code unit, not by locale: the same order on every runner. */
function cmp(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

// EXTERNAL MODULE: ./node_modules/diff/libesm/patch/apply.js + 4 modules
var apply = __webpack_require__(5281);
// EXTERNAL MODULE: ./src/tools/patch.ts
var patch = __webpack_require__(3709);
;// CONCATENATED MODULE: ./src/changes/replay.ts
/**
 * A file's net content from what the events said: its baseline, its last full content, and the edits
 * since, replayed strictly (an edit that does not fit leaves the content unknown, never guessed).
 */


/** The baseline the events give: the first change's before-content, an earlier full read, an inferred new file. */
function eventBaseline(s) {
    if (s.before && !s.beforeInferred)
        return [s.before, "before"];
    if (s.read)
        return [s.read, "read"];
    if (s.before)
        return [s.before, "before"];
    return [{ kind: "unknown" }, "unknown"];
}
/**
 * The final content: the last full content (or the baseline), with pending edits replayed on it. Each
 * edit copies the whole text (up to 8 MiB, 500 edits a file): `outOfTime` is asked before each one, so
 * the end of the run keeps to its budget whatever the agent sent.
 */
function replayEdits(s, base, outOfTime = () => false) {
    let cur = s.final ?? base;
    for (const op of s.pending) {
        if (outOfTime())
            return { kind: "unknown", why: "the time for replaying its edits ran out" };
        if (cur.kind !== "text") {
            return { kind: "unknown", why: "an edit could not be replayed: the content before it is unknown" };
        }
        const next = applyPending(cur.text, op);
        if (next === undefined)
            return { kind: "unknown", why: "an edit could not be replayed on the known content" };
        cur = { kind: "text", text: next };
    }
    return cur;
}
function applyPending(text, op) {
    switch (op.kind) {
        case "patch":
            return (0,patch/* applyChunks */.Tb)(text, op.chunks);
        case "unified":
            try {
                const r = (0,apply/* applyPatch */.X)(text, op.diff);
                return r === false ? undefined : r;
            }
            catch {
                return undefined;
            }
        case "replace": {
            if (op.old === "")
                return undefined;
            const at = text.indexOf(op.old);
            if (at < 0)
                return undefined;
            if (op.all)
                return text.split(op.old).join(op.new);
            return text.slice(0, at) + op.new + text.slice(at + op.old.length);
        }
    }
}

;// CONCATENATED MODULE: ./src/changes/file-change.ts




/** A file inside the workspace. */
async function insideChange(s, src) {
    const { budget } = src;
    const [base, label] = (await headBaseline(s, src)) ?? eventBaseline(s);
    const { final, fromDisk, extra } = await finalContent(s, base, src);
    const approximate = (base.kind === "large" && base.dropped === true) || (final.kind === "large" && final.dropped === true);
    let mismatch = false;
    if (src.repo && !fromDisk && final.kind !== "unknown" && budget.timeLeft() > 0) {
        const r = await src.disk(s);
        const d = r ? fromRead(r) : undefined;
        if (d && sameContent(d, final) === false) {
            mismatch = true;
            extra.push(sameContent(d, base) === true
                ? "unchanged on disk: the working tree does not have the change the tool calls reported"
                : "the working tree differs from what the tool calls reported");
        }
    }
    const d = describeChange(s.path, base, final, src.limits, budget.timeLeft());
    if (!d) {
        // Back to its start per the tool calls, yet changed on disk: a `shell` change.
        if (mismatch)
            return { explained: false, approximate };
        const note = s.edits > 0 ? `${s.path}: changed, then back to its original content (no net change).` : undefined;
        return { explained: true, approximate, note };
    }
    const ch = { path: s.path, ...d, baseline: label, editCount: s.edits };
    if (ch.diff === undefined)
        delete ch.diff;
    const n = joinNotes(d.note, ...extra);
    if (n)
        ch.note = n;
    else
        delete ch.note;
    if (mismatch)
        ch.mismatchOnDisk = true;
    return { change: ch, explained: true, approximate };
}
/** The file at HEAD, when git can say within the budget. */
async function headBaseline(s, src) {
    if (!src.repo || src.budget.timeLeft() <= 0)
        return undefined;
    const h = src.heads?.get(s.path);
    const r = h?.kind === "blob"
        ? src.blobs.get(h.oid)
        : (h ?? (await src.budget.ask(() => src.git.show(s.path, MAX_KEPT_CHARS), undefined)));
    const base = r ? fromRead(r) : undefined;
    return base ? [base, "git"] : undefined;
}
/** The edits replayed on the baseline; the working tree's content where the events do not say. */
async function finalContent(s, base, src) {
    const timeLeft = src.budget.timeLeft;
    const final = replayEdits(s, base, () => timeLeft() <= 0);
    const extra = [];
    // Content the recorder let go (its memory cap) is the working tree's: the same text, read now.
    const dropped = final.kind === "large" && final.dropped === true;
    if ((final.kind !== "unknown" && !dropped) || timeLeft() <= 0)
        return { final, fromDisk: false, extra };
    // The events do not say what the file became: the working tree does (inside the workspace only).
    const r = await src.disk(s);
    const d = r ? fromRead(r) : undefined;
    const why = final.kind === "unknown" ? final.why : undefined;
    if (d && (d.kind !== "absent" || src.repo)) {
        if (!dropped)
            extra.push(`${why || "the tool calls do not say its final content"}; taken from the working tree`);
        return { final: d, fromDisk: true, extra };
    }
    if (r?.kind === "absent" && !dropped) {
        const unknown = {
            kind: "unknown",
            why: `${why || "its final content is unknown"}; not found in the workspace`,
        };
        return { final: unknown, fromDisk: false, extra };
    }
    return { final, fromDisk: false, extra };
}
/** A file under `.git/`: listed, because the agent changing it matters; nothing of it is read or shown. */
function repoDataChange(s) {
    return {
        path: s.path,
        status: s.inside ? "modified" : "outside",
        added: 0,
        removed: 0,
        note: "the repository's own data (under .git/, where credentials live): not read, not shown",
        baseline: "unknown",
        editCount: s.edits,
    };
}
/** A file outside the workspace: counts from the events alone; never read, no diff shown. */
function outsideChange(s, limits, timeLeft) {
    const [base, label] = eventBaseline(s);
    const final = replayEdits(s, base, () => timeLeft() <= 0);
    const d = describeChange(s.path, base, final, limits, timeLeft());
    if (!d)
        return undefined;
    return {
        path: s.path,
        status: "outside",
        added: d.added,
        removed: d.removed,
        note: joinNotes(`outside the workspace (${d.status}): not read, not part of the repository`, d.note),
        baseline: label,
        editCount: s.edits,
    };
}
function fromRead(r) {
    switch (r.kind) {
        case "text":
            return { kind: "text", text: r.text };
        case "absent":
            return { kind: "absent" };
        case "too-large":
            return { kind: "large", bytes: r.bytes };
        case "binary":
            return { kind: "binary" };
        case "refused":
            return undefined;
    }
}
/** Equal, different, or undefined when it cannot be told (content not kept on one side). */
function sameContent(a, b) {
    if (a.kind === "text" && b.kind === "text")
        return a.text === b.text;
    if (a.kind === "absent" || b.kind === "absent")
        return a.kind === b.kind;
    return undefined;
}

;// CONCATENATED MODULE: ./src/changes/head-batches.ts

/** Files per batch at the end of the run, and HEAD blob bytes per batch (memory holds one batch). */
const BATCH_FILES = 128;
const BATCH_BYTES = 2 * 1024 * 1024;
/** Where each changed file is at HEAD: looked up during the run, and the rest now in one batch. */
async function headEntries(git, prefetcher, paths, ask) {
    if (!git.heads || paths.length === 0)
        return undefined;
    const out = new Map();
    // Paths still waiting for their batch's timer are simply asked for with the rest, now.
    prefetcher.stop();
    const rest = [];
    for (const p of paths) {
        const early = prefetcher.early(p);
        const r = early ? await ask(() => early, undefined) : undefined;
        if (r)
            out.set(p, r);
        else
            rest.push(p);
    }
    if (rest.length > 0) {
        const more = await ask(() => git.heads(rest), undefined);
        for (const [p, r] of more ?? [])
            out.set(p, r);
    }
    return out;
}
/** The files in order, cut into batches of at most {@link BATCH_FILES} files and {@link BATCH_BYTES} of HEAD blobs. */
function* batches(states, heads) {
    let batch = [];
    let bytes = 0;
    for (const entry of states) {
        const h = heads?.get(entry[1].path);
        const size = h?.kind === "blob" && h.size <= MAX_KEPT_CHARS ? h.size : 0;
        if (batch.length > 0 && (batch.length >= BATCH_FILES || bytes + size > BATCH_BYTES)) {
            yield batch;
            batch = [];
            bytes = 0;
        }
        batch.push(entry);
        bytes += size;
    }
    if (batch.length > 0)
        yield batch;
}
/** The HEAD blobs of a batch's files, by id, in one git process. */
async function batchBlobs(batch, heads, git, ask) {
    const refs = [];
    for (const [, s] of batch) {
        const h = heads?.get(s.path);
        if (h?.kind === "blob")
            refs.push(h);
    }
    if (refs.length === 0 || !git.blobs)
        return new Map();
    return (await ask(() => git.blobs(refs, MAX_KEPT_CHARS), undefined)) ?? new Map();
}

// EXTERNAL MODULE: ./src/changes/snapshot.ts
var snapshot = __webpack_require__(7493);
;// CONCATENATED MODULE: ./src/changes/shell-changes.ts
/**
 * Working-tree changes that no successful file tool call explains: what commands (`sed -i`, a generator,
 * a formatter) changed, as git sees it, less what was already changed before the agent started.
 */




/** Files changed by commands listed one by one; the rest are summed in a note. */
const MAX_SHELL_LISTED = 300;
/** Working-tree changes no successful file tool call explains: commands, generators, earlier edits. */
async function shellChanges(input, explained, ask, note, statusP, numstatP) {
    const { git, locator, before, recorder } = input;
    const status = await statusP;
    if (status.length === 0)
        return { files: [], added: 0, removed: 0 };
    const numstat = new Map();
    for (const n of await numstatP)
        numstat.set(locator.gitKey(n.path), n);
    let unchangedSinceBefore = 0;
    const out = [];
    let unlisted = 0;
    let unlistedAdded = 0;
    let unlistedRemoved = 0;
    for (const e of [...status].sort((a, b) => cmp(a.path, b.path))) {
        const key = locator.gitKey(e.path);
        if (explained.has(key))
            continue;
        if (before?.has(e.path) &&
            before.get(e.path) === (await (0,snapshot/* entrySignature */.j)(input.workspace, e.code, e.path))) {
            unchangedSinceBefore++;
            continue;
        }
        const n = numstat.get(key);
        if (out.length >= MAX_SHELL_LISTED) {
            unlisted++;
            unlistedAdded += n?.added ?? 0;
            unlistedRemoved += n?.removed ?? 0;
            continue;
        }
        const isNew = e.code === "??" || e.code[0] === "A";
        const isDeleted = e.code.includes("D");
        const what = isNew ? "a new file" : isDeleted ? "deleted" : "modified";
        const notes = [`${what}, changed by no file tool call (a command, or already changed before the run)`];
        if (recorder.attempted.has(key))
            notes.push("a file tool call on it did not report success");
        let added = n?.added ?? 0;
        const removed = n?.removed ?? 0;
        if (n?.binary)
            notes.push("binary file");
        else if (!n && isNew) {
            // Untracked: git has no counts for it; its lines are all added.
            const r = await ask(() => git.read(e.path, MAX_KEPT_CHARS), undefined);
            if (r?.kind === "text")
                added = countLines(r.text);
            else if (r?.kind === "binary")
                notes.push("binary file");
            else if (r?.kind === "too-large")
                notes.push("too large to count");
            else if (r?.kind === "refused")
                notes.push(`not read: ${r.reason}`);
        }
        out.push({
            path: e.path,
            status: "shell",
            added,
            removed,
            note: joinNotes(...notes),
            baseline: "git",
            editCount: 0,
        });
    }
    if (unchangedSinceBefore > 0) {
        note(`${unchangedSinceBefore} file(s) already changed before the agent started are not counted as its changes.`);
    }
    if (unlisted > 0) {
        note(`${unlisted} more file(s) changed by commands are not listed; their counts (+${unlistedAdded} −${unlistedRemoved}, tracked files only) are in the totals.`);
    }
    return { files: out, added: unlistedAdded, removed: unlistedRemoved };
}

;// CONCATENATED MODULE: ./src/changes/summary.ts
/**
 * The end of the run: one net change per file. Baselines come from git's HEAD when it can give them, else
 * from the events; what could not be applied during the run is replayed; each file is diffed and
 * cross-checked against the working tree (file-change.ts); then the working tree's other changes are
 * listed as the work of commands (shell-changes.ts). Runs only after the agent's process group is gone.
 *
 * Trust boundary: paths are the agent's. A path outside the workspace is listed as `outside` and never
 * read; paths inside are read only through the {@link GitReader}, which refuses anything that leaves it.
 * Time: every git call is bounded by what is left of the budget; past it, files get event-based baselines
 * and no diff, and a note says so.
 */







async function summarize(input) {
    const { git } = input;
    const budget = startBudget(input.budgetMs, input.now);
    const { ask } = budget;
    const notes = new RunNotes();
    const repo = await ask(() => git.isRepo(), false);
    // The working tree's status and counts are asked for now, in parallel with the lookups below: git
    // processes one after another were most of the end of a run (BENCHMARKS.md).
    const statusP = repo ? ask(() => git.status(), []) : Promise.resolve([]);
    const numstatP = repo ? ask(() => git.numstat(), []) : Promise.resolve([]);
    const tools = await toolChanges(input, repo, budget, notes);
    const shell = repo
        ? await shellChanges(input, tools.explained, ask, notes.add, statusP, numstatP)
        : { files: [], added: 0, removed: 0 };
    if (tools.approximate > 0) {
        notes.add(`${tools.approximate} file content(s) were too large to keep in memory: their counts are approximate.`);
    }
    const files = [...tools.inside, ...tools.outside, ...shell.files];
    // Files changed by commands past the listing cap still count.
    let added = shell.added;
    let removed = shell.removed;
    for (const f of files) {
        if (f.status === "outside")
            continue;
        added += f.added;
        removed += f.removed;
    }
    return { files, added, removed, notes: notes.list };
}
/** Every file the tool calls changed, a batch at a time. */
async function toolChanges(input, repo, budget, notes) {
    const { recorder, git, limits } = input;
    const { ask, timeLeft } = budget;
    const out = { inside: [], outside: [], explained: new Set(), approximate: 0 };
    const states = [...recorder.files.entries()].sort((a, b) => cmp(a[1].path, b[1].path));
    const insidePaths = states.filter(([, s]) => s.inside && !s.repoData).map(([, s]) => s.path);
    const heads = repo ? await headEntries(git, input.prefetcher, insidePaths, ask) : undefined;
    const diffs = { chars: 0, dropped: 0 };
    let budgetNoted = false;
    // Files go a batch at a time: the batch's HEAD blobs in one git process and its working-tree files
    // read in parallel, then each is replayed, diffed and let go. Memory holds one batch, not the run.
    const read = (s) => ask(() => git.read(s.path, MAX_KEPT_CHARS), undefined);
    /** A batch's reads, started: its HEAD blobs (one git process) and its working-tree files. */
    const load = (batch) => {
        const disks = new Map();
        if (repo && timeLeft() > 0) {
            for (const [, s] of batch)
                if (s.inside && !s.repoData)
                    disks.set(s.path, read(s));
        }
        return { batch, blobs: batchBlobs(batch, heads, git, ask), disks };
    };
    const pending = batches(states, heads);
    const first = pending.next();
    let next = first.done ? undefined : load(first.value);
    while (next) {
        // The next batch is read while this one is diffed: git and the disk work while we compute.
        const { batch, disks } = next;
        const src = {
            repo,
            git,
            limits,
            budget,
            heads,
            blobs: await next.blobs,
            disk: (s) => disks.get(s.path) ?? read(s),
        };
        const after = pending.next();
        next = after.done ? undefined : load(after.value);
        for (const [key, s] of batch) {
            if (s.repoData) {
                out.explained.add(key);
                (s.inside ? out.inside : out.outside).push(repoDataChange(s));
                continue;
            }
            if (!s.inside) {
                const ch = outsideChange(s, limits, timeLeft);
                if (ch)
                    out.outside.push(ch);
                continue;
            }
            if (timeLeft() <= 0 && !budgetNoted) {
                budgetNoted = true;
                notes.add("The time for the change summary ran out: later files have no git baseline and no diff.");
            }
            const r = await insideChange(s, src);
            if (r.approximate)
                out.approximate++;
            if (r.explained)
                out.explained.add(key);
            if (r.note)
                notes.add(r.note);
            if (r.change)
                out.inside.push(capDiff(r.change, diffs));
        }
    }
    if (diffs.dropped > 0) {
        notes.add(`The diffs of ${diffs.dropped} file(s) are not shown: they are past what a report can hold (their line counts are exact).`);
    }
    return out;
}
/** Diffs past what any report can show are not kept: their counts are. */
function capDiff(ch, diffs) {
    if (ch.diff === undefined)
        return ch;
    if (diffs.chars + ch.diff.length > limits/* CHANGE_SUMMARY_DIFF_CHARS */.at) {
        delete ch.diff;
        diffs.dropped++;
    }
    else
        diffs.chars += ch.diff.length;
    return ch;
}

;// CONCATENATED MODULE: ./src/changes/tracker.ts
/**
 * The change tracker: from the run's tool calls to one net change per file. It wires the jobs together:
 * the hot-path {@link Recorder} (during the run), the {@link Prefetcher} (HEAD contents in the background),
 * and {@link summarize} (at the end). The clock, the platform and the git reader are passed in.
 */





/** The whole of {@link ChangeTracker.finish}, by default. */
const DEFAULT_BUDGET_MS = 60_000;
class ChangeTracker {
    opts;
    locator;
    prefetcher;
    recorder;
    constructor(opts) {
        this.opts = opts;
        this.locator = new Locator(opts.workspace, opts.platform ?? process.platform);
        this.prefetcher = new Prefetcher(opts.prefetch);
        // With a workspace to read at the end, contents past a low cap are let go (memory stays flat).
        this.recorder = new Recorder(this.locator, (p) => this.prefetcher.want(p), opts.prefetch ? KEEP_WITH_WORKSPACE : KEEP_EVENTS_ONLY);
    }
    /** Feed every model update (on the hot path: nothing is read or diffed here). */
    onUpdate = (u) => this.recorder.onUpdate(u);
    /** Files changed so far, by the tool calls' account (for the progress comment). */
    changedSoFar() {
        return this.recorder.files.size;
    }
    /** At the end: baselines from git, diffs, the cross-check against the working tree. Never throws. */
    async finish(opts) {
        try {
            return await summarize({
                recorder: this.recorder,
                prefetcher: this.prefetcher,
                locator: this.locator,
                workspace: this.opts.workspace,
                git: opts.git,
                limits: { ...DEFAULT_LIMITS, maxFileBytes: opts.maxFileBytes ?? DEFAULT_LIMITS.maxFileBytes },
                budgetMs: opts.budgetMs ?? DEFAULT_BUDGET_MS,
                now: this.opts.now ?? Date.now,
                before: opts.before,
            });
        }
        catch (e) {
            return {
                files: [],
                added: 0,
                removed: 0,
                notes: [`The change summary could not be made: ${e?.message ?? String(e)}`],
            };
        }
    }
}

;// CONCATENATED MODULE: ./src/model/segments.ts
/**
 * The agent's text as segments: each shown once, whether it arrived whole or as token deltas followed by
 * the CLI's repeat of the whole segment (docs/stream-format.md "Partial output").
 */

/** The longest text of a segment kept to recognise its repeat (longer ones compare by length). */
const LAST_SEGMENT_KEPT = 64 * 1024;
/** Kept past the cut, for the report to drop after redaction (no secret is cut in half). */
const SEGMENT_SECRET_MARGIN = limits/* SECRET_MARGIN */.YZ;
const SEGMENT_PREFIX_KEPT = LAST_SEGMENT_KEPT + SEGMENT_SECRET_MARGIN;
class Segments {
    emit;
    counted;
    /** The last segment of assistant text (capped), and whether it was cut. */
    last = "";
    lastCut = false;
    /** The segment being streamed as deltas: its length and (capped) text. */
    current = { length: 0, prefix: "" };
    /** A streamed segment closed by a tool call or the result before its repeat arrived. */
    closedUnrepeated;
    constructor(emit, counted) {
        this.emit = emit;
        this.counted = counted;
    }
    /**
     * Partial output (docs/stream-format.md "Partial output"): each token is an `assistant` event with `timestamp_ms` and no
     * `model_call_id`; before a tool call the whole segment is repeated once with `model_call_id`, and the
     * final segment is repeated with neither field. Without partial output, each event is a whole segment.
     */
    onAssistant(e) {
        const isDelta = e.alternate === true || (e.modelCallId === undefined && e.timestampMs !== undefined);
        if (isDelta) {
            if (e.text === "")
                return;
            this.closedUnrepeated = undefined;
            const c = this.current;
            if (c.prefix.length < SEGMENT_PREFIX_KEPT)
                c.prefix += e.text.slice(0, SEGMENT_PREFIX_KEPT - c.prefix.length);
            c.length += e.text.length;
            this.emit({ type: "text-delta", text: e.text });
            return;
        }
        if (this.current.length > 0) {
            const repeat = sameText(this.current, e.text);
            this.closeSegment();
            // Not the repeat we expected: the deltas were a segment of their own, and this is another.
            if (!repeat)
                this.wholeSegment(e.text);
            return;
        }
        const closed = this.closedUnrepeated;
        this.closedUnrepeated = undefined;
        if (closed && sameText(closed, e.text))
            return; // the late repeat of a segment already closed
        this.wholeSegment(e.text);
    }
    wholeSegment(text) {
        if (text === "")
            return;
        this.countSegment(text);
        this.emit({ type: "segment", text, streamed: false });
    }
    closeSegment() {
        const c = this.current;
        this.current = { length: 0, prefix: "" };
        this.countSegment(c.prefix, c.length);
        this.emit({ type: "segment", text: c.prefix, streamed: true });
    }
    /** A tool call or the result arrived before the segment's repeat: close it, and drop the repeat later. */
    closeImplicitly() {
        if (this.current.length === 0)
            return;
        const c = this.current;
        this.closeSegment();
        this.closedUnrepeated = c;
    }
    countSegment(text, length = text.length) {
        this.counted();
        const keep = LAST_SEGMENT_KEPT + SEGMENT_SECRET_MARGIN;
        this.lastCut = length > keep || length > text.length;
        this.last = this.lastCut ? text.slice(0, keep) : text;
    }
}
function sameText(kept, text) {
    return text.length === kept.length && text.startsWith(kept.prefix);
}

;// CONCATENATED MODULE: ./src/model/run-model.ts



/** Calls kept in full for the report, in the order they started. */
const LISTED_CALLS = 300;
/** Calls past those that did not succeed, also kept: a failure is what a reader looks for. */
const LISTED_FAILED = 200;
/**
 * Ids of finished calls remembered to recognise a replay after a reconnect (the CLI replays the lines of
 * calls just before it): a bounded window, so that a million calls do not keep a million ids.
 */
const RECENT_DONE = 4096;
class RunModel {
    emit;
    workspace;
    session = {};
    /** The calls kept for the report (see {@link LISTED_CALLS}), by id, in the order they were kept. */
    tools = new Map();
    /** The agent's todo list as its last `updateTodos` call left it (merged by id when it said so). */
    todos = [];
    result;
    tally = {
        total: 0,
        byStatus: { running: 0, succeeded: 0, failed: 0, rejected: 0, errored: 0 },
        byKind: {},
    };
    /** Calls started and not yet finished (listed or not). */
    open = new Map();
    /** Ids of the last {@link RECENT_DONE} finished calls that are not listed. */
    recentDone = new Set();
    listedFirst = 0;
    listedFailed = 0;
    counts = {
        segments: 0,
        thinkingBlocks: 0,
        reconnects: 0,
        retries: 0,
        /** `started`/`completed` lines replayed after a reconnect, counted once and otherwise ignored. */
        replayedToolEvents: 0,
        unknownEvents: 0,
    };
    segments;
    /** The thinking block being streamed: its delta count (some agents send only empty deltas) and length. */
    thinkingOpen;
    constructor(emit = () => { }, 
    /** The workspace, to relate paths when `system/init` has no `cwd`. */
    workspace) {
        this.emit = emit;
        this.workspace = workspace;
        this.segments = new Segments(emit, () => this.counts.segments++);
    }
    /** The last segment of assistant text (capped), for the summary's "final text". */
    get lastSegment() {
        return this.segments.last;
    }
    /** The last segment was cut: its last {@link lastSegmentMargin} characters are to be dropped once redacted. */
    get lastSegmentCut() {
        return this.segments.lastCut;
    }
    lastSegmentMargin = SEGMENT_SECRET_MARGIN;
    /** The directory the agent's paths are relative to. */
    get root() {
        return this.session.cwd ?? this.workspace;
    }
    apply(event, receivedAt) {
        switch (event.kind) {
            case "init":
                return this.onInit(event);
            case "user":
                return;
            case "thinking-delta": {
                this.thinkingOpen ??= { deltas: 0, chars: 0 };
                const open = this.thinkingOpen;
                open.deltas++;
                open.chars += event.text.length;
                if (event.text !== "")
                    this.emit({ type: "thinking-delta", text: event.text });
                return;
            }
            case "thinking-completed":
                return this.closeThinking();
            case "assistant":
                return this.segments.onAssistant(event);
            case "tool-started":
                return this.onToolStarted(event, receivedAt);
            case "tool-completed":
                return this.onToolCompleted(event, receivedAt);
            case "result":
                this.closeThinking();
                this.segments.closeImplicitly();
                this.result = event;
                if (event.sessionId && !this.session.sessionId)
                    this.session.sessionId = event.sessionId;
                if (event.requestId)
                    this.session.requestId = event.requestId;
                this.emit({ type: "result", result: event });
                return;
            case "connection":
                if (event.phase === "reconnecting") {
                    this.counts.reconnects++;
                    this.note(`Connection lost; reconnecting${event.attempt ? ` (attempt ${event.attempt})` : ""}`);
                }
                else {
                    this.note("Reconnected");
                }
                return;
            case "retry":
                this.counts.retries++;
                this.note(`Retrying the request${event.attempt ? ` (attempt ${event.attempt})` : ""}${event.isResume ? ", resuming" : ""}`);
                return;
            case "interaction":
                this.note(`Approval ${event.phase}${event.queryType ? `: ${event.queryType}` : ""}`);
                return;
            case "notice":
                this.note(`${event.type}/${event.subtype}${event.message ? `: ${event.message}` : ""}`);
                return;
            case "unknown":
                this.counts.unknownEvents++;
                return;
        }
    }
    /** The stream ended: close what is still open (text cut off mid-segment is still a segment). */
    finish() {
        this.closeThinking();
        this.segments.closeImplicitly();
    }
    /** Every call, counted as it came (the listed ones are {@link tools}). */
    toolCounts() {
        return {
            total: this.tally.total,
            byStatus: { ...this.tally.byStatus },
            byKind: { ...this.tally.byKind },
        };
    }
    onInit(e) {
        const s = this.session;
        s.sessionId = e.sessionId ?? s.sessionId;
        s.requestId = e.requestId ?? s.requestId;
        s.model = e.model ?? s.model;
        s.cwd = e.cwd ?? s.cwd;
        s.apiKeySource = e.apiKeySource ?? s.apiKeySource;
        s.permissionMode = e.permissionMode ?? s.permissionMode;
        this.emit({ type: "init", session: s });
    }
    closeThinking() {
        if (!this.thinkingOpen)
            return;
        this.counts.thinkingBlocks++;
        const { chars } = this.thinkingOpen;
        this.thinkingOpen = undefined;
        this.emit({ type: "thinking-end", chars });
    }
    onToolStarted(e, receivedAt) {
        this.closeThinking();
        this.segments.closeImplicitly();
        if (this.seen(e.callId)) {
            // After a reconnect the CLI may replay a call's lines: the same call_id started again.
            this.counts.replayedToolEvents++;
            return;
        }
        const tool = (0,tools/* resolveTool */.Hj)(e.tool);
        const call = this.newCall(e.callId, tool, e.tool.startedAtMs ?? e.timestampMs ?? receivedAt);
        call.pendingArgs = e.tool.args;
        this.open.set(e.callId, call);
        this.emit({ type: "tool-start", call, tool });
    }
    onToolCompleted(e, receivedAt) {
        this.closeThinking();
        this.segments.closeImplicitly();
        let call = this.open.get(e.callId);
        if (!call && this.seen(e.callId)) {
            this.counts.replayedToolEvents++;
            return;
        }
        // The completion may lack the arguments its start had.
        const tool = (0,tools/* resolveTool */.Hj)(e.tool.args || !call?.pendingArgs ? e.tool : { ...e.tool, args: call.pendingArgs });
        const endedAt = e.tool.completedAtMs ?? e.timestampMs ?? receivedAt;
        if (!call) {
            // A completion without a start (docs/stream-format.md "Tool calls"): the call still counts.
            call = this.newCall(e.callId, tool, e.tool.startedAtMs ?? endedAt);
            call.startSeen = false;
        }
        else if (tool.payload.args && !call.mainArg) {
            Object.assign(call, this.describe(tool));
        }
        this.open.delete(e.callId);
        call.pendingArgs = undefined;
        call.outcome = (0,tools/* outcomeOf */.sG)(tool);
        call.status = call.outcome.status;
        this.tally.byStatus.running--;
        this.tally.byStatus[call.status]++;
        call.endedAt =
            e.tool.durationMs !== undefined
                ? call.startedAt + e.tool.durationMs
                : Math.max(endedAt, call.startedAt);
        if (!this.tools.has(e.callId)) {
            if (call.status !== "succeeded" && this.listedFailed < LISTED_FAILED) {
                this.listedFailed++;
                this.tools.set(e.callId, call);
            }
            else {
                this.recentDone.add(e.callId);
                if (this.recentDone.size > RECENT_DONE)
                    this.recentDone.delete(this.recentDone.values().next().value);
            }
        }
        const todos = (0,tools/* todoUpdate */.Er)(tool);
        if (todos)
            this.todos = todos.merge ? mergeTodos(this.todos, todos.items) : todos.items;
        this.emit({ type: "tool-end", call, tool });
    }
    /** A call already started or finished (listed, open, or finished recently). */
    seen(callId) {
        return this.open.has(callId) || this.tools.has(callId) || this.recentDone.has(callId);
    }
    /** A new call: counted, and kept for the report while fewer than {@link LISTED_CALLS} are. */
    newCall(callId, tool, startedAt) {
        const call = {
            callId,
            kind: (0,tools/* kindOf */.I)(tool),
            ...this.describe(tool),
            status: "running",
            startedAt,
            startSeen: true,
        };
        this.tally.total++;
        this.tally.byStatus.running++;
        this.tally.byKind[call.kind] = (this.tally.byKind[call.kind] ?? 0) + 1;
        if (this.listedFirst < LISTED_CALLS) {
            this.listedFirst++;
            this.tools.set(callId, call);
        }
        return call;
    }
    describe(tool) {
        const name = (0,tools/* toolName */.Uf)(tool);
        const arg = (0,tools/* mainArg */.Gc)(tool);
        if (arg.value === undefined)
            return { name, inside: true };
        if (!arg.isPath)
            return { name, mainArg: arg.value, target: arg.value, inside: true };
        const rel = (0,paths/* relatePath */.zm)(arg.value, this.root);
        return { name, mainArg: arg.value, target: rel.display, inside: rel.inside };
    }
    note(text) {
        this.emit({ type: "note", text });
    }
}
/** `update` merged into `list` by id: changed items in place, new ones at the end (at most 100 in all). */
function mergeTodos(list, update) {
    const out = [...list];
    for (const u of update) {
        const at = out.findIndex((t) => t.id === u.id);
        if (at >= 0)
            out[at] = { ...out[at], ...u, content: u.content || out[at].content };
        else if (out.length < 100)
            out.push(u);
    }
    return out;
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(8816);
// EXTERNAL MODULE: ./src/stream/json.ts
var json = __webpack_require__(5780);
;// CONCATENATED MODULE: ./src/stream/tool-events.ts
/**
 * Tool-call events: Cursor's `tool_call` started/completed (the kind is the one key of `tool_call` that is
 * not a known sibling; the outcome the one key of its `result`), and the alternate naming's
 * `tool-call-started`/`tool-call-completed` with `tool_name` and `parameters` (docs/stream-format.md
 * "Tool calls"). Both become the same {@link ToolEvent}; what a kind means is src/tools/'s business.
 */


const obj = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J());
/** Numbers sometimes arrive as strings (`startedAtMs: "1788849963130"`); anything else is no number. */
function numLike(v) {
    if (typeof v === "number")
        return v;
    return typeof v === "string" && /^\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;
}
const toolEventSchema = schemas/* object */.Ikc({
    call_id: schemas/* string */.YjP(),
    tool_call: obj,
    model_call_id: json/* str */.gx,
    timestamp_ms: json/* num */.bu,
});
const altToolEventSchema = schemas/* object */.Ikc({
    tool_call_id: schemas/* string */.YjP(),
    tool_name: schemas/* string */.YjP(),
    parameters: obj.optional().catch(undefined),
    result: schemas/* object */.Ikc({ success: json/* bool */.lc, output: schemas/* unknown */.L5J().optional(), exit_code: json/* num */.bu, error: schemas/* unknown */.L5J().optional() })
        .optional()
        .catch(undefined),
    duration_ms: json/* num */.bu,
    timestamp_ms: json/* num */.bu,
});
/** Keys beside the kind in `tool_call` (newer CLIs); never the kind itself. */
const TOOL_CALL_SIBLINGS = new Set(["toolCallId", "hookAdditionalContexts", "startedAtMs", "completedAtMs"]);
/** Keys in `result` that sit beside the outcome key rather than being one. */
const RESULT_SIBLINGS = new Set(["isBackground", "terminalsFolder"]);
function toolPayload(toolCall) {
    let kind;
    for (const key of Object.keys(toolCall)) {
        if (!TOOL_CALL_SIBLINGS.has(key)) {
            kind = key;
            break;
        }
    }
    if (kind === undefined)
        return undefined;
    const body = toolCall[kind];
    const payload = {
        kind,
        startedAtMs: numLike(toolCall.startedAtMs),
        completedAtMs: numLike(toolCall.completedAtMs),
    };
    if (body === null || typeof body !== "object")
        return payload;
    const b = body;
    if (kind === "function") {
        // `function{name, arguments}`: arguments is a JSON string in the OpenAI style.
        payload.functionName = typeof b.name === "string" ? b.name : undefined;
        payload.args = argsObject(b.arguments);
    }
    else {
        payload.args = argsObject(b.args);
    }
    const result = b.result;
    if (result !== null && typeof result === "object" && !Array.isArray(result)) {
        const { outcome, extras } = splitOutcome(result);
        payload.outcome = outcome;
        if (extras)
            payload.resultExtras = extras;
    }
    return payload;
}
function argsObject(v) {
    // A string that is not a JSON object is kept as the one argument.
    return (0,json/* objectOrJson */.rL)(v) ?? (typeof v === "string" ? { arguments: v } : undefined);
}
function splitOutcome(result) {
    let outcome;
    let extras;
    for (const [key, value] of Object.entries(result)) {
        if (RESULT_SIBLINGS.has(key) || outcome !== undefined) {
            extras ??= {};
            extras[key] = value;
            continue;
        }
        // `timeout` and `permissionDenied` can be bare (`{}`, `true`): an outcome all the same.
        const v = value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
        outcome = { key, value: v };
    }
    return { outcome, extras };
}
function alternateToolEvent(type, raw) {
    const r = altToolEventSchema.safeParse(raw);
    if (!r.success)
        return undefined;
    const d = r.data;
    const tool = { kind: d.tool_name, functionName: d.tool_name, args: d.parameters };
    if (type === "tool-call-completed") {
        const res = d.result;
        if (res) {
            const ok = res.success !== false && (res.exit_code === undefined || res.exit_code === 0);
            const value = { output: res.output, exitCode: res.exit_code };
            if (!ok && res.error !== undefined)
                value.error = (0,json/* errorText */.kc)(res.error);
            // `success: true` with a non-zero exit code is a failure, as a shell `success` with one is.
            tool.outcome = { key: ok ? "success" : "failure", value };
        }
        tool.durationMs = d.duration_ms;
    }
    return {
        kind: type === "tool-call-started" ? "tool-started" : "tool-completed",
        callId: d.tool_call_id,
        tool,
        timestampMs: d.timestamp_ms,
    };
}
/**
 * The envelope as the CLI writes it, checked by hand exactly as {@link toolEventSchema} would accept it:
 * thousands of calls a run, and zod's parse was ~45 ms of a 64 MiB one (BENCHMARKS.md). Anything less
 * regular goes through the schema, with its leniency.
 */
function wellFormed(raw) {
    const tc = raw.tool_call;
    if (typeof raw.call_id !== "string" ||
        tc === null ||
        typeof tc !== "object" ||
        Array.isArray(tc) ||
        (raw.model_call_id !== undefined && typeof raw.model_call_id !== "string") ||
        (raw.timestamp_ms !== undefined && typeof raw.timestamp_ms !== "number"))
        return undefined;
    return {
        call_id: raw.call_id,
        tool_call: tc,
        model_call_id: raw.model_call_id,
        timestamp_ms: raw.timestamp_ms,
    };
}
/** A `tool_call` line, or undefined when it is not one we can read. */
function toolCallEvent(subtype, raw) {
    if (subtype !== "started" && subtype !== "completed")
        return undefined;
    const d = wellFormed(raw) ?? toolEventSchema.safeParse(raw).data;
    if (!d)
        return undefined;
    const tool = toolPayload(d.tool_call);
    if (!tool)
        return undefined;
    return {
        kind: subtype === "started" ? "tool-started" : "tool-completed",
        callId: d.call_id,
        tool,
        modelCallId: d.model_call_id,
        timestampMs: d.timestamp_ms,
    };
}

;// CONCATENATED MODULE: ./src/stream/events.ts
/**
 * Events: one parsed JSON line → one typed {@link AgentEvent}.
 *
 * Validation is by zod, per event type, on the fields the action reads; everything else in a line is
 * ignored. An event of a type we do not know, or a known type whose fields do not fit, becomes an
 * `unknown` event instead of an error: the agent's format grows faster than its docs (docs/stream-format.md "Events").
 */



const textContent = schemas/* object */.Ikc({
    message: schemas/* object */.Ikc({ content: schemas/* array */.YOg(schemas/* object */.Ikc({ type: json/* str */.gx, text: json/* str */.gx })) }).optional(),
    text: schemas/* string */.YjP().optional(),
});
const initSchema = schemas/* object */.Ikc({
    session_id: json/* str */.gx,
    request_id: json/* str */.gx,
    model: json/* str */.gx,
    cwd: json/* str */.gx,
    workspace: json/* str */.gx,
    apiKeySource: json/* str */.gx,
    permissionMode: json/* str */.gx,
});
const assistantSchema = textContent.extend({ model_call_id: json/* str */.gx, timestamp_ms: json/* num */.bu });
const usageSchema = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* number */.aig()).optional().catch(undefined);
const resultSchema = schemas/* object */.Ikc({
    subtype: json/* str */.gx,
    is_error: json/* bool */.lc,
    result: json/* str */.gx,
    error: schemas/* unknown */.L5J().optional(),
    duration_ms: json/* num */.bu,
    duration_api_ms: json/* num */.bu,
    session_id: json/* str */.gx,
    request_id: json/* str */.gx,
    usage: usageSchema,
});
const timedSchema = schemas/* object */.Ikc({ timestamp_ms: json/* num */.bu });
const deltaSchema = schemas/* object */.Ikc({ text: schemas/* string */.YjP(), timestamp_ms: json/* num */.bu });
const connectionSchema = schemas/* object */.Ikc({ attempt: json/* num */.bu, timestamp_ms: json/* num */.bu });
const retrySchema = schemas/* object */.Ikc({ attempt: json/* num */.bu, is_resume: json/* bool */.lc, timestamp_ms: json/* num */.bu });
const interactionSchema = schemas/* object */.Ikc({ query_type: json/* str */.gx, timestamp_ms: json/* num */.bu });
const noticeSchema = schemas/* object */.Ikc({ message: json/* str */.gx, timestamp_ms: json/* num */.bu });
/** Turns one parsed line into an event. Never throws. */
function toEvent(raw) {
    const type = typeof raw.type === "string" ? raw.type : "";
    const subtype = typeof raw.subtype === "string" ? raw.subtype : undefined;
    const unknown = { kind: "unknown", type, subtype };
    switch (type) {
        case "system": {
            if (subtype === "init")
                return initEvent(raw) ?? unknown;
            if (subtype === undefined)
                return unknown; // a wrapper's own line (docs/stream-format.md "Framing": the inspector capture)
            return notice(type, subtype, raw);
        }
        case "user": {
            const r = textContent.safeParse(raw);
            return r.success ? { kind: "user", text: joinText(r.data) } : unknown;
        }
        case "thinking": {
            if (subtype === "delta") {
                // The most frequent event of all (tens of thousands a run): checked by hand, exactly as the
                // schema below would, so that validation is not the cost of the stream.
                if (typeof raw.text === "string" &&
                    (raw.timestamp_ms === undefined || typeof raw.timestamp_ms === "number")) {
                    return {
                        kind: "thinking-delta",
                        text: raw.text,
                        timestampMs: raw.timestamp_ms,
                    };
                }
                const r = deltaSchema.safeParse(raw);
                return r.success
                    ? { kind: "thinking-delta", text: r.data.text, timestampMs: r.data.timestamp_ms }
                    : unknown;
            }
            if (subtype === "completed") {
                if (typeof raw.timestamp_ms === "number" || raw.timestamp_ms === undefined)
                    return { kind: "thinking-completed", timestampMs: raw.timestamp_ms };
                const r = timedSchema.safeParse(raw);
                return { kind: "thinking-completed", timestampMs: r.success ? r.data.timestamp_ms : undefined };
            }
            return unknown;
        }
        case "assistant": {
            const fast = assistantLine(raw);
            if (fast)
                return fast;
            const r = assistantSchema.safeParse(raw);
            if (!r.success)
                return unknown;
            const d = r.data;
            if (d.message === undefined && d.text !== undefined) {
                return { kind: "assistant", text: d.text, timestampMs: d.timestamp_ms, alternate: true };
            }
            return {
                kind: "assistant",
                text: joinText(d),
                modelCallId: d.model_call_id,
                timestampMs: d.timestamp_ms,
            };
        }
        case "tool_call":
            return toolCallEvent(subtype, raw) ?? unknown;
        case "tool-call-started":
        case "tool-call-completed":
            return alternateToolEvent(type, raw) ?? unknown;
        case "result":
            return resultEvent(subtype, raw) ?? unknown;
        case "connection": {
            if (subtype !== "reconnecting" && subtype !== "reconnected")
                return unknown;
            const r = connectionSchema.safeParse(raw);
            return { kind: "connection", phase: subtype, ...(r.success ? pick(r.data) : {}) };
        }
        case "retry":
            return retryEvent(raw);
        case "interaction_query": {
            if (subtype !== "request" && subtype !== "response")
                return unknown;
            const r = interactionSchema.safeParse(raw);
            return {
                kind: "interaction",
                phase: subtype,
                queryType: r.success ? r.data.query_type : undefined,
                timestampMs: r.success ? r.data.timestamp_ms : undefined,
            };
        }
        default:
            return unknown;
    }
}
/**
 * The common shape of an assistant line (`message.content` with one text part; a token delta's
 * `timestamp_ms`, a segment repeat's `model_call_id`), read by hand on the hot path exactly as the schema
 * would accept it; anything else goes through the schema.
 */
function assistantLine(raw) {
    const ts = raw.timestamp_ms;
    const mc = raw.model_call_id;
    if ((ts !== undefined && typeof ts !== "number") || (mc !== undefined && typeof mc !== "string"))
        return undefined;
    const content = raw.message?.content;
    if (!Array.isArray(content) || content.length !== 1)
        return undefined;
    const part = content[0];
    if (part === null || typeof part !== "object" || typeof part.text !== "string")
        return undefined;
    if (part.type !== undefined && typeof part.type !== "string")
        return undefined;
    const e = { kind: "assistant", text: part.text, timestampMs: ts };
    if (mc !== undefined)
        e.modelCallId = mc;
    return e;
}
function initEvent(raw) {
    const r = initSchema.safeParse(raw);
    if (!r.success)
        return undefined;
    const d = r.data;
    return {
        kind: "init",
        sessionId: d.session_id,
        requestId: d.request_id,
        model: d.model,
        cwd: d.cwd ?? d.workspace,
        apiKeySource: d.apiKeySource,
        permissionMode: d.permissionMode,
    };
}
function resultEvent(subtype, raw) {
    const r = resultSchema.safeParse(raw);
    if (!r.success)
        return undefined;
    const d = r.data;
    const sub = d.subtype ?? subtype ?? "success";
    return {
        kind: "result",
        subtype: sub,
        isError: d.is_error === true || sub === "error",
        text: d.result,
        error: (0,json/* errorText */.kc)(d.error),
        durationMs: d.duration_ms,
        durationApiMs: d.duration_api_ms,
        sessionId: d.session_id,
        requestId: d.request_id,
        usage: d.usage,
    };
}
function retryEvent(raw) {
    const r = retrySchema.safeParse(raw);
    return r.success
        ? { kind: "retry", attempt: r.data.attempt, isResume: r.data.is_resume, timestampMs: r.data.timestamp_ms }
        : { kind: "retry" };
}
function pick(d) {
    return { attempt: d.attempt, timestampMs: d.timestamp_ms };
}
function notice(type, subtype, raw) {
    const r = noticeSchema.safeParse(raw);
    return {
        kind: "notice",
        type,
        subtype,
        message: r.success ? r.data.message : undefined,
        timestampMs: r.success ? r.data.timestamp_ms : undefined,
    };
}
function joinText(d) {
    if (!d.message)
        return d.text ?? "";
    const parts = d.message.content;
    if (parts.length === 1)
        return parts[0]?.text ?? "";
    let out = "";
    for (const p of parts)
        out += p.text ?? "";
    return out;
}

;// CONCATENATED MODULE: ./src/stream/deltas.ts
/**
 * The two commonest lines of a stream, parsed without the general JSON parser: a thinking delta and an
 * assistant token delta (with `--stream-partial-output`, most lines of a run: 84,487 of 112,213 in the
 * bench's edit-heavy stream). In their exact compact shape, as the CLI writes them (docs/stream-format.md),
 * the value is built from slices: ~35 ms less of `JSON.parse` per 64 MiB (BENCHMARKS.md).
 *
 * Only text that JSON.parse would read as the very same value is taken: no escape, no raw control
 * character, keys in the CLI's order, an integer timestamp as JSON spells it. Anything else, a single
 * byte off, is left to JSON.parse (a property test holds the two to each other).
 */
const THINKING = '{"type":"thinking","subtype":"delta","text":"';
const ASSISTANT = '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"';
const THINKING_TAIL = /^","session_id":"([^"\\\u0000-\u001f]*)","timestamp_ms":(0|[1-9]\d{0,15})\}$/;
const ASSISTANT_TAIL = /^"\}\]\},"session_id":"([^"\\\u0000-\u001f]*)","timestamp_ms":(0|[1-9]\d{0,15})\}$/;
/** What a JSON string may not hold raw, and the escape that would make slicing wrong. */
const NOT_PLAIN = /[\\\u0000-\u001f]/;
/** The line's value when it is one of the two deltas in their exact shape; undefined otherwise. */
function parseDelta(line) {
    if (line.startsWith(THINKING)) {
        const d = plainTail(line, THINKING.length, THINKING_TAIL);
        return d && { type: "thinking", subtype: "delta", text: d.text, session_id: d.id, timestamp_ms: d.ts };
    }
    if (line.startsWith(ASSISTANT)) {
        const d = plainTail(line, ASSISTANT.length, ASSISTANT_TAIL);
        return (d && {
            type: "assistant",
            message: { role: "assistant", content: [{ type: "text", text: d.text }] },
            session_id: d.id,
            timestamp_ms: d.ts,
        });
    }
    return undefined;
}
/** The text from `start` to the next quote (with no escape or control character in it) and the tail's fields. */
function plainTail(line, start, tail) {
    const end = line.indexOf('"', start);
    if (end === -1)
        return undefined;
    const text = line.slice(start, end);
    if (NOT_PLAIN.test(text))
        return undefined;
    const m = tail.exec(line.slice(end));
    if (!m)
        return undefined;
    return { text, id: m[1], ts: Number(m[2]) };
}

;// CONCATENATED MODULE: ./src/stream/lines.ts
/**
 * Framing: bytes as they arrive → whole JSON values, one per line, whatever the chunking.
 *
 * The agent writes one JSON object per `\n`-terminated line, but real streams are messier (docs/stream-format.md
 * "Framing"): CRLF from wrappers, blank lines, a last line without newline, non-JSON noise, lines of
 * several MB, and producers that write the newline inside an id raw, splitting one object over two
 * physical lines. This module turns all of that into a sequence of parsed values plus a count of what it
 * had to skip; it never throws on input.
 */


/** A physical line continued this many times without parsing is given up as malformed. */
const MAX_JOINED_LINES = 8;
/** A raw-newline join is never attempted on a fragment larger than this. */
const MAX_JOIN_BYTES = 1024 * 1024;
/**
 * The longest line kept, in bytes (so in characters too: UTF-8 never has fewer bytes than characters). V8
 * cannot make a string past ~2^29 characters (one such line crashed the framer with `Invalid string
 * length`), and no real event comes near this: a longer line is counted and skipped without ever being
 * joined (the raw copy still has it, byte for byte).
 */
const MAX_LINE_BYTES = 128 * 1024 * 1024;
/**
 * Splits chunks into lines and parses them. Push chunks with {@link push}, then call {@link end} once.
 * Each returns the values completed by that call, in order.
 */
class LineFramer {
    maxLineBytes;
    onMalformed;
    stats = { lines: 0, blank: 0, malformed: 0, joined: 0, oversized: 0 };
    /** Bytes of the current, not yet terminated line (joined once: a 50 MB line is not re-copied). */
    partial = [];
    /** A line that failed to parse but ended inside a JSON string: it may continue on the next line. */
    pending;
    /** Bytes in {@link partial}. */
    partialLength = 0;
    /** The current line went past the limit: its remaining characters are dropped up to its newline. */
    skipping = false;
    constructor(maxLineBytes = MAX_LINE_BYTES, 
    /** Told each line skipped as not JSON (up to 8,192 characters: the caller redacts, then cuts), to show it. */
    onMalformed) {
        this.maxLineBytes = maxLineBytes;
        this.onMalformed = onMalformed;
    }
    malformed(text, lines) {
        this.stats.malformed += lines;
        this.onMalformed?.(text.length > 8192 ? text.slice(0, 8192) : text);
    }
    /** The chunk's complete lines, in an array (tests, tools); the pipeline uses {@link each}. */
    push(chunk) {
        const out = [];
        this.each(chunk, (l) => out.push(l));
        return out;
    }
    /**
     * Hands each complete line to `fn` as soon as it is parsed, so that one line's objects are garbage
     * before the next is parsed: a chunk's hundreds of parsed lines alive at once survived the young
     * generation's collections and made V8 grow it (peak RSS, BENCHMARKS.md).
     *
     * The chunk must not be written over afterwards: an unfinished line keeps a view of it. The readers
     * that feed the framer (the agent's stdout file, a saved transcript's read stream) never reuse a buffer.
     */
    each(chunk, fn) {
        const out = fn;
        // Lines are found in the bytes and each is decoded on its own (a newline byte is never part of a
        // multi-byte character, so no character is split): one character past ASCII then makes only its own
        // line a two-byte string, not the whole chunk's text, and a two-byte text is slower to parse
        // (edit-heavy stream: decode, split and parse ~330 → ~170 ms, BENCHMARKS.md).
        let start = 0;
        let nl = chunk.indexOf(0x0a);
        while (nl !== -1) {
            if (this.skipping) {
                this.skipping = false;
            }
            else if (this.partialLength + (nl - start) > this.maxLineBytes) {
                this.skipLine();
                this.skipping = false;
            }
            else if (this.partial.length > 0) {
                this.partial.push(chunk.subarray(start, nl));
                const whole = Buffer.concat(this.partial, this.partialLength + (nl - start));
                this.partial = [];
                this.partialLength = 0;
                this.line(whole.toString("utf8"), out);
            }
            else {
                this.line(chunk.toString("utf8", start, nl), out);
            }
            start = nl + 1;
            nl = chunk.indexOf(0x0a, start);
        }
        if (start < chunk.length && !this.skipping) {
            if (this.partialLength + (chunk.length - start) > this.maxLineBytes)
                this.skipLine();
            else {
                this.partialLength += chunk.length - start;
                // A view, not a copy (a line longer than a chunk would be copied whole, chunk by chunk): the
                // chunk is the framer's from now on (see each()).
                this.partial.push(start === 0 ? chunk : chunk.subarray(start));
            }
        }
    }
    /** The current line is past the limit: counted, its pieces let go, the rest of it skipped unread. */
    skipLine() {
        this.stats.oversized++;
        this.skipping = true;
        this.partial = [];
        this.partialLength = 0;
    }
    /** The stream ended: a last line without newline still counts, and a pending fragment is malformed. */
    end() {
        const lines = [];
        const out = (l) => lines.push(l);
        if (this.skipping) {
            this.skipping = false;
            this.partial = [];
            this.partialLength = 0;
        }
        const rest = Buffer.concat(this.partial, this.partialLength).toString("utf8");
        this.partial = [];
        this.partialLength = 0;
        if (rest !== "")
            this.line(rest, out);
        if (this.pending) {
            this.malformed(this.pending.text, this.pending.lines);
            this.pending = undefined;
        }
        return lines;
    }
    line(raw, out) {
        // CRLF from Windows wrappers; the JSON itself never ends in \r.
        const text = raw.charCodeAt(raw.length - 1) === 0x0d ? raw.slice(0, -1) : raw;
        if (isBlank(text)) {
            this.stats.blank++;
            return;
        }
        this.stats.lines++;
        const pending = this.pending;
        if (pending) {
            this.pending = undefined;
            // A new object on its own line means the pending fragment was truncated, not continued: the
            // fragment is lost, but it must not swallow this valid line.
            const alone = text.trimStart().startsWith("{") ? parseObject(text) : undefined;
            if (alone) {
                this.malformed(pending.text, pending.lines);
                out({ value: alone, physicalLines: 1 });
                return;
            }
            // The producer wrote "\n" raw inside a string: put back the escape it should have written.
            const joined = `${pending.text}\\n${text}`;
            const value = parseObject(joined);
            if (value) {
                this.stats.joined++;
                out({ value, physicalLines: pending.lines + 1 });
                return;
            }
            this.holdOrDrop(joined, pending.lines + 1);
            return;
        }
        const value = parseObject(text);
        if (value) {
            out({ value, physicalLines: 1 });
            return;
        }
        this.holdOrDrop(text, 1);
    }
    /** Keep a fragment that ends inside a JSON string (it may continue), within the bounds; else drop it. */
    holdOrDrop(text, lines) {
        if (lines < MAX_JOINED_LINES && text.length <= MAX_JOIN_BYTES && endsInsideString(text)) {
            this.pending = { text, lines };
        }
        else {
            this.malformed(text, lines);
        }
    }
}
function isBlank(text) {
    // Hot path: almost every line starts with "{", so decide on the first character when we can.
    if (text.length === 0)
        return true;
    if (text.charCodeAt(0) > 0x20 && text.charCodeAt(0) !== 0xa0)
        return false;
    return text.trim().length === 0;
}
function parseObject(text) {
    const delta = parseDelta(text);
    if (delta)
        return delta;
    try {
        const value = JSON.parse(text);
        return (0,json/* isPlainObject */.Qd)(value) ? value : undefined;
    }
    catch {
        return undefined;
    }
}
/** True when `text` starts a JSON object and stops inside a string literal (only called on failures). */
function endsInsideString(text) {
    const t = text.trimStart();
    if (!t.startsWith("{"))
        return false;
    let inString = false;
    for (let i = 0; i < t.length; i++) {
        const c = t.charCodeAt(i);
        if (inString) {
            if (c === 0x5c /* \ */)
                i++;
            else if (c === 0x22 /* " */)
                inString = false;
        }
        else if (c === 0x22) {
            inString = true;
        }
    }
    return inString;
}

;// CONCATENATED MODULE: ./src/pipeline/pipeline.ts
/**
 * The pure middle of the action: bytes → lines → events → the run model → its listeners (the live log,
 * the change tracker, the supervisor's ear for the result). The action, the tests, the fuzz suite and the
 * bench all feed bytes through this one object; where the bytes come from (a process, a file, a test's
 * buffer) is the caller's business.
 */



class Pipeline {
    framer;
    model;
    /** Lines that were JSON events (whatever their type). */
    events = 0;
    /** `workspace` relates the agent's paths when `system/init` names no `cwd`. */
    emit;
    oversized = 0;
    constructor(listeners, workspace) {
        const sinks = [...listeners];
        const emit = sinks.length === 1
            ? sinks[0]
            : (u) => {
                for (const sink of sinks)
                    sink(u);
            };
        this.emit = emit;
        this.model = new RunModel(emit, workspace);
        // Output that is not stream-json (a wrapper's banner, a crash dump, the wrong binary) is shown, not lost.
        this.framer = new LineFramer(MAX_LINE_BYTES, (text) => emit({ type: "stray", text }));
    }
    /** One chunk of the stream, received at `at` (epoch ms: the time of events that carry none). */
    push(chunk, at) {
        this.framer.each(chunk, (line) => {
            this.events++;
            this.model.apply(toEvent(line.value), at);
        });
        if (this.framer.stats.oversized !== this.oversized)
            this.noteOversized();
    }
    noteOversized() {
        this.oversized = this.framer.stats.oversized;
        this.emit({
            type: "note",
            text: `A line of the stream longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB was skipped unread (the transcript file has it)`,
        });
    }
    /** The stream ended: a last unterminated line, and whatever the model still holds open. */
    end(at) {
        for (const line of this.framer.end()) {
            this.events++;
            this.model.apply(toEvent(line.value), at);
        }
        this.model.finish();
    }
}

// EXTERNAL MODULE: ./src/publish/publish.ts + 4 modules
var publish = __webpack_require__(5508);
// EXTERNAL MODULE: ./src/render/live-log.ts + 1 modules
var live_log = __webpack_require__(7219);
// EXTERNAL MODULE: ./src/report/report.ts + 4 modules
var report = __webpack_require__(5755);
;// CONCATENATED MODULE: ./src/run/after-start.ts
/**
 * What a run needs once its agent is starting: the pipeline (stream → events → model, with zod), the live
 * log, the change tracker (with jsdiff), the report and publishing. One dynamic import, made once the agent
 * is spawned (a replay: at once), so that loading it (~15 ms) overlaps the agent's own start instead of
 * coming before it: the agent is spawned sooner (start-up, BENCHMARKS.md).
 */







/***/ })

};

//# sourceMappingURL=975.index.js.map