export const id = 702;
export const ids = [702];
export const modules = {

/***/ 83702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ChangeTracker: () => (/* reexport */ ChangeTracker),
  LiveLog: () => (/* reexport */ LiveLog),
  Pipeline: () => (/* reexport */ Pipeline),
  capYoungGeneration: () => (/* reexport */ capYoungGeneration),
  publish: () => (/* reexport */ publish),
  warmFinalMessage: () => (/* reexport */ report.warmFinalMessage)
});

// EXTERNAL MODULE: ./node_modules/diff/libesm/patch/create.js
var create = __webpack_require__(94112);
// EXTERNAL MODULE: ./src/base/format.ts
var format = __webpack_require__(8378);
// EXTERNAL MODULE: ./node_modules/@jest/diff-sequences/build/index.mjs
var build = __webpack_require__(71122);
;// CONCATENATED MODULE: ./src/changes/line-diff.ts
/**
 * A minimal line diff of two texts, as the hunks of a unified diff (jsdiff's `StructuredPatch`, which
 * jsdiff's `formatPatch` prints).
 *
 * Why not jsdiff's own `structuredPatch`: its Myers loop builds an object for every step it tries, and the
 * end of a run that rewrote forty files spent ~35 ms in it (the 2026-shaped bench run; BENCHMARKS.md).
 * Jest's `diff-sequences` finds a longest common subsequence as exactly (so the counts are the same: both
 * are minimal) in linear space with no allocation per step: ~5 ms there. The hunks are then cut as jsdiff
 * cuts them: `context` lines around each change, two changes closer than twice that in one hunk, a line
 * without a final newline marked `\ No newline at end of file`. Where several diffs are equally short,
 * the two may pick different ones (which `}` a change is aligned with): either is minimal.
 *
 * Lines are cut after each `\n` and keep it (so `\r\n` is a line ending whose `\r` is shown, as jsdiff
 * shows it), and a last line without a newline differs from the same line with one.
 */

const diffSequences = typeof build/* default */.A === "function" ? build/* default */.A : build/* default.default */.A["default"];
/** Thrown from inside the search to stop it: a bound was passed. */
const GIVE_UP = new Error("line diff given up");
/** Comparisons between two looks at the clock. */
const CLOCK_EVERY = 1 << 16;
/**
 * The hunks of `before` → `after` with `context` lines of context, or undefined when a bound was passed.
 * A diff with more than `maxEditLength` changed lines is given up once found; the search itself is
 * stopped when it has compared more line pairs than one within the bound can need, or at the deadline.
 */
function linePatch(oldFileName, newFileName, before, after, context, bounds) {
    const a = splitLines(before);
    const b = splitLines(after);
    // No diff has fewer changed lines than the lines left over when equal lines are paired regardless of
    // order: past the bound by that count, it is given up before any search (a rewrite of a long file).
    if (a.length + b.length > bounds.maxEditLength) {
        const least = unpaired(a, b);
        if (least.added + least.removed > bounds.maxEditLength)
            return undefined;
    }
    // A search that finds D changes compares at most about (N + M) · D line pairs: measured, at most a third
    // of that on random texts and edits (a property test holds a diff within the bound to be found). Lines
    // only moved pair up in any order, so the count above cannot give them up: this does, in about the time
    // jsdiff took to reach its own bound (a 20,000-line file reversed: ~0.5–1 s, and never past the deadline).
    const maxCompares = (a.length + b.length + 1) * (bounds.maxEditLength + 1);
    let compares = 0;
    const common = [];
    // The lines the two texts start and end with are shared as they stand. Of the middle, only lines that
    // are on both sides can be shared: the search runs on those alone, as numbers (a line's id), and its
    // runs are read back in the texts' own positions. The longest common subsequence is the same (no shared
    // line is left out), so the diff is as short, and a rewrite's new lines no longer lengthen the search
    // (the 2026-shaped run's forty rewritten files: 10–20 → ~5.5 ms cold, BENCHMARKS.md).
    let head = 0;
    while (head < a.length && head < b.length && a[head] === b[head])
        head++;
    let tail = 0;
    while (tail < a.length - head &&
        tail < b.length - head &&
        a[a.length - 1 - tail] === b[b.length - 1 - tail])
        tail++;
    if (head > 0)
        common.push(head, 0, 0);
    const { left, right, leftAt, rightAt } = sharedLines(a, b, head, a.length - tail, b.length - tail);
    try {
        diffSequences(left.length, right.length, (i, j) => {
            if (++compares % CLOCK_EVERY === 0 && (compares > maxCompares || performance.now() > bounds.deadline))
                throw GIVE_UP;
            return left[i] === right[j];
        }, (n, i, j) => {
            for (let k = 0; k < n; k++)
                addRun(common, 1, leftAt[i + k], rightAt[j + k]);
        });
    }
    catch (e) {
        if (e === GIVE_UP)
            return undefined;
        throw e;
    }
    if (tail > 0)
        addRun(common, tail, a.length - tail, b.length - tail);
    let shared = 0;
    for (let k = 0; k < common.length; k += 3)
        shared += common[k];
    if (a.length + b.length - 2 * shared > bounds.maxEditLength)
        return undefined;
    return {
        oldFileName,
        newFileName,
        oldHeader: undefined,
        newHeader: undefined,
        hunks: hunks(a, b, common, context),
    };
}
/**
 * The lines of `a[from, aEnd)` that `b[from, bEnd)` also has and the other way round, as ids (equal lines,
 * equal ids), with their positions in `a` and `b`.
 */
function sharedLines(a, b, from, aEnd, bEnd) {
    const ids = new Map();
    const idsOfA = new Int32Array(aEnd - from);
    for (let i = from; i < aEnd; i++) {
        let id = ids.get(a[i]);
        if (id === undefined) {
            id = ids.size;
            ids.set(a[i], id);
        }
        idsOfA[i - from] = id;
    }
    const inB = new Uint8Array(ids.size);
    const idsOfB = new Int32Array(bEnd - from);
    let rightCount = 0;
    for (let j = from; j < bEnd; j++) {
        const id = ids.get(b[j]) ?? -1;
        idsOfB[j - from] = id;
        if (id >= 0) {
            inB[id] = 1;
            rightCount++;
        }
    }
    const right = new Int32Array(rightCount);
    const rightAt = new Int32Array(rightCount);
    for (let j = 0, k = 0; j < idsOfB.length; j++) {
        if (idsOfB[j] < 0)
            continue;
        right[k] = idsOfB[j];
        rightAt[k++] = from + j;
    }
    let leftCount = 0;
    for (let i = 0; i < idsOfA.length; i++)
        if (inB[idsOfA[i]])
            leftCount++;
    const left = new Int32Array(leftCount);
    const leftAt = new Int32Array(leftCount);
    for (let i = 0, k = 0; i < idsOfA.length; i++) {
        if (!inB[idsOfA[i]])
            continue;
        left[k] = idsOfA[i];
        leftAt[k++] = from + i;
    }
    return { left, right, leftAt, rightAt };
}
/** `n` shared lines from `i` in a and `j` in b: the last run grown when it ends just before them. */
function addRun(common, n, i, j) {
    const last = common.length - 3;
    if (last >= 0 && common[last + 1] + common[last] === i && common[last + 2] + common[last] === j)
        common[last] = common[last] + n;
    else
        common.push(n, i, j);
}
/**
 * Counts without a diff, linear in the input: lines of `after` with no unmatched equal line in `before`
 * are added, the unmatched rest of `before` removed. Equals a diff's counts unless lines moved, and is
 * never more than they are (no diff pairs more lines than this does).
 */
function roughCounts(before, after) {
    return unpaired(splitLines(before), splitLines(after));
}
function unpaired(a, b) {
    const left = new Map();
    for (const l of a)
        left.set(l, (left.get(l) ?? 0) + 1);
    let paired = 0;
    for (const l of b) {
        const n = left.get(l);
        if (n) {
            left.set(l, n - 1);
            paired++;
        }
    }
    return { added: b.length - paired, removed: a.length - paired };
}
/** The lines of `text`, each with its `\n` (the last one without, when the text does not end in one). */
function splitLines(text) {
    const lines = [];
    let start = 0;
    while (start < text.length) {
        const nl = text.indexOf("\n", start);
        const end = nl < 0 ? text.length : nl + 1;
        lines.push(text.slice(start, end));
        start = end;
    }
    return lines;
}
/**
 * The hunks of the edit script that `common` (runs of shared lines as `[length, at in a, at in b]…`, in
 * order) leaves between them: removed lines before added ones in each gap, `context` shared lines either
 * side, and two gaps whose shared run between is at most `2 · context` long in one hunk.
 */
function hunks(a, b, common, context) {
    const out = [];
    let open;
    /** Where the shared run before the current gap started, in a and b, and how long it was. */
    let i = 0;
    let j = 0;
    for (let k = 0; k <= common.length; k += 3) {
        // The gap before this run of shared lines (or before the end): a[i, ai) removed, b[j, bj) added.
        const n = k < common.length ? common[k] : 0;
        const ai = k < common.length ? common[k + 1] : a.length;
        const bj = k < common.length ? common[k + 2] : b.length;
        if (ai > i || bj > j) {
            if (!open) {
                const lead = Math.min(context, i);
                open = { oldStart: i - lead + 1, oldLines: 0, newStart: j - lead + 1, newLines: 0, lines: [] };
                for (let c = i - lead; c < i; c++)
                    push(open, " ", a[c]);
                open.oldLines += lead;
                open.newLines += lead;
            }
            for (let c = i; c < ai; c++)
                push(open, "-", a[c]);
            for (let c = j; c < bj; c++)
                push(open, "+", b[c]);
            open.oldLines += ai - i;
            open.newLines += bj - j;
        }
        if (open && n > 0) {
            // The shared run after the gap: wholly inside the hunk when the next gap is near, else its context.
            const last = k + 3 >= common.length && common[k + 1] + n === a.length && common[k + 2] + n === b.length;
            const keep = n <= 2 * context && !last ? n : Math.min(n, context);
            for (let c = ai; c < ai + keep; c++)
                push(open, " ", a[c]);
            open.oldLines += keep;
            open.newLines += keep;
            if (keep < n || last) {
                out.push(open);
                open = undefined;
            }
        }
        i = ai + n;
        j = bj + n;
    }
    if (open)
        out.push(open);
    return out;
}
/** A hunk line without its newline; a line that had none is followed by git's marker. */
function push(h, sign, line) {
    if (line.endsWith("\n"))
        h.lines.push(sign + line.slice(0, -1));
    else
        h.lines.push(sign + line, "\\ No newline at end of file");
}

;// CONCATENATED MODULE: ./src/changes/diff.ts
/**
 * From a file's two states to a change: status, +/- counts and a unified diff (line-diff.ts; printed by
 * jsdiff's `formatPatch`).
 *
 * Cost bounds: a minimal line diff is O((N+M)·D) in time and can take seconds on large, very different
 * texts. So a diff is only attempted when both sides are within {@link DiffLimits.maxFileBytes} and
 * {@link DiffLimits.maxLines}, with a time limit and a `maxEditLength` as a stop; otherwise, or when the
 * diff gives up, the counts come from a linear line-multiset comparison and a note says so.
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
    // A whole file added or removed costs the diff nothing whatever its length: no edit-length cap there.
    const oneSided = before === "" || after === "";
    // The lines both sides share at the start and the end are no part of any hunk but its context: the
    // diff gets the middle (a few lines of an edited file of thousands) and the hunks are moved back in place.
    const t = trimCommonLines(before, after, CONTEXT);
    const patch = linePatch(oldPath === undefined ? "/dev/null" : `a/${oldPath}`, newPath === undefined ? "/dev/null" : `b/${newPath}`, t.before, t.after, CONTEXT, {
        deadline: performance.now() + Math.max(1, Math.min(limits.timeoutMs, timeLeftMs)),
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
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/base/memo.ts
var memo = __webpack_require__(59987);
// EXTERNAL MODULE: ./src/base/within.ts
var within = __webpack_require__(3198);
// EXTERNAL MODULE: ./src/model/paths.ts
var paths = __webpack_require__(91933);
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
    /**
     * Answers by root and path: a run names the same few files call after call (the edit-heavy run: 4,680
     * edits of 8 files), and each answer was a relating, a key and two pattern tests again.
     */
    answers = new memo/* RootedMemo */.m(2, 4096);
    /** Where `p` is, as a workspace path and a key; undefined for no file (empty, NUL, the root itself). */
    locate(p) {
        const root = this.root || this.workspace;
        const known = this.answers.get(root, p);
        if (known !== undefined || this.answers.has(root, p))
            return known;
        const found = this.find(p, root);
        this.answers.set(root, p, found);
        return found;
    }
    find(p, root) {
        if (p === "" || p.includes("\0"))
            return undefined;
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
            const nested = this.isLocalDir(root) && ((0,within/* within */.u)(this.workspace, root) || (0,within/* within */.u)(root, this.workspace));
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

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
;// CONCATENATED MODULE: ./src/stream/json.ts
/** Small JSON shape checks shared by the stream and the tools. */

/**
 * Lenient fields: a value of the wrong type reads as absent, never as an error (the format drifts). Built
 * on first use, as every schema of the stream is: a run whose lines all come in the shapes read by hand
 * builds none (by-hand.ts).
 */
const lenient = once(() => ({
    str: schemas/* string */.YjP().optional().catch(undefined),
    num: schemas/* number */.aig().optional().catch(undefined),
    bool: schemas/* boolean */.zMY().optional().catch(undefined),
}));
/** `build()`, called once, on the first call. */
function once(build) {
    let built;
    return () => {
        built ??= { value: build() };
        return built.value;
    };
}
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

;// CONCATENATED MODULE: ./src/tools/generic.ts
/** How a call is shown when its kind has no rules of its own for it: its arguments and its plain output. */


/** Arguments are shown as one log line, which is cut to 2,000 characters anyway. */
const ARGS_SHOWN = 4000;
/** Arguments and output of a call we have no special rules for. */
function genericBody(t) {
    const a = argsOf(t);
    const v = outcomeValue(t);
    return {
        head: Object.keys(a).length > 0 ? [`args: ${jsonPreview(a, ARGS_SHOWN)}`] : [],
        body: args_text(v.output) ?? args_text(v.markdown) ?? args_text(v.content),
    };
}

;// CONCATENATED MODULE: ./src/tools/other-tools.ts
/**
 * The todo list, a subagent's task, the lints read, and the kinds that need no rules of their own beyond
 * a name and the argument worth showing. A new kind of that sort is one line in {@link SIMPLE}.
 */


/** Argument keys tried for the main argument of kinds we do not know, in order of preference. */
const GENERIC_MAIN = ["path", "filePath", "file", "command", "pattern", "query", "url", "name", "target"];
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
 * The todo list after `t`: `list` as a successful `updateTodosToolCall` leaves it (its items merged in by
 * id with `merge: true`, else replacing it); undefined when `t` sets none.
 */
function todosAfter(list, t) {
    const update = todoUpdate(t);
    if (!update)
        return undefined;
    if (!update.merge)
        return update.items;
    // Changed items in place, new ones at the end (at most MAX_TODOS in all).
    const out = [...list];
    for (const u of update.items) {
        const at = out.findIndex((x) => x.id === u.id);
        if (at >= 0)
            out[at] = { ...out[at], ...u, content: u.content || out[at].content };
        else if (out.length < MAX_TODOS)
            out.push(u);
    }
    return out;
}
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
/** A subagent's reply up to this length, on one line, is the call's summary too. */
const REPLY_AS_SUMMARY = 80;
/**
 * The subagent's reply: the text of its steps' assistant messages (the stream shows nothing else of its
 * work, docs/stream-format.md "What the stream does not show").
 */
function subagentReply(v) {
    const steps = v.conversationSteps;
    if (!Array.isArray(steps))
        return undefined;
    const texts = [];
    for (const s of steps) {
        const t = args_text(s?.assistantMessage?.text);
        if (t !== undefined)
            texts.push(t);
    }
    return texts.length ? texts.join("\n\n") : undefined;
}
const task = {
    kind: "taskToolCall",
    name: "Task",
    mainArg: (t) => ({ value: stringArg(argsOf(t), ["description", "prompt"]), isPath: false }),
    success(v) {
        const reply = subagentReply(v)?.trim();
        if (reply === undefined || reply === "")
            return { summary: "done" };
        const fits = reply.length <= REPLY_AS_SUMMARY && !/[\r\n]/.test(reply);
        return { summary: fits ? reply : "replied" };
    },
    logBody(t) {
        const reply = t.payload.outcome?.key === "success" ? subagentReply(outcomeValue(t)) : undefined;
        return reply !== undefined ? { head: [], body: reply } : genericBody(t);
    },
};
/** `readLintsToolCall`: the files it read the diagnostics of, absolute, each shown as the workspace's. */
const lints = {
    kind: "readLintsToolCall",
    name: "Read lints",
    mainArg(t) {
        const a = argsOf(t);
        const paths = Array.isArray(a.paths)
            ? a.paths.filter((p) => typeof p === "string" && p !== "")
            : [];
        if (paths.length > 0)
            return { value: paths.join(", "), isPath: false, paths };
        return { value: stringArg(a, ["path"]), isPath: true };
    },
    logBody: genericBody,
};
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

;// CONCATENATED MODULE: ./src/stream/outcomes.ts
/**
 * The outcome vocabulary: every key a tool call's `result` may hold as its outcome, and what each one says
 * happened. The one table: the stream reads it to tell the outcome from the metadata beside it (`pid`,
 * `sandboxPolicy`, in any order), src/tools/ to say what the call did (docs/stream-format.md "Outcomes").
 * The CLI adds keys as it adds tools; a key not here is an unknown outcome, never taken for an error.
 */
const table = {
    success: { means: "succeeded", words: "done" },
    complete: { means: "succeeded", words: "complete" },
    registered: { means: "succeeded", words: "registered" },
    startSuccess: { means: "succeeded", words: "started" },
    saveSuccess: { means: "succeeded", words: "saved" },
    discardSuccess: { means: "succeeded", words: "discarded" },
    approved: { means: "pending", words: "approved" },
    async: { means: "pending", words: "running in the background" },
    stillRunning: { means: "pending", words: "still running" },
    needsConfirmation: { means: "needs-approval", words: "needs approval" },
    rejected: { means: "rejected", words: "rejected" },
    failure: { means: "failed", words: "failed" },
    permissionDenied: { means: "failed", words: "permission denied" },
    readPermissionDenied: { means: "failed", words: "read permission denied" },
    writePermissionDenied: { means: "failed", words: "write permission denied" },
    fileNotFound: { means: "failed", words: "file not found" },
    notFound: { means: "failed", words: "not found" },
    notFile: { means: "failed", words: "not a file" },
    invalidFile: { means: "failed", words: "invalid file" },
    fileBusy: { means: "failed", words: "file busy" },
    error: { means: "errored", words: "error" },
    spawnError: { means: "errored", words: "could not start" },
    timeout: { means: "errored", words: "timed out" },
    noSpace: { means: "errored", words: "no space left" },
    sandboxUnsupported: { means: "errored", words: "sandbox unsupported" },
    serverNotFound: { means: "errored", words: "MCP server not found" },
    toolNotFound: { means: "errored", words: "tool not found" },
};
/** Every outcome key the action knows, with its meaning. */
const OUTCOMES = table;
/** The key's entry; undefined for a key the action does not know (or one of Object's own names). */
function knownOutcome(key) {
    return Object.hasOwn(table, key) ? OUTCOMES[key] : undefined;
}

;// CONCATENATED MODULE: ./src/tools/outcome.ts
/**
 * A completed call's outcome: its `result`'s outcome key read the same way for every family, by the one
 * vocabulary (../stream/outcomes.ts); only a `success` value is read by the family (docs/stream-format.md
 * "Outcomes").
 */


/**
 * An unknown key is kept up to this many characters: the CLI's own word, but no bound of its length is
 * promised. Shown cut after redaction (report/compose.ts), as every text that may hold a secret.
 */
const KEY_KEPT = 256;
function summarizeOutcome(t) {
    const o = t.payload.outcome;
    if (!o)
        return { status: "errored", summary: "no result", error: "the completion carried no result" };
    const v = o.value;
    const message = nonEmpty(str(v, ["error", "reason", "message", "stderr"], true));
    const known = knownOutcome(o.key);
    if (!known) {
        const key = o.key.length > KEY_KEPT ? o.key.slice(0, KEY_KEPT) : o.key;
        return { status: "unknown", summary: `unknown outcome \`${key}\``, unknownKey: key, error: message };
    }
    if (o.key === "success")
        return success(t, v);
    // A shell `failure` can carry exitCode 0: the status is still failed.
    const code = num(v.exitCode);
    const exit = known.means === "failed" && code !== undefined && code !== 0 ? `, exit ${code}` : "";
    const summary = { status: known.means, summary: `${known.words}${exit}`, exitCode: code };
    if (o.key === "fileNotFound") {
        const p = str(v, ["path"], true);
        return { ...summary, error: p ? `file not found: ${p}` : "file not found" };
    }
    if (o.key === "timeout")
        return { ...summary, error: message ?? "the tool call timed out" };
    return { ...summary, error: message };
}
/** A `success`: as its family reads it (a shell's non-zero exit is a failure). */
function success(t, v) {
    if (!t.family.success)
        return { status: "succeeded", summary: "done" };
    const r = t.family.success(v, t);
    const status = r.status ?? "succeeded";
    return { ...r, status, error: status === "succeeded" ? undefined : nonEmpty(str(v, ["stderr"], true)) };
}
/** The error line a call's log group shows when it did not succeed. */
function outcomeError(t) {
    const o = t.payload.outcome;
    if (!o || knownOutcome(o.key)?.means === "succeeded")
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

;// CONCATENATED MODULE: ./src/tools/patch.ts
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

;// CONCATENATED MODULE: ./src/tools/file-args.ts
/**
 * File operations read from arguments: the alternate naming (`tool_name` `write`, `edit_file`,
 * `str_replace`, … with `parameters`), `function{name, arguments}` calls and MCP file tools, whose
 * arguments follow no one schema; and patch texts (the apply_patch format), which Cursor's own edits
 * carry too (docs/stream-format.md "Tool kinds").
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
    return PATCH_KEYS.map((k) => args[k]).find(isPatchText);
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
    const sections = parsePatchText(text);
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
    return (parsePatchText(text) ?? []).map((s) => s.path);
}

;// CONCATENATED MODULE: ./src/tools/file-tools.ts
/**
 * The file tools: read, write, edit, delete. Cursor's own kinds carry the file's content before and after
 * (docs/stream-format.md "Tool kinds"); the alternate naming and function calls carry their arguments
 * only.
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
        if (isPatchText(a.streamContent))
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

;// CONCATENATED MODULE: ./src/tools/mcp-tools.ts
/**
 * The MCP kinds: a tool called on a server, the servers' tools and resources listed, a resource read. Each
 * is shown by the server and what it named there (docs/stream-format.md "Tool kinds"); a listing that
 * names no server is of all of them.
 */




/** The server a call names: `providerIdentifier` on a tool call, `server` on the listing kinds. */
const SERVER_KEYS = ["providerIdentifier", "server", "serverName"];
function serverOf(t) {
    return stringArg(argsOf(t), SERVER_KEYS);
}
function mcpToolName(t) {
    return str(argsOf(t), ["toolName", "name"]) ?? "";
}
/** `server/what`, either part alone when the other is missing. */
function target(server, what) {
    return { value: [server, what].filter(Boolean).join("/") || undefined, isPath: false };
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
    return ops ? { ops, args: objectOrJson(argsOf(t).args) ?? {} } : undefined;
}
const mcp = {
    kind: "mcpToolCall",
    name: "MCP",
    mainArg: (t) => target(serverOf(t), mcpToolName(t)),
    success: (v) => (v.isError === true ? { summary: "tool error", status: "failed" } : { summary: "done" }),
    logBody(t) {
        const a = argsOf(t);
        const head = a.args !== undefined
            ? [`args: ${typeof a.args === "string" ? a.args : jsonPreview(a.args, ARGS_SHOWN)}`]
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
const mcpTools = {
    kind: "getMcpToolsToolCall",
    name: "MCP tools",
    mainArg: (t) => target(serverOf(t) ?? "all servers", stringArg(argsOf(t), ["toolName", "pattern"])),
    logBody: genericBody,
};
const mcpResource = {
    kind: "readMcpResourceToolCall",
    name: "MCP resource",
    mainArg: (t) => ({
        value: [serverOf(t), stringArg(argsOf(t), ["uri"])].filter(Boolean).join(" ") || undefined,
        isPath: false,
    }),
    logBody: genericBody,
};
const mcpResources = {
    kind: "listMcpResourcesToolCall",
    name: "MCP resources",
    mainArg: (t) => ({ value: serverOf(t) ?? "all servers", isPath: false }),
    logBody: genericBody,
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
    mcpTools,
    mcpResource,
    mcpResources,
    todos,
    task,
    lints,
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
    const own = t.family.mainArg(t);
    return own.value !== undefined ? own : (refusedArg(t) ?? own);
}
/**
 * A refused call may name what it tried only in its rejection (`rejected.command`, or a path): the
 * arguments the CLI sent can lack it (docs/stream-format.md "Outcomes").
 */
function refusedArg(t) {
    const o = t.payload.outcome;
    if (o?.key !== "rejected")
        return undefined;
    const command = str(o.value, ["command"]);
    if (command !== undefined)
        return { value: command, isPath: false };
    const path = str(o.value, PATH_KEYS);
    return path !== undefined ? { value: path, isPath: true } : undefined;
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
            for (const op of fileOps(u.tool))
                this.apply(op);
        }
        catch {
            // A payload we misread must not take the run down; the git cross-check still sees the disk.
        }
    }
    keyOfNamed(tool) {
        const named = changedPath(tool);
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

// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(58500);
// EXTERNAL MODULE: ./src/base/limits.ts
var limits = __webpack_require__(58369);
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
var apply = __webpack_require__(95281);
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
            return applyChunks(text, op.chunks);
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
/**
 * HEAD's side of the end of the run: where each changed file is at HEAD (looked up during the run by the
 * {@link Prefetcher}, the rest now in one batch), and the files cut into batches whose HEAD blobs are
 * read from one git process kept open for them. Memory holds a few batches' blobs (summary.ts READ_AHEAD),
 * never the run's.
 */


/**
 * Files per batch at the end of the run, and HEAD blob bytes per batch (memory holds one batch). Each
 * batch is a git process, and its start (a fork of the action, ~4 ms, then git's own) was what the end
 * waited on: 2,000 files of 200 lines in batches of 128 ended in ~720 ms, in batches of 256 in ~650 ms,
 * at the same peak RSS (BENCHMARKS.md). The bytes, not the count, bound larger files' batches.
 */
const BATCH_FILES = 256;
const BATCH_BYTES = limits/* HEAD_BYTES_AT_ONCE */.jW;
/**
 * Where each changed file is at HEAD: looked up during the run, or at the agent's exit (`atExit`: what
 * that lookup found, if it is back), and the rest now in one batch. A lookup made during the run wins:
 * HEAD as it was when the agent first touched the file is the baseline, even if the agent committed later.
 */
async function headEntries(git, prefetcher, paths, ask, atExit) {
    if (!git.heads || paths.length === 0)
        return undefined;
    const out = new Map();
    // Paths still waiting for their batch's timer are simply asked for with the rest, now.
    prefetcher.stop();
    let rest = [];
    for (const p of paths) {
        const early = prefetcher.early(p);
        const r = early ? await ask(() => early, undefined) : undefined;
        if (r)
            out.set(p, r);
        else
            rest.push(p);
    }
    if (rest.length > 0)
        rest = takeKnown(rest, (p) => p, atExit?.(), out);
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
/**
 * The HEAD blobs of a batch's files, by id: those read at the agent's exit (`atExit`, if back), the rest
 * from `blobs` (one git process for the batches), else from one for the batch.
 */
async function batchBlobs(batch, heads, git, ask, blobs, atExit) {
    const refs = [];
    for (const [, s] of batch) {
        const h = heads?.get(s.path);
        if (h?.kind === "blob")
            refs.push(h);
    }
    if (refs.length === 0)
        return new Map();
    const out = new Map();
    const ids = takeKnown(refs, (r) => r.oid, atExit?.(), out);
    if (ids.length === 0)
        return out;
    const read = blobs ? () => blobs.read(ids, MAX_KEPT_CHARS) : git.blobs?.bind(git, ids, MAX_KEPT_CHARS);
    if (!read)
        return out;
    for (const [oid, r] of (await ask(read, undefined)) ?? [])
        out.set(oid, r);
    return out;
}
/** What `known` (by `key`) answers of `items`, put in `out`; the items it does not answer, returned. */
function takeKnown(items, key, known, out) {
    if (!known)
        return items;
    const rest = [];
    for (const item of items) {
        const v = known.get(key(item));
        if (v)
            out.set(key(item), v);
        else
            rest.push(item);
    }
    return rest;
}

// EXTERNAL MODULE: ./src/git/reader.ts + 2 modules
var reader = __webpack_require__(96041);
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
async function shellChanges(input, explained, ask, note, statusP) {
    const { git, locator, recorder } = input;
    const status = await statusP;
    if (status.length === 0)
        return { files: [], added: 0, removed: 0 };
    const { changed, unchangedSinceBefore } = unexplained(input, explained, status);
    // Counted only where the tool calls leave something to count: numstat diffs each file it is given
    // (2,000 edited files: ~180 ms of git's CPU for counts the tool calls had already made).
    const tracked = changed.filter(reader/* isTracked */.Xz).map((e) => e.path);
    const numstat = new Map();
    const counted = tracked.length > 0 ? await ask(() => git.numstat(tracked), []) : [];
    for (const n of counted)
        numstat.set(locator.gitKey(n.path), n);
    const out = [];
    let unlisted = 0;
    let unlistedAdded = 0;
    let unlistedRemoved = 0;
    for (const e of changed) {
        const key = locator.gitKey(e.path);
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
/** The entries no successful tool call explains and that changed since the snapshot, in path order. */
function unexplained(input, explained, status) {
    const { locator, before } = input;
    const changed = [];
    let unchangedSinceBefore = 0;
    for (const e of [...status].sort((a, b) => cmp(a.path, b.path))) {
        if (explained.has(locator.gitKey(e.path)))
            continue;
        if (before?.has(e.path) && before.get(e.path) === (0,snapshot/* entrySignature */.j)(input.workspace, e.code, e.path)) {
            unchangedSinceBefore++;
            continue;
        }
        changed.push(e);
    }
    return { changed, unchangedSinceBefore };
}

;// CONCATENATED MODULE: ./src/changes/time-budget.ts
/**
 * The end of the run's time: one budget for the whole change summary, and every git call bounded by
 * what is left of it. A git that hangs (a huge repository, a lock, a network file system) must not hold
 * the run's end: past the budget a call gives its fallback instead, and never throws. A cancel can end the
 * budget sooner (`until`): what is left is spent at once, and the calls still running give their fallback.
 */
/** A budget of `budgetMs` from now, or until `until` aborts, whichever comes first. */
function startTimeBudget(budgetMs, now, until) {
    const started = now();
    const timeLeft = () => (until?.aborted ? 0 : budgetMs - (now() - started));
    return { timeLeft, ask: (f, fallback) => guarded(f, fallback, timeLeft(), until) };
}
async function guarded(f, fallback, ms, until) {
    if (ms <= 0)
        return fallback;
    let timer;
    let ended = () => { };
    try {
        return await Promise.race([
            f().catch(() => fallback),
            new Promise((resolve) => {
                ended = () => resolve(fallback);
                timer = setTimeout(ended, ms);
                until?.addEventListener("abort", ended, { once: true });
            }),
        ]);
    }
    catch {
        return fallback;
    }
    finally {
        clearTimeout(timer);
        until?.removeEventListener("abort", ended);
    }
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
    const budget = startTimeBudget(input.budgetMs, input.now, input.until);
    const { ask } = budget;
    const notes = new RunNotes();
    const repo = await ask(() => git.isRepo(), false);
    // The working tree's status is asked for now, in parallel with the lookups below: git processes one
    // after another were most of the end of a run (BENCHMARKS.md). Its line counts (numstat) only for what
    // no tool call explains, once that is known (./shell-changes.ts).
    const statusP = repo ? ask(() => input.atExit?.status ?? git.status(), []) : Promise.resolve([]);
    const tools = await toolChanges(input, repo, budget, notes);
    const shell = repo
        ? await shellChanges(input, tools.explained, ask, notes.add, statusP)
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
    const heads = repo
        ? await headEntries(git, input.prefetcher, insidePaths, ask, input.atExit?.heads)
        : undefined;
    const diffs = { chars: 0, dropped: 0 };
    let budgetNoted = false;
    // Files go a batch at a time: the batch's HEAD blobs asked of git ahead, then each file is read from the
    // working tree, replayed, diffed and let go. Memory holds a few batches' blobs, not the run. The working
    // tree is read as each file comes (the reads are synchronous: reading ahead only held them in memory).
    const read = (s) => ask(() => git.read(s.path, MAX_KEPT_CHARS), undefined);
    // One git process answers every batch's HEAD blobs: a process a batch cost a fork of the action each.
    const blobs = repo ? git.openBlobs?.() : undefined;
    const load = (batch) => ({
        batch,
        blobs: batchBlobs(batch, heads, git, ask, blobs, input.atExit?.blobs),
    });
    const pending = batches(states, heads);
    const ahead = [];
    const readAhead = () => {
        while (ahead.length < READ_AHEAD) {
            const b = pending.next();
            if (b.done)
                return;
            ahead.push(load(b.value));
        }
    };
    readAhead();
    for (let next = ahead.shift(); next; next = ahead.shift()) {
        // The next batches' blobs are asked for while this one is diffed: git works while we compute.
        const { batch } = next;
        const src = {
            repo,
            git,
            limits,
            budget,
            heads,
            blobs: await next.blobs,
            disk: read,
        };
        readAhead();
        let sinceTurn = 0;
        for (const [key, s] of batch) {
            const h = heads?.get(s.path);
            sinceTurn += h?.kind === "blob" ? h.size : 0;
            if (sinceTurn >= TURN_BYTES) {
                sinceTurn = 0;
                await (0,promises_.setImmediate)();
            }
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
    blobs?.close();
    if (diffs.dropped > 0) {
        notes.add(`The diffs of ${diffs.dropped} file(s) are not shown: they are past what a report can hold (their line counts are exact).`);
    }
    return out;
}
/**
 * Batches whose blobs are asked of git while one is diffed. 2,000 files of 200 lines, a process a
 * batch then: ~650 ms from the agent's exit to ours with one read ahead, ~530 with two, ~550 with three;
 * with one process and the event loop turned while diffing ({@link TURN_BYTES}), ~595 with one and ~480
 * with two (BENCHMARKS.md).
 * Memory holds this many batches more than the one being diffed.
 */
const READ_AHEAD = 2;
/**
 * A turn of the event loop after diffing this much of HEAD's content. git writes the batches read ahead
 * into a pipe of 64 KiB, read only on a turn, and diffing takes none (its awaits end in microtasks): git
 * was held to 64 KiB ahead. 2,000 files of 200 lines (12 KB each): from the agent's exit to ours ~540 ms
 * without turns; ~475 with a turn a file, at ~85 ms more CPU; ~480 with a turn every half pipe (a third
 * of the turns), at ~80 ms less CPU than without (BENCHMARKS.md).
 */
const TURN_BYTES = 32 * 1024;
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
                until: opts.until,
                now: this.opts.now ?? Date.now,
                before: opts.before,
                atExit: opts.atExit,
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

;// CONCATENATED MODULE: ./src/stream/by-hand.ts
/**
 * The events every run has once (`system/init`, `user`, `result`) read by hand, exactly as their schemas
 * in events.ts would read them, so that a run whose lines all come in the shapes read by hand builds no
 * zod schema at all: building them and their first parses were 10–18 ms of a run's start (BENCHMARKS.md).
 * Only what the schema would accept is taken here; anything less regular is left to the schema (a
 * property test holds the two to each other).
 */

/** A lenient field as the schemas' `str`, `num` and `bool` read it: the wrong type reads as absent. */
const lenientStr = (v) => (typeof v === "string" ? v : undefined);
const lenientNum = (v) => typeof v === "number" && Number.isFinite(v) ? v : undefined;
const lenientBool = (v) => (typeof v === "boolean" ? v : undefined);
/** What the init schema reads: it never fails on an object, every field being lenient. */
function initFields(raw) {
    return {
        session_id: lenientStr(raw.session_id),
        request_id: lenientStr(raw.request_id),
        model: lenientStr(raw.model),
        cwd: lenientStr(raw.cwd),
        workspace: lenientStr(raw.workspace),
        apiKeySource: lenientStr(raw.apiKeySource),
        permissionMode: lenientStr(raw.permissionMode),
    };
}
/**
 * The text content of a `user` line as the schema reads it (`message.content[].text`, or `text`), or
 * undefined when its shape is not the plain one (then the schema decides).
 */
function plainTextContent(raw) {
    if (raw.text !== undefined && typeof raw.text !== "string")
        return undefined;
    if (raw.message === undefined)
        return { text: raw.text };
    if (!isPlainObject(raw.message) || !Array.isArray(raw.message.content))
        return undefined;
    const content = [];
    for (const part of raw.message.content) {
        if (!isPlainObject(part))
            return undefined;
        content.push({ type: lenientStr(part.type), text: lenientStr(part.text) });
    }
    return { message: { content }, text: raw.text };
}
/**
 * A result's `usage` as the schema reads it (a record of numbers; anything else reads as absent), or
 * `false` for an object the schema treats specially (`__proto__`, `constructor`: then the schema decides).
 */
function plainUsage(v) {
    if (v === undefined || !isPlainObject(v))
        return undefined;
    if (Object.hasOwn(v, "__proto__") || Object.hasOwn(v, "constructor"))
        return false;
    const out = {};
    for (const key of Object.keys(v)) {
        const n = v[key];
        if (typeof n !== "number" || !Number.isFinite(n))
            return undefined;
        out[key] = n;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/stream/interaction.ts
/**
 * `interaction_query` request/response: something the agent asks its client (an approval, an answer, a
 * plan to accept) and the client's answer (docs/stream-format.md "Interaction queries"). `query_type`
 * names the kind, and `query` holds one key of that name (beside an `id`) with its `args`. In plan mode
 * the plan itself travels here and nowhere else: `query.createPlanRequestQuery.args.plan`.
 */


/** The query that carries a plan in plan mode. */
const PLAN_QUERY = "createPlanRequestQuery";
/**
 * What each known kind asks for, as the log says it. The names are those the CLI's protocol gives its
 * interaction queries; a kind not here is shown as unknown, never by its raw name or payload.
 */
const QUERY_NAMES = {
    shellRequestQuery: "approval of a command",
    createPlanRequestQuery: "approval of a plan",
    askQuestionInteractionQuery: "an answer to a question",
    switchModeRequestQuery: "approval of a mode switch",
    webSearchRequestQuery: "approval of a web search",
    exaSearchRequestQuery: "approval of a web search",
    webFetchRequestQuery: "approval of a web fetch",
    exaFetchRequestQuery: "approval of a web fetch",
    mcpAuthRequestQuery: "an MCP server's sign-in",
    prManagementRequestQuery: "approval of a pull request action",
    generateImageRequestQuery: "approval of an image generation",
    connectScmRequestQuery: "a source control connection",
    setupVmEnvironmentArgs: "a VM environment's setup",
    replaceEnvArgs: "approval of an environment change",
};
/** What a query of this kind asks for, in words (docs/stream-format.md "Interaction queries"). */
function queryName(queryType) {
    const known = queryType !== undefined && Object.hasOwn(QUERY_NAMES, queryType);
    return known ? QUERY_NAMES[queryType] : "something of a kind this action does not know";
}
function interactionEvent(phase, raw) {
    const query = isPlainObject(raw.query) ? raw.query : undefined;
    const queryType = interaction_nonEmpty(lenientStr(raw.query_type)) ?? (query && queryKey(query));
    const e = {
        kind: "interaction",
        phase,
        queryType,
        timestampMs: lenientNum(raw.timestamp_ms),
    };
    if (queryType === PLAN_QUERY && query) {
        const plan = planOf(query);
        if (plan !== undefined)
            e.plan = plan;
    }
    return e;
}
/** The plan text: `query.createPlanRequestQuery.args.plan`, or `args.plan` straight under `query`. */
function planOf(query) {
    const body = isPlainObject(query[PLAN_QUERY]) ? query[PLAN_QUERY] : query;
    const args = isPlainObject(body.args) ? body.args : undefined;
    return interaction_nonEmpty(lenientStr(args?.plan));
}
/** Without `query_type`, the kind is the key of `query` whose value is an object (beside its `id`). */
function queryKey(query) {
    for (const key of Object.keys(query))
        if (key !== "id" && isPlainObject(query[key]))
            return key;
    return undefined;
}
function interaction_nonEmpty(s) {
    return s === undefined || s.trim() === "" ? undefined : s;
}

;// CONCATENATED MODULE: ./src/model/notes.ts

/** A resume is the retry under way going on from a checkpoint, not a retry of its own. */
function isResume(e) {
    return e.phase === "resuming" || e.isResume === true;
}
function retryNote(e) {
    if (isResume(e)) {
        const turns = e.checkpointTurns !== undefined ? ` (turn ${e.checkpointTurns})` : "";
        return `Resuming the retry from a checkpoint${turns}`;
    }
    return `Retrying the request${e.attempt ? ` (attempt ${e.attempt})` : ""}`;
}
function interactionNote(e) {
    const what = queryName(e.queryType);
    return e.phase === "request"
        ? `Interaction: the agent asks for ${what}`
        : `Interaction: the request for ${what} was answered`;
}
/**
 * A plan arrived: said by its size, never its text (the report shows it when it is the final message:
 * always in plan mode, else when the agent says nothing after it).
 */
function planNote(lines, planMode) {
    const made = `Plan made (${lines} line${lines === 1 ? "" : "s"})`;
    return planMode ? `${made} — it is the run's final message` : made;
}
/** Lines of a text, a last line break not starting another. */
function lineCount(text) {
    let n = 1;
    for (let at = text.indexOf("\n"); at !== -1 && at < text.length - 1; at = text.indexOf("\n", at + 1))
        n++;
    return n;
}

;// CONCATENATED MODULE: ./src/stream/tool-events.ts
/**
 * Tool-call events: Cursor's `tool_call` started/completed (the kind is the one key of `tool_call` that is
 * not a known sibling; the outcome the key of its `result` that ./outcomes.ts knows), and the alternate
 * naming's `tool-call-started`/`tool-call-completed` with `tool_name` and `parameters`
 * (docs/stream-format.md "Tool calls"). Both become the same {@link ToolEvent}; what a kind means is src/tools/'s business.
 */



/** Numbers sometimes arrive as strings (`startedAtMs: "1788849963130"`); anything else is no number. */
function numLike(v) {
    if (typeof v === "number")
        return v;
    return typeof v === "string" && /^\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;
}
/** The schemas, built on first use (json.ts {@link lenient}): the CLI's own lines are read by hand. */
const tool_events_schemas = once(() => {
    const { str, num, bool } = lenient();
    const obj = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J());
    return {
        toolEvent: schemas/* object */.Ikc({
            call_id: str,
            tool_call: obj,
            model_call_id: str,
            timestamp_ms: num,
        }),
        altToolEvent: schemas/* object */.Ikc({
            tool_call_id: schemas/* string */.YjP(),
            tool_name: schemas/* string */.YjP(),
            parameters: obj.optional().catch(undefined),
            result: schemas/* object */.Ikc({
                success: bool,
                output: schemas/* unknown */.L5J().optional(),
                exit_code: num,
                error: schemas/* unknown */.L5J().optional(),
            })
                .optional()
                .catch(undefined),
            duration_ms: num,
            timestamp_ms: num,
        }),
    };
});
/** Keys beside the kind in `tool_call` (newer CLIs); never the kind itself. */
const TOOL_CALL_SIBLINGS = new Set(["toolCallId", "hookAdditionalContexts", "startedAtMs", "completedAtMs"]);
/**
 * Keys in `result` that sit beside the outcome key rather than being one (a shell's background state, the
 * process and the sandbox it ran under). They come before or after the outcome, in any order.
 */
const RESULT_SIBLINGS = new Set(["isBackground", "terminalsFolder", "pid", "sandboxPolicy"]);
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
        payload.outcome = tool_events_outcomeOf(result);
    }
    return payload;
}
function argsObject(v) {
    // A string that is not a JSON object is kept as the one argument.
    return objectOrJson(v) ?? (typeof v === "string" ? { arguments: v } : undefined);
}
/**
 * The outcome among `result`'s keys: the first one the vocabulary knows (./outcomes.ts), wherever it
 * stands; failing that, the first key that is no known sibling, an outcome the action does not know.
 * The other keys (`isBackground`, `pid`, …) are metadata, which nothing reads.
 */
function tool_events_outcomeOf(result) {
    const keys = Object.keys(result);
    const key = keys.find((k) => knownOutcome(k) !== undefined) ?? keys.find((k) => !RESULT_SIBLINGS.has(k));
    if (key === undefined)
        return undefined;
    // `timeout` and `permissionDenied` can be bare (`{}`, `true`): an outcome all the same.
    const value = result[key];
    const v = value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
    return { key, value: v };
}
function alternateToolEvent(type, raw) {
    const r = tool_events_schemas().altToolEvent.safeParse(raw);
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
                value.error = errorText(res.error);
            // `success: true` with a non-zero exit code is a failure, as a shell `success` with one is.
            tool.outcome = { key: ok ? "success" : "failure", value };
        }
        tool.durationMs = d.duration_ms;
    }
    return {
        kind: type === "tool-call-started" ? "tool-started" : "tool-completed",
        callId: usableId(d.tool_call_id),
        tool,
        timestampMs: d.timestamp_ms,
    };
}
/**
 * The envelope as the CLI writes it, checked by hand exactly as its schema (above) would accept it:
 * thousands of calls a run, and zod's parse was ~45 ms of a 64 MiB one (BENCHMARKS.md). Anything less
 * regular goes through the schema, with its leniency.
 */
function wellFormed(raw) {
    const tc = raw.tool_call;
    if ((raw.call_id !== undefined && typeof raw.call_id !== "string") ||
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
    const d = wellFormed(raw) ?? tool_events_schemas().toolEvent.safeParse(raw).data;
    if (!d)
        return undefined;
    const tool = toolPayload(d.tool_call);
    if (!tool)
        return undefined;
    return {
        kind: subtype === "started" ? "tool-started" : "tool-completed",
        callId: usableId(d.call_id) ?? nestedId(d.tool_call, tool),
        tool,
        modelCallId: d.model_call_id,
        timestampMs: d.timestamp_ms,
    };
}
/**
 * An id as a key, or undefined when it is none: live payloads carry an empty `call_id`, or one with a
 * stray leading space (docs/stream-format.md "Tool-call ids"). Trimmed at both ends, so that the spaced
 * and the clean spelling of one id are one key; the newline inside a two-part id is kept.
 */
function usableId(v) {
    if (typeof v !== "string")
        return undefined;
    const id = v.trim();
    return id === "" ? undefined : id;
}
/** The call's own id where newer CLIs also put it: the `toolCallId` sibling of the kind, or in `args`. */
function nestedId(toolCall, tool) {
    return usableId(toolCall.toolCallId) ?? usableId(tool.args?.toolCallId);
}

;// CONCATENATED MODULE: ./src/stream/events.ts
/**
 * Events: one parsed JSON line → one typed {@link AgentEvent}.
 *
 * Validation is by zod, per event type, on the fields the action reads; everything else in a line is
 * ignored. An event of a type we do not know, or a known type whose fields do not fit, becomes an
 * `unknown` event instead of an error: the agent's format grows faster than its docs (docs/stream-format.md "Events").
 */





/**
 * A token of streamed text rather than a whole segment (docs/stream-format.md "Partial output"): the
 * alternate form, or a token delta's `timestamp_ms` without the repeat's `model_call_id`.
 */
function isAssistantDelta(e) {
    return e.alternate === true || (e.modelCallId === undefined && e.timestampMs !== undefined);
}
/** The schemas, built on first use (json.ts {@link lenient}). */
const events_schemas = once(() => {
    const { str, num, bool } = lenient();
    const textContent = schemas/* object */.Ikc({
        message: schemas/* object */.Ikc({ content: schemas/* array */.YOg(schemas/* object */.Ikc({ type: str, text: str })) }).optional(),
        text: schemas/* string */.YjP().optional(),
    });
    return {
        textContent,
        assistant: textContent.extend({ model_call_id: str, timestamp_ms: num }),
        result: schemas/* object */.Ikc({
            subtype: str,
            is_error: bool,
            result: str,
            error: schemas/* unknown */.L5J().optional(),
            duration_ms: num,
            duration_api_ms: num,
            session_id: str,
            request_id: str,
            usage: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* number */.aig()).optional().catch(undefined),
        }),
        timed: schemas/* object */.Ikc({ timestamp_ms: num }),
        delta: schemas/* object */.Ikc({ text: schemas/* string */.YjP(), timestamp_ms: num }),
        connection: schemas/* object */.Ikc({ attempt: num, timestamp_ms: num }),
        retry: schemas/* object */.Ikc({ attempt: num, is_resume: bool, checkpoint_turn_count: num, timestamp_ms: num }),
        notice: schemas/* object */.Ikc({ message: str, timestamp_ms: num }),
    };
});
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
            const d = plainTextContent(raw) ?? events_schemas().textContent.safeParse(raw).data;
            return d ? { kind: "user", text: joinText(d) } : unknown;
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
                const r = events_schemas().delta.safeParse(raw);
                return r.success
                    ? { kind: "thinking-delta", text: r.data.text, timestampMs: r.data.timestamp_ms }
                    : unknown;
            }
            if (subtype === "completed") {
                if (typeof raw.timestamp_ms === "number" || raw.timestamp_ms === undefined)
                    return { kind: "thinking-completed", timestampMs: raw.timestamp_ms };
                const r = events_schemas().timed.safeParse(raw);
                return { kind: "thinking-completed", timestampMs: r.success ? r.data.timestamp_ms : undefined };
            }
            return unknown;
        }
        case "assistant": {
            const fast = assistantLine(raw);
            if (fast)
                return fast;
            const r = events_schemas().assistant.safeParse(raw);
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
            const r = events_schemas().connection.safeParse(raw);
            return { kind: "connection", phase: subtype, ...(r.success ? pick(r.data) : {}) };
        }
        case "retry":
            return retryEvent(subtype, raw);
        case "interaction_query":
            return subtype === "request" || subtype === "response" ? interactionEvent(subtype, raw) : unknown;
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
    const d = initFields(raw);
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
    const usage = plainUsage(raw.usage);
    const d = usage === false
        ? events_schemas().result.safeParse(raw).data
        : {
            subtype: lenientStr(raw.subtype),
            is_error: lenientBool(raw.is_error),
            result: lenientStr(raw.result),
            error: raw.error,
            duration_ms: lenientNum(raw.duration_ms),
            duration_api_ms: lenientNum(raw.duration_api_ms),
            session_id: lenientStr(raw.session_id),
            request_id: lenientStr(raw.request_id),
            usage,
        };
    if (!d)
        return undefined;
    const sub = d.subtype ?? subtype ?? "success";
    return {
        kind: "result",
        subtype: sub,
        isError: d.is_error === true || sub === "error",
        text: d.result,
        error: errorText(d.error),
        durationMs: d.duration_ms,
        durationApiMs: d.duration_api_ms,
        sessionId: d.session_id,
        requestId: d.request_id,
        usage: d.usage,
    };
}
function retryEvent(subtype, raw) {
    const d = events_schemas().retry.safeParse(raw).data;
    return {
        kind: "retry",
        phase: subtype,
        attempt: d?.attempt,
        isResume: d?.is_resume,
        checkpointTurns: d?.checkpoint_turn_count,
        timestampMs: d?.timestamp_ms,
    };
}
function pick(d) {
    return { attempt: d.attempt, timestampMs: d.timestamp_ms };
}
function notice(type, subtype, raw) {
    const r = events_schemas().notice.safeParse(raw);
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

;// CONCATENATED MODULE: ./src/model/segments.ts
/**
 * The agent's text as segments: each shown once, whether it arrived whole or as token deltas followed by
 * the CLI's repeat of the whole segment (docs/stream-format.md "Partial output").
 */


/**
 * The longest text of a segment kept to recognise its repeat (longer ones compare by length), and the
 * longest final message kept for the report (a segment, or a plan).
 */
const LAST_SEGMENT_KEPT = 64 * 1024;
/** Kept past the cut, for the report to drop after redaction (no secret is cut in half). */
const SEGMENT_SECRET_MARGIN = limits/* SECRET_MARGIN */.YZ;
const SEGMENT_PREFIX_KEPT = LAST_SEGMENT_KEPT + SEGMENT_SECRET_MARGIN;
/** `text` (of `length` characters in all, when only a prefix is at hand) as the report keeps it. */
function keepText(text, length = text.length) {
    const cut = length > SEGMENT_PREFIX_KEPT || length > text.length;
    return { text: cut ? text.slice(0, SEGMENT_PREFIX_KEPT) : text, cut };
}
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
        if (isAssistantDelta(e)) {
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
        const kept = keepText(text, length);
        this.lastCut = kept.cut;
        this.last = kept.text;
    }
}
function sameText(kept, text) {
    return text.length === kept.length && text.startsWith(kept.prefix);
}

;// CONCATENATED MODULE: ./src/base/recent.ts
/**
 * The last `capacity` keys added, for membership tests: a Set beside a ring of the keys in the order they
 * came. The oldest is forgotten by its key. Taking a Set's first value instead (`values().next()`) walks
 * over every entry deleted before it, which V8 keeps until the table is rebuilt: a window of 4,096 ids
 * cost ~1.5 µs a key, against ~0.5 µs this way (1,000,000 keys: 1.5 s against 0.5 s).
 */
class RecentKeys {
    capacity;
    keys = new Set();
    ring;
    next = 0;
    constructor(capacity) {
        this.capacity = capacity;
        this.ring = new Array(capacity).fill(undefined);
    }
    /** Remembered, the oldest forgotten past the capacity; a key already there stays where it is. */
    add(key) {
        if (this.keys.has(key))
            return;
        const oldest = this.ring[this.next];
        if (oldest !== undefined)
            this.keys.delete(oldest);
        this.ring[this.next] = key;
        this.next = (this.next + 1) % this.capacity;
        this.keys.add(key);
    }
    has(key) {
        return this.keys.has(key);
    }
    get size() {
        return this.keys.size;
    }
}

;// CONCATENATED MODULE: ./src/model/targets.ts

/** `value`, the value of `arg`, for display: inside the workspace unless a path of it is outside. */
function shownTarget(value, arg, root) {
    if (arg.paths) {
        const related = arg.paths.map((p) => (0,paths/* relatePath */.zm)(p, root));
        return { display: related.map((r) => r.display).join(", "), inside: related.every((r) => r.inside) };
    }
    return arg.isPath ? (0,paths/* relatePath */.zm)(value, root) : { display: value, inside: true };
}

;// CONCATENATED MODULE: ./src/model/tool-calls.ts
/**
 * The run model's tool calls (src/model/run-model.ts): each call counted by status and kind as it starts
 * and ends, the first {@link LISTED_CALLS} kept in full for the report and the failed ones after them (up
 * to {@link LISTED_FAILED}); a call's lines replayed after a reconnect recognised by its id, open or
 * finished recently, and ignored. Memory stays flat with the number of calls.
 */



/** Calls kept in full for the report, in the order they started. */
const LISTED_CALLS = 300;
/** Calls past those that did not succeed, also kept: a failure is what a reader looks for. */
const LISTED_FAILED = 200;
/**
 * Ids of finished calls remembered to recognise a replay after a reconnect (the CLI replays the lines of
 * calls just before it): a bounded window, so that a million calls do not keep a million ids.
 */
const RECENT_DONE = 4096;
class ToolCalls {
    root;
    /** The calls kept for the report (see {@link LISTED_CALLS}), by id, in the order they were kept. */
    listed = new Map();
    tally = {
        total: 0,
        byStatus: {
            running: 0,
            succeeded: 0,
            pending: 0,
            "needs-approval": 0,
            rejected: 0,
            failed: 0,
            errored: 0,
            unknown: 0,
        },
        byKind: {},
    };
    /** Calls started and not yet finished (listed or not). */
    open = new Map();
    /** Ids of the last {@link RECENT_DONE} finished calls that are not listed. */
    recentDone = new RecentKeys(RECENT_DONE);
    listedFirst = 0;
    /** Calls seen without an id, each keyed by its number ({@link anonymousKey}). */
    anonymousCalls = 0;
    listedFailed = 0;
    /** `root`: the directory the agent's paths are relative to, once known. */
    constructor(root) {
        this.root = root;
    }
    /** Every call, counted as it came (the listed ones are {@link listed}). */
    counts() {
        return {
            total: this.tally.total,
            byStatus: { ...this.tally.byStatus },
            byKind: { ...this.tally.byKind },
        };
    }
    /** A call started; undefined when it is one already started or finished (a replay after a reconnect). */
    start(e, receivedAt) {
        // After a reconnect the CLI may replay a call's lines: the same id started again.
        if (e.callId !== undefined && this.seen(e.callId))
            return undefined;
        const key = e.callId ?? this.anonymousKey();
        const tool = resolveTool(e.tool);
        const call = this.newCall(key, tool, e.tool.startedAtMs ?? e.timestampMs ?? receivedAt);
        call.pendingArgs = e.tool.args;
        this.open.set(key, call);
        return { call, tool };
    }
    /** A call finished; undefined when it is a replay of one finished already. */
    complete(e, receivedAt) {
        // A completion without an id matches nothing: closing some open call would merge two calls.
        let call = e.callId === undefined ? undefined : this.open.get(e.callId);
        if (!call && e.callId !== undefined && this.seen(e.callId))
            return undefined;
        const key = call?.callId ?? e.callId ?? this.anonymousKey();
        // The completion may lack the arguments its start had.
        const tool = resolveTool(e.tool.args || !call?.pendingArgs ? e.tool : { ...e.tool, args: call.pendingArgs });
        const endedAt = e.tool.completedAtMs ?? e.timestampMs ?? receivedAt;
        if (!call) {
            // A completion without a start (docs/stream-format.md "Tool calls"): the call still counts.
            call = this.newCall(key, tool, e.tool.startedAtMs ?? endedAt);
            call.startSeen = false;
        }
        else if (tool.payload.args && !call.mainArg) {
            this.describe(tool, call);
        }
        this.open.delete(key);
        call.pendingArgs = undefined;
        call.outcome = outcomeOf(tool);
        call.status = call.outcome.status;
        this.tally.byStatus.running--;
        this.tally.byStatus[call.status]++;
        call.endedAt =
            e.tool.durationMs !== undefined
                ? call.startedAt + e.tool.durationMs
                : Math.max(endedAt, call.startedAt);
        if (!this.listed.has(key)) {
            if (call.status !== "succeeded" && this.listedFailed < LISTED_FAILED) {
                this.listedFailed++;
                this.listed.set(key, call);
            }
            else {
                this.recentDone.add(key);
            }
        }
        return { call, tool };
    }
    /** A call already started or finished (listed, open, or finished recently). */
    seen(callId) {
        return this.open.has(callId) || this.listed.has(callId) || this.recentDone.has(callId);
    }
    /**
     * The key of a call that has no id: its own, never matched. It starts with a space, which no id has
     * once trimmed (stream/tool-events.ts `usableId`), so it can be no real call's key.
     */
    anonymousKey() {
        return ` #${++this.anonymousCalls}`;
    }
    /** A new call: counted, and kept for the report while fewer than {@link LISTED_CALLS} are. */
    newCall(callId, tool, startedAt) {
        // Every field a call will have, in one literal: one shape for all calls, where a spread in the middle
        // of the literal copied property by property at run time (~1 µs a call, BENCHMARKS.md).
        const call = {
            callId,
            kind: kindOf(tool),
            name: "",
            mainArg: undefined,
            target: undefined,
            inside: true,
            status: "running",
            outcome: undefined,
            startedAt,
            endedAt: undefined,
            startSeen: true,
            pendingArgs: undefined,
        };
        this.describe(tool, call);
        this.tally.total++;
        this.tally.byStatus.running++;
        this.tally.byKind[call.kind] = (this.tally.byKind[call.kind] ?? 0) + 1;
        if (this.listedFirst < LISTED_CALLS) {
            this.listedFirst++;
            this.listed.set(callId, call);
        }
        return call;
    }
    /** The call's name, main argument and target, as the tool gives them. */
    describe(tool, call) {
        // Both read before the call is touched: it is never left half described.
        const name = toolName(tool);
        const arg = mainArg(tool);
        call.name = name;
        call.inside = true;
        if (arg.value === undefined)
            return;
        call.mainArg = arg.value;
        const shown = shownTarget(arg.value, arg, this.root());
        call.target = shown.display;
        call.inside = shown.inside;
    }
}

;// CONCATENATED MODULE: ./src/model/run-model.ts





class RunModel {
    emit;
    workspace;
    planMode;
    session = {};
    calls = new ToolCalls(() => this.root);
    /** The calls kept for the report (see {@link LISTED_CALLS}), by id, in the order they were kept. */
    tools = this.calls.listed;
    /** The agent's todo list as its last `updateTodos` call left it (merged by id when it said so). */
    todos = [];
    result;
    /** The last plan an interaction query carried, kept as the last segment is (see {@link finalPlan}). */
    plan;
    /** The attempt the last retry event named (a resume of it is the same retry). */
    retryAttempt;
    /** Segments of text the agent had closed when the plan came. */
    segmentsAtPlan = 0;
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
    /** The thinking block being streamed: its length so far (some agents send only empty deltas). */
    thinkingOpen;
    constructor(emit = () => { }, 
    /** The workspace, to relate paths when `system/init` has no `cwd`. */
    workspace, 
    /** The CLI runs in plan mode (`extra-args`): a plan it makes is the run's final message. */
    planMode = false) {
        this.emit = emit;
        this.workspace = workspace;
        this.planMode = planMode;
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
    /**
     * The plan, when it is the run's final message: in plan mode (the assistant's text and `result` then hold
     * only narration, docs/stream-format.md "Interaction queries"), or when the agent said nothing after it.
     * A plan approved on the way, with the agent's work and its answer after it, is not.
     */
    get finalPlan() {
        return this.plan && (this.planMode || this.counts.segments === this.segmentsAtPlan)
            ? this.plan
            : undefined;
    }
    /**
     * The final message whole, as the contract (output-schema, review) reads its block from it: the plan when
     * it is the final message; else the last segment, or, when that was cut, `result`, which holds all of it.
     */
    get wholeFinalText() {
        const plan = this.finalPlan;
        if (plan)
            return plan.text;
        return this.lastSegmentCut ? this.result?.text : this.lastSegment || this.result?.text;
    }
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
                this.thinkingOpen ??= { chars: 0 };
                this.thinkingOpen.chars += event.text.length;
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
                // A resume goes on with the retry under way (the same attempt); one seen without it is a retry.
                if (!isResume(event) || this.counts.retries === 0 || event.attempt !== this.retryAttempt)
                    this.counts.retries++;
                this.retryAttempt = event.attempt;
                this.note(retryNote(event));
                return;
            case "interaction":
                if (event.plan === undefined || !this.keepPlan(event.plan))
                    this.note(interactionNote(event));
                return;
            case "notice":
                this.note(`${event.type}/${event.subtype}${event.message ? `: ${event.message}` : ""}`);
                return;
            case "unknown":
                this.counts.unknownEvents++;
                return;
        }
    }
    /** A plan, kept bounded; false when it is the one already kept (a response repeating its request). */
    keepPlan(text) {
        const kept = keepText(text);
        if (this.plan && this.plan.text === kept.text && this.plan.cut === kept.cut)
            return false;
        this.segments.closeImplicitly();
        this.segmentsAtPlan = this.counts.segments;
        this.plan = kept;
        this.note(planNote(lineCount(text), this.planMode));
        return true;
    }
    /** The stream ended: close what is still open (text cut off mid-segment is still a segment). */
    finish() {
        this.closeThinking();
        this.segments.closeImplicitly();
    }
    /** Every call, counted as it came (the listed ones are {@link tools}). */
    toolCounts() {
        return this.calls.counts();
    }
    onInit(e) {
        const s = this.session;
        s.sessionId = e.sessionId ?? s.sessionId;
        s.startedSessionId ??= e.sessionId;
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
        const started = this.calls.start(e, receivedAt);
        if (!started) {
            this.counts.replayedToolEvents++;
            return;
        }
        this.emit({ type: "tool-start", call: started.call, tool: started.tool });
    }
    onToolCompleted(e, receivedAt) {
        this.closeThinking();
        this.segments.closeImplicitly();
        const done = this.calls.complete(e, receivedAt);
        if (!done) {
            this.counts.replayedToolEvents++;
            return;
        }
        this.todos = todosAfter(this.todos, done.tool) ?? this.todos;
        this.emit({ type: "tool-end", call: done.call, tool: done.tool });
    }
    note(text) {
        this.emit({ type: "note", text });
    }
}

// EXTERNAL MODULE: ./src/base/regexp.ts
var regexp = __webpack_require__(29748);
;// CONCATENATED MODULE: ./src/stream/deltas.ts
/**
 * The two commonest lines of a stream, read without the general JSON parser: a thinking delta and an
 * assistant token delta (with `--stream-partial-output`, most lines of a run: 205,270 of the 2026-shaped
 * stream's 222,578, 184,484 of them in the plain shape read here). In their exact compact shape, as the
 * CLI writes them (docs/stream-format.md), the line becomes its event at once, its text read out of the
 * line: no parsed object is built and none is then read into an event (events.ts). Decoding that stream
 * in-process: ~230 → ~200 ms; the whole action, edit-heavy run, 1.45× → 1.35× the floor when it landed
 * (an A/B on a quiet machine). On 2026-11-29's machine (load 5–19) an A/B of 7 runs without it could not
 * tell: own CPU −1% (2026-shaped), +3% (long run), −5% (edit-heavy), within that day's noise. The line
 * may be read where it stands in a chunk's text (stream/lines.ts), with no string made of it.
 *
 * Only text that JSON.parse would read as the very same value is taken: JSON's own escapes (read by
 * JSON.parse), no raw control character, keys in the CLI's order, an integer timestamp as JSON spells
 * it. Anything else, a single byte off, is left to JSON.parse (a property test holds the event to the one
 * `toEvent(JSON.parse(line))` makes).
 */

const THINKING = '{"type":"thinking","subtype":"delta","text":"';
const ASSISTANT = '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"';
/** What follows the text, up to the session id. */
const THINKING_TAIL = '","session_id":"';
const ASSISTANT_TAIL = '"}]},"session_id":"';
/** What follows the session id, up to the timestamp (and its `}`, the line's last character). */
const STAMP = '","timestamp_ms":';
/** A JSON string's content with no escape and no raw control character: its text is its value. */
const PLAIN = String.raw `[^"\\\u0000-\u001f]*`;
/**
 * A JSON string's content that may hold JSON's escapes (5–8% of the deltas of the captures in fixtures/
 * and of the 2026-shaped run hold one, mostly `\n`): plain runs between escapes, so that a plain text is
 * one run and nothing backtracks. JSON.parse then reads just the string, as it would inside the line.
 */
const ESCAPED = String.raw `${PLAIN}(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})${PLAIN})*`;
/** A timestamp as JSON spells an integer (no sign, no leading zero), 16 digits at most. */
const INTEGER = "0|[1-9][0-9]{0,15}";
/**
 * The whole line: the text and the timestamp captured, the session id checked. Sticky, not anchored: it is
 * tried at a line's start inside a chunk's text, and taken only when it ends where the line does (no
 * part of it can pass a line's end: a newline or a CR is a control character).
 */
function shape(prefix, tail) {
    return new RegExp(`${(0,regexp/* escapeRegExp */.N)(prefix)}(${ESCAPED})${(0,regexp/* escapeRegExp */.N)(tail)}${PLAIN}${(0,regexp/* escapeRegExp */.N)(STAMP)}(${INTEGER})\\}`, "y");
}
/**
 * One expression a line: V8 compiles each to native code, and one pass of it costs less than reading the
 * line by hand in JavaScript did (`startsWith` twice, three scans; 51 → 30 ms for the 2026-shaped
 * stream's 184,484 plain deltas, BENCHMARKS.md).
 */
const THINKING_LINE = shape(THINKING, THINKING_TAIL);
const ASSISTANT_LINE = shape(ASSISTANT, ASSISTANT_TAIL);
/**
 * The event of the line `text[start, end)` when it is one of the two deltas in their exact shape;
 * undefined otherwise. `text` may be a whole chunk's (stream/lines.ts): the line is never cut out of it.
 */
function readDelta(text, start = 0, end = text.length) {
    // `{"type":"` is 9 characters: the type's first letter picks the one expression to try.
    const first = text.charCodeAt(start + 9);
    const line = first === 0x74 /* t */ ? THINKING_LINE : first === 0x61 /* a */ ? ASSISTANT_LINE : undefined;
    if (line === undefined)
        return undefined;
    line.lastIndex = start;
    const m = line.exec(text);
    if (m === null || line.lastIndex !== end)
        return undefined;
    const raw = m[1];
    const said = raw.includes("\\")
        ? JSON.parse(`"${raw}"`)
        : end - start < text.length
            ? own(raw)
            : raw;
    // Number() reads the digits as JSON.parse does, rounding alike past 2^53.
    return line === THINKING_LINE
        ? { kind: "thinking-delta", text: said, timestampMs: Number(m[2]) }
        : { kind: "assistant", text: said, timestampMs: Number(m[2]) };
}
/**
 * V8 keeps a substring of 13 characters or more as a view of the string it was cut from: a delta's text
 * read inside a chunk's text would keep that 64 KiB alive for as long as the text is kept (the last
 * segment, the thinking shown, the progress comment), one chunk a delta at worst. Such a text is copied
 * (code unit for code unit); a shorter one is a copy already.
 */
function own(text) {
    return text.length < 13 ? text : Buffer.from(text, "utf16le").toString("utf16le");
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./src/stream/line-text.ts
/**
 * What a line's text says about the JSON on it, read without parsing it (src/stream/lines.ts frames by
 * it): whether it can begin an event, ends an object, stops inside a string, is blank; and the one parse
 * of a line, to a plain object or nothing.
 */

/**
 * A line that begins an object with a key (`{"type":`…, `{"runId":`…) and so cannot continue a string:
 * inside a string the quote after `{` would close it, and what follows a string is only `,`, `:`, `}`, `]`
 * or blank, never the first character of a key. (`{}`, `{ }` or `{"`, `,` may well be a string's text.)
 */
const STARTS_EVENT = /^\s*\{\s*"[^\s,:}\]]/;
function startsEvent(text) {
    // Most lines that continue a string start with a letter: no event, no test.
    const c = text.charCodeAt(0);
    if (c !== 0x7b /* { */ && c !== 0x20 && c !== 0x09)
        return false;
    return STARTS_EVENT.test(text);
}
function endsObject(text) {
    let i = text.length - 1;
    while (i > 0 && text.charCodeAt(i) <= 0x20)
        i--;
    return text.charCodeAt(i) === 0x7d /* } */;
}
function startsObject(text) {
    return text.trimStart().charCodeAt(0) === 0x7b /* { */;
}
/**
 * Whether `text` stops inside a JSON string, given whether it starts inside one. One pass from quote to
 * quote: a quote inside a string ends it unless an odd run of backslashes escapes it (outside strings JSON
 * has no backslash). A continued line starts after a line break, never after a backslash.
 */
function endsInString(text, inString) {
    let inside = inString;
    for (let q = text.indexOf('"'); q !== -1; q = text.indexOf('"', q + 1)) {
        if (!inside) {
            inside = true;
            continue;
        }
        let b = q - 1;
        while (b >= 0 && text.charCodeAt(b) === 0x5c /* \ */)
            b--;
        if ((q - 1 - b) % 2 === 0)
            inside = false;
    }
    return inside;
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
    try {
        const value = JSON.parse(text);
        return isPlainObject(value) ? value : undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/stream/lines.ts
/**
 * Framing: bytes as they arrive → whole JSON values, one per line, whatever the chunking.
 *
 * The agent writes one JSON object per `\n`-terminated line, but real streams are messier (docs/stream-format.md
 * "Framing"): CRLF from wrappers, blank lines, a last line without newline, non-JSON noise, lines of
 * several MB, and CLI builds that write line breaks inside strings raw (a multi-line final message makes
 * its `result` event span a dozen physical lines or more, in a quarter of some projects' runs). This module
 * turns all of that into a sequence of parsed values plus a count of what it had to skip; it never throws
 * on input.
 *
 * A line that does not parse is framed by JSON string state: when it stops inside a string, the line
 * break belongs to that string, and the next physical lines continue it (each scanned once, for its
 * quotes) until a line ends outside every string; then the event is parsed, once. An event is bounded by
 * bytes ({@link MAX_LINE_BYTES}, on one physical line or many), never by a count of lines.
 */


/**
 * The largest event kept, in bytes, on one physical line or continued over many (so in characters too:
 * UTF-8 never has fewer bytes than characters). V8 cannot make a string past ~2^29 characters (one such line
 * crashed the framer with `Invalid string length`), and no real event comes near this (an edit's event,
 * the largest, is a file before and after: MBs): a longer one is counted and skipped (the raw copy still
 * has it, byte for byte).
 */
const MAX_LINE_BYTES = 128 * 1024 * 1024;
/**
 * Splits chunks into lines and parses them. Push chunks with {@link push}, then call {@link end} once.
 * Each returns the values completed by that call, in order.
 */
class LineFramer {
    maxLineBytes;
    onMalformed;
    fast;
    stats = { lines: 0, blank: 0, malformed: 0, joined: 0, oversized: 0 };
    /** Bytes of the current, not yet terminated line (joined once: a 50 MB line is not re-copied). */
    partial = [];
    /** An event whose line stopped inside a JSON string: it continues on the next lines. */
    pending;
    /** Bytes in {@link partial}. */
    partialLength = 0;
    /** The current line went past the limit: its remaining characters are dropped up to its newline. */
    skipping = false;
    constructor(maxLineBytes = MAX_LINE_BYTES, 
    /** Told each line skipped as not JSON (up to 8,192 characters: the caller redacts, then cuts), to show it. */
    onMalformed, 
    /**
     * Offered each whole line, `text[start, end)`, before JSON.parse is: true when it took the line (the
     * decoder reads the commonest lines into their events at once, stream/deltas.ts), which then yields
     * no value here. `text` may be a whole chunk's: whatever is kept of it must be a copy (see
     * {@link LineFramer.each}).
     */
    fast) {
        this.maxLineBytes = maxLineBytes;
        this.onMalformed = onMalformed;
        this.fast = fast;
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
     * Nothing of the chunk is kept once this returns (an unfinished line is copied), so that its reader may
     * read the next chunk into the same memory (stdout-file.ts; pipeline/consume.ts `reuseChunks`).
     */
    each(chunk, fn) {
        const out = fn;
        // Lines are found in the bytes and each is decoded on its own (a newline byte is never part of a
        // multi-byte character, so no character is split): one character past ASCII then makes only its own
        // line a two-byte string, not the whole chunk's text, and a two-byte text is slower to parse
        // (edit-heavy stream: decode, split and parse ~330 → ~170 ms, BENCHMARKS.md).
        let start = 0;
        let nl = chunk.indexOf(0x0a);
        // A chunk's whole lines, when all ASCII (a stream of token deltas, mostly), are decoded in one piece
        // and a delta is read where it stands in that text: no string is made of its line (the 2026-shaped
        // stream's 184,484 deltas: framing ~114 → ~91 ms, BENCHMARKS.md). ASCII only, so that no other line
        // becomes a two-byte string. The first line may end one begun in the chunks before: it is joined
        // from the bytes, as any other.
        const last = this.fast === undefined ? -1 : chunk.lastIndexOf(0x0a);
        const firstWhole = nl !== -1 && (this.partial.length > 0 || this.skipping) ? nl + 1 : 0;
        if (last > firstWhole && (0,external_node_buffer_.isAscii)(chunk.subarray(firstWhole, last))) {
            if (firstWhole > 0)
                this.byteLine(chunk, 0, nl, out);
            this.textLines(chunk.toString("latin1", firstWhole, last + 1), out);
            start = last + 1;
            nl = -1;
        }
        while (nl !== -1) {
            this.byteLine(chunk, start, nl, out);
            start = nl + 1;
            nl = chunk.indexOf(0x0a, start);
        }
        if (start < chunk.length && !this.skipping) {
            if (this.partialLength + (chunk.length - start) > this.maxLineBytes)
                this.skipLine();
            else {
                this.partialLength += chunk.length - start;
                // A copy, not a view: the chunk's memory is its reader's again once this returns (see each()).
                // Usually a fragment of one line; a line longer than a chunk is copied once a chunk.
                this.partial.push(Buffer.from(start === 0 ? chunk : chunk.subarray(start)));
            }
        }
    }
    /** The line ending at `chunk[nl]` (a newline), from `start` and whatever of it the chunks before held. */
    byteLine(chunk, start, nl, out) {
        if (this.skipping) {
            this.skipping = false;
        }
        else if (this.partialLength + (nl - start) > this.maxLineBytes) {
            this.skipLine();
            this.skipping = false;
        }
        else if (this.partial.length > 0) {
            this.partial.push(chunk.subarray(start, nl));
            const bytes = this.partialLength + (nl - start);
            const whole = Buffer.concat(this.partial, bytes);
            this.partial = [];
            this.partialLength = 0;
            this.line(whole.toString("utf8"), bytes, out);
        }
        else {
            this.line(chunk.toString("utf8", start, nl), nl - start, out);
        }
    }
    /** Whole lines, each ending in a newline, decoded at once (ASCII, so a character is a byte). */
    textLines(text, out) {
        const fast = this.fast;
        let start = 0;
        for (let nl = text.indexOf("\n"); nl !== -1; start = nl + 1, nl = text.indexOf("\n", start)) {
            if (nl - start > this.maxLineBytes) {
                this.oversized();
                continue;
            }
            // The delta's shape starts with "{" and ends with "}": no blank line is taken here, and no line
            // while an event goes on over several (it may be that event's).
            const tried = fast !== undefined && this.pending === undefined;
            if (tried) {
                const end = text.charCodeAt(nl - 1) === 0x0d ? nl - 1 : nl;
                if (end > start && fast(text, start, end)) {
                    this.stats.lines++;
                    continue;
                }
            }
            this.line(text.slice(start, nl), nl - start, out, tried);
        }
    }
    /** The current line is past the limit: counted, its pieces let go, the rest of it skipped unread. */
    skipLine() {
        this.oversized();
        this.skipping = true;
        this.partial = [];
        this.partialLength = 0;
    }
    /**
     * A line past the limit, skipped unread: counted, and an event it continued is given up with it (what
     * the line held of its strings is not known).
     */
    oversized() {
        this.stats.oversized++;
        this.pending = undefined;
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
        const bytes = this.partialLength;
        const rest = Buffer.concat(this.partial, bytes).toString("utf8");
        this.partial = [];
        this.partialLength = 0;
        if (rest !== "")
            this.line(rest, bytes, out);
        const pending = this.pending;
        this.pending = undefined;
        if (pending !== undefined)
            this.dropEvent(pending);
        return lines;
    }
    /** `bytes`: the line's size in UTF-8; `tried`: it was offered to {@link fast} already (and not taken). */
    line(raw, bytes, out, tried = false) {
        // CRLF from Windows wrappers; the JSON itself never ends in \r.
        const text = raw.charCodeAt(raw.length - 1) === 0x0d ? raw.slice(0, -1) : raw;
        const pending = this.pending;
        if (pending !== undefined) {
            if (!startsEvent(text))
                return this.continueEvent(pending, text, bytes, out);
            // No string's continuation can start so: the event before was cut off, and this is the next one.
            this.pending = undefined;
            this.dropEvent(pending);
        }
        if (isBlank(text)) {
            this.stats.blank++;
            return;
        }
        this.stats.lines++;
        if (!tried && this.fast?.(text, 0, text.length))
            return;
        // A line that does not end in `}` is no object: not worth a parse that throws (thousands of a run's
        // events start such a line where the CLI writes line breaks raw).
        const value = endsObject(text) ? parseObject(text) : undefined;
        if (value) {
            out({ value, physicalLines: 1 });
            return;
        }
        // An object that stops inside a string: the producer wrote a line break in it raw, and the event goes
        // on over the next lines. Anything else is not an event.
        if (startsObject(text) && endsInString(text, false)) {
            this.pending = { pieces: [text], bytes, lines: 1 };
        }
        else {
            this.malformed(text, 1);
        }
    }
    /** The next physical line of an event begun on an earlier one, inside one of its strings. */
    continueEvent(pending, text, bytes, out) {
        this.stats.lines++;
        pending.lines++;
        if (pending.pieces !== undefined) {
            pending.bytes += 1 + bytes;
            if (pending.bytes > this.maxLineBytes) {
                // Past the bound: its lines are still followed to its end (a string's state), not kept.
                this.stats.oversized++;
                pending.pieces = undefined;
            }
            else {
                pending.pieces.push(text);
            }
        }
        if (endsInString(text, true))
            return;
        this.pending = undefined;
        if (pending.pieces === undefined)
            return;
        // The line breaks the producer wrote raw, written back as the escape it should have written.
        const value = parseObject(pending.pieces.join("\\n"));
        if (value) {
            this.stats.joined++;
            out({ value, physicalLines: pending.lines });
        }
        else {
            this.dropEvent(pending);
        }
    }
    /** An event that never became one: its lines are malformed (unless already counted as oversized). */
    dropEvent(pending) {
        if (pending.pieces === undefined)
            return;
        let shown = "";
        for (const piece of pending.pieces) {
            shown += shown === "" ? piece : `\n${piece}`;
            if (shown.length > 8192)
                break;
        }
        this.malformed(shown, pending.lines);
    }
}

;// CONCATENATED MODULE: ./src/stream/decoder.ts
/**
 * Bytes → events, chunk by chunk: the framer, each line made an event, and the token deltas of a chunk
 * joined.
 *
 * Joining: with `--stream-partial-output` nine lines in ten are a token delta of ~6 characters (the 2026
 * captures, as bench/capture-shape.mjs measures them; BENCHMARKS.md, "What runs"). A run of deltas of one
 * kind within a chunk becomes one delta with their text: what the run model and the live log do with text does not depend
 * on how it was cut (a property test holds them to it), and they then do it once a chunk instead of once
 * a token. A chunk's deltas are never held for the next one, so nothing waits to be shown.
 */



/**
 * Pass each item on as soon as it is complete (a delta when the next item is not one of its kind, or the
 * chunk ends), so that one line's objects are garbage before the next is parsed (LineFramer.each).
 */
class StreamDecoder {
    out;
    /** Lines that were JSON events (whatever their type), deltas counted one by one. */
    events = 0;
    framer;
    /** The last delta, held for the next one of its kind to join. */
    open;
    constructor(out, maxLineBytes = MAX_LINE_BYTES) {
        this.out = out;
        this.framer = new LineFramer(maxLineBytes, (text) => this.add({ kind: "stray-line", text }), (text, start, end) => {
            const delta = readDelta(text, start, end);
            if (delta === undefined)
                return false;
            this.events++;
            this.add(delta);
            return true;
        });
    }
    /** The framer's counts (blank, malformed, joined, oversized lines). */
    get stats() {
        return this.framer.stats;
    }
    /** The chunk's items. Nothing of the chunk is kept once this returns (LineFramer.each). */
    push(chunk) {
        const oversized = this.framer.stats.oversized;
        this.framer.each(chunk, (line) => {
            this.events++;
            this.add(toEvent(line.value));
        });
        if (this.framer.stats.oversized !== oversized)
            this.add({ kind: "oversized-line" });
        this.release();
    }
    /** The stream ended: its last line without a newline, and a fragment left pending. */
    end() {
        for (const line of this.framer.end()) {
            this.events++;
            this.add(toEvent(line.value));
        }
        this.release();
    }
    release() {
        const open = this.open;
        this.open = undefined;
        if (open)
            this.out(open);
    }
    add(item) {
        const open = this.open;
        if (item.kind === "thinking-delta") {
            if (open?.kind === "thinking-delta") {
                open.text += item.text;
                open.timestampMs = item.timestampMs;
                return;
            }
        }
        else if (item.kind === "assistant" && isAssistantDelta(item)) {
            if (open?.kind === "assistant" && joinable(open, item)) {
                open.text += item.text;
                open.timestampMs = item.timestampMs;
                return;
            }
        }
        else {
            this.release();
            this.out(item);
            return;
        }
        this.release();
        this.open = item;
    }
}
/** Two token deltas of the same form: joined (with the later one's timestamp), still a delta of that form. */
function joinable(open, next) {
    return (open.alternate === true) === (next.alternate === true);
}

;// CONCATENATED MODULE: ./src/pipeline/pipeline.ts
/**
 * The pure middle of the action: bytes → lines → events → the run model → its listeners (the live log,
 * the change tracker, the supervisor's ear for the result). The action, the tests, the fuzz suite and the
 * bench all feed bytes through this one object; where the bytes come from (a process, a file, a test's
 * buffer) is the caller's business.
 */



class Pipeline {
    model;
    emit;
    decoder = new StreamDecoder((item) => this.apply(item));
    /** When the chunk being decoded was received (the time of its events that carry none). */
    at = 0;
    /**
     * `workspace` relates the agent's paths when `system/init` names no `cwd`; `planMode`: the CLI runs in
     * plan mode (its plan is the final message).
     */
    constructor(listeners, workspace, planMode = false) {
        const sinks = [...listeners];
        const emit = sinks.length === 1
            ? sinks[0]
            : (u) => {
                for (const sink of sinks)
                    sink(u);
            };
        this.emit = emit;
        this.model = new RunModel(emit, workspace, planMode);
    }
    /** Lines that were JSON events (whatever their type). */
    get events() {
        return this.decoder.events;
    }
    /** The framer's counts so far (blank, malformed, joined, oversized lines). */
    get stats() {
        return this.decoder.stats;
    }
    /** One chunk of the stream, received at `at` (epoch ms: the time of events that carry none). */
    push(chunk, at) {
        this.at = at;
        this.decoder.push(chunk);
    }
    /** The stream ended: a last unterminated line, and whatever the model still holds open. */
    end(at) {
        this.at = at;
        this.decoder.end();
        this.model.finish();
    }
    apply(item) {
        switch (item.kind) {
            case "stray-line":
                // Output that is not stream-json (a wrapper's banner, a crash dump, the wrong binary) is shown, not lost.
                this.emit({ type: "stray", text: item.text });
                return;
            case "oversized-line":
                this.emit({
                    type: "note",
                    text: `A line of the stream longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB was skipped unread (the transcript file has it)`,
                });
                return;
            default:
                this.model.apply(item, this.at);
        }
    }
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var external_node_fs_promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./src/base/deadlines.ts
var base_deadlines = __webpack_require__(14332);
// EXTERNAL MODULE: ./src/base/random.ts
var random = __webpack_require__(54126);
// EXTERNAL MODULE: ./src/base/runner.ts
var runner = __webpack_require__(85763);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(42495);
// EXTERNAL MODULE: ./src/report/report.ts + 3 modules
var report = __webpack_require__(79025);
// EXTERNAL MODULE: ./src/github/marker.ts
var marker = __webpack_require__(14329);
// EXTERNAL MODULE: ./src/render/agent-markdown.ts + 1 modules
var agent_markdown = __webpack_require__(31000);
// EXTERNAL MODULE: ./src/render/cap-markdown.ts
var cap_markdown = __webpack_require__(41636);
// EXTERNAL MODULE: ./src/render/headlines.ts
var headlines = __webpack_require__(78745);
// EXTERNAL MODULE: ./src/report/final-message.ts
var final_message = __webpack_require__(8068);
;// CONCATENATED MODULE: ./src/publish/to-github.ts
/**
 * The two writes to a pull request after the run: the review (review mode) and the sticky comment. Each has
 * a deadline that aborts its requests too, not only the wait: a review or comment that lands after the
 * report said it could not be written would contradict it, and a request left open (or a retry's timer)
 * would keep the process alive after its work is done. Its client begins no retry or rate-limit wait that
 * would end after the deadline. One that cannot be written (a fork's read-only token, missing permission,
 * an outage) is a warning with the fix, never a failed step.
 */

/** One review, posted with the action's token; the report says why there is no link when there is none. */
async function postReviewWithin(data, changes, to, deps, redact, deadlineMs) {
    const base = { findings: data.findings, invalid: data.invalid };
    const target = to.pullRequest;
    if (!target)
        return { ...base, note: "not a pull request event: no review posted" };
    const token = to.token;
    if (!token) {
        deps.warning("No github-token: the review was not posted. The job summary has the findings.");
        return { ...base, note: "no github-token: no review posted" };
    }
    try {
        return await clientWithin(token, deps, [deadlineMs, base_deadlines/* CANCEL_DEADLINES */.bp.reviewMs], async (client, signal) => {
            const { postReview } = await __webpack_require__.e(/* import() */ 277).then(__webpack_require__.bind(__webpack_require__, 49277));
            return postReview(client, target, data, changes, redact, signal);
        });
    }
    catch (e) {
        deps.warning(apiProblem("post the review", e));
        return { ...base, note: "the review could not be posted (see the warning)" };
    }
}
/** The sticky comment with `body`; its URL, or undefined (and a warning) when it could not be written. */
async function writeCommentWithin(body, key, target, token, deps, deadlineMs) {
    try {
        const written = await clientWithin(token, deps, [deadlineMs, base_deadlines/* CANCEL_DEADLINES */.bp.commentMs], async (client) => {
            const { upsertComment } = await __webpack_require__.e(/* import() */ 318).then(__webpack_require__.bind(__webpack_require__, 47318));
            return upsertComment(client, target, key, body);
        });
        return written.url;
    }
    catch (e) {
        deps.warning(apiProblem("write the PR comment", e));
        return undefined;
    }
}
/**
 * `use` with a client whose requests stop at `deadlineMs` from now (no retry begun past it), or at
 * `cancelMs` from a cancel heard meanwhile when that is sooner; else a rejection then: its signal is
 * aborted first, so that its work stops.
 */
async function clientWithin(token, deps, [deadlineMs, cancelMs], use) {
    const abort = new AbortController();
    const until = Date.now() + deadlineMs;
    const end = (0,base_deadlines/* waitEnd */.H1)(deadlineMs, cancelMs, deps.cancelled);
    const work = (async () => {
        const client = await deps.github(token, deps.env.GITHUB_API_URL, { signal: abort.signal, until });
        return use(client, abort.signal);
    })();
    return withDeadline(work, end, abort);
}
/** One line with the fix, from an octokit error or anything else. */
function apiProblem(what, e) {
    const status = e?.status;
    const message = (e?.message ?? String(e)).split("\n")[0];
    const prefix = `Could not ${what} (${status ? `HTTP ${status}: ` : ""}${message}).`;
    if (status === 403 || status === 404) {
        // An answer on an issue needs the issues' permission; everything else here is on a pull request.
        const permission = what === "answer where the agent was asked"
            ? "issues: write` (on an issue) or `pull-requests: write` (on a pull request)"
            : "pull-requests: write`";
        return `${prefix} Give the job \`permissions: ${permission}; a pull request from a fork gets a read-only token (set \`${what === "post the review" ? "review" : "comment"}: false\` there). The job summary has the report.`;
    }
    if (status === 401)
        return `${prefix} Check \`github-token\`. The job summary has the report.`;
    return `${prefix} GitHub may be having trouble (retried). The job summary has the report.`;
}
/** `p`, or a rejection at `end`; `abort` is aborted first, so that `p`'s work stops. */
function withDeadline(p, end, abort) {
    let fail = () => { };
    const deadline = new Promise((_, reject) => {
        fail = reject;
    });
    const ended = () => {
        // No reason given to abort(): a reason reaches octokit as a plain error, which its retry plugin takes
        // for a 500 and retries (~14 s more, with the timers keeping the step alive); an AbortError it lets go
        // at once.
        abort.abort();
        fail(new Error(`no answer within ${Math.round(end.limitMs / 1000)} s`));
    };
    end.signal.addEventListener("abort", ended, { once: true });
    return Promise.race([p, deadline]).finally(() => {
        end.signal.removeEventListener("abort", ended);
        end.dispose();
    });
}

;// CONCATENATED MODULE: ./src/publish/answer.ts
/**
 * Conversation mode's answer, where the question was asked: a review comment is answered by a reply in its
 * thread, an issue or pull request comment (or a review, or the issue itself) by a comment on that issue
 * or pull request. The body is the agent's final message rendered as the report renders it (inert:
 * ../render/agent-markdown.ts), with the run's link, behind the hidden marker that makes the loop guard
 * ignore it (an answer that names the trigger phrase must not ask again). One that cannot be written is a
 * warning, never a failed step.
 */







/** What the answer says first when the comment that asked changed while the agent worked. */
const CHANGED_NOTE = {
    deleted: "_The comment that asked was deleted while the agent worked: this answers what it said then._",
    edited: "_The comment that asked was edited while the agent worked: this answers it as it was when the run started._",
};
/** The answer's body: the final message, or what became of the run when there is none; the run's link. */
function answerBody(a, key, redact, note = "", place = {}) {
    const shown = (0,final_message.finalMessage)(a.model, a.contract, redact);
    const ending = a.verdict.conclusion === "success" ? "" : `${headlines/* HEADLINE */.ZS[a.verdict.conclusion]}. `;
    const link = linkTo(a.runUrl, "The run");
    const footer = `<sub>${ending}${link} has the log and the report.${answersLine(place)}</sub>`;
    const answers = place.answers ?? [];
    const mark = `${(0,marker/* marker */.xL)(`${key}/answer`)}${answers.length ? `\n${(0,marker/* answeredMarker */.YF)(answers.map((x) => x.ref))}` : ""}`;
    const room = limits/* GITHUB_BODY_CHARS */.Dp - mark.length - limits/* COMMENT_MARKER_ROOM */.T1 - footer.length - note.length - 6;
    const text = shown
        ? (0,cap_markdown/* capMarkdown */.y)((0,agent_markdown/* agentMarkdown */.vE)(shown), room, "_(the answer was cut: the run has all of it)_")
        : "_The agent ended without a final message._";
    return `${mark}\n${note ? `${note}\n\n` : ""}${text}\n\n${footer}`;
}
/** A link to one of GitHub's pages (a URL GitHub gave, checked: never a word the agent wrote), else plain. */
function linkTo(url, text) {
    return url && /^https:\/\/[^\s()<>[\]]+$/.test(url) ? `[${text}](${url})` : text;
}
const KIND_WORDS = {
    issue: "the issue",
    "issue-comment": "comment",
    "review-comment": "review comment",
    review: "review",
};
/** Which requests the answer answers, when it answers more than the one it is posted for. */
function answersLine(p) {
    const answers = p.answers ?? [];
    const waiting = p.waiting ? ` ${p.waiting} more wait for a later run.` : "";
    if (answers.length < 2)
        return waiting;
    const each = answers.map((x) => linkTo(x.url, `${KIND_WORDS[x.ref.kind]} ${x.ref.id}`));
    return `<br>This answers ${answers.length} requests: ${each.join(", ")}.${waiting}`;
}
/**
 * The answer written where it was asked; its URL, or undefined (and a warning). The comment that asked is
 * read again first: deleted or edited meanwhile, the answer says so (`body(note)`), and a deleted thread's
 * first comment can take no reply: the answer goes on the pull request instead.
 */
async function writeAnswerWithin(body, place, token, deps, deadlines) {
    try {
        const written = await clientWithin(token, deps, deadlines, async (client) => {
            const { asked, thread, replyTo } = place;
            // Not known (an error): taken as unchanged; the answer is what matters.
            const now = asked && (await client.commentNow(thread, asked.kind, asked.id).catch(() => asked.body));
            const change = !asked || now === asked.body ? undefined : now === undefined ? "deleted" : "edited";
            const text = body(change ? CHANGED_NOTE[change] : "");
            const noThread = replyTo === undefined || (change === "deleted" && replyTo === asked?.id);
            return noThread ? client.create(thread, text) : client.reply(thread, replyTo, text);
        });
        return written.html_url;
    }
    catch (e) {
        deps.warning(apiProblem("answer where the agent was asked", e));
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/changes/outputs.ts
function changeOutputs(set) {
    const paths = set.files.filter((f) => f.status !== "outside").map((f) => f.path);
    return {
        "files-changed": JSON.stringify(paths),
        "lines-added": String(set.added),
        "lines-removed": String(set.removed),
    };
}

;// CONCATENATED MODULE: ./src/publish/outputs.ts


const OUTPUT_NAMES = (/* unused pure expression or super */ null && ([
    "conclusion",
    "result",
    "error",
    "session-id",
    "resumed",
    "request-id",
    "model",
    "duration-ms",
    "duration-api-ms",
    "is-error",
    "exit-code",
    "transcript-file",
    "tool-calls",
    "usage",
    "files-changed",
    "lines-added",
    "lines-removed",
    "diff-summary",
    "patch-file",
    "comment-url",
    "structured-output",
    "findings",
    "review-url",
    "sarif-file",
    "cursor-version",
    "cursor-sha256",
    "branch",
    "commit-sha",
    "pull-request-number",
    "pull-request-url",
]));
/** Every output of a run that was read to its end, `comment-url` aside (written once the comment is). */
function runOutputs(o, redact) {
    const { model, verdict: v } = o;
    const r = model.result;
    return {
        conclusion: v.conclusion,
        result: (0,final_message.resultText)(model, redact),
        error: redact(v.error),
        "session-id": model.session.sessionId ?? r?.sessionId ?? "",
        // The CLI starts a new chat, silently, when it lacks the one asked for: only the init event tells.
        resumed: String(o.resumeAsked !== undefined && model.session.startedSessionId === o.resumeAsked),
        "request-id": r?.requestId ?? model.session.requestId ?? "",
        model: model.session.model ?? "",
        "duration-ms": String(r?.durationMs ?? o.wallMs),
        "duration-api-ms": r?.durationApiMs !== undefined ? String(r.durationApiMs) : "",
        "is-error": r ? String(r.isError) : "",
        "exit-code": v.exitCode !== undefined ? String(v.exitCode) : "",
        "transcript-file": o.transcriptFile,
        "tool-calls": String(model.toolCounts().total),
        usage: r?.usage ? JSON.stringify(r.usage) : "",
        ...changeOutputs(o.changes),
        "diff-summary": o.diffSummary,
        "patch-file": o.patchFile ?? "",
        "cursor-version": o.cli?.build ?? "",
        "cursor-sha256": o.cli?.sha256 ?? "",
        "structured-output": redact(o.structured?.["structured-output"] ?? ""),
        findings: redact(o.structured?.findings ?? ""),
        "review-url": o.reviewUrl ?? "",
        "sarif-file": o.sarifFile ?? "",
        branch: o.delivery?.outputs.branch ?? "",
        "commit-sha": o.delivery?.outputs["commit-sha"] ?? "",
        "pull-request-number": o.delivery?.outputs["pull-request-number"] ?? "",
        "pull-request-url": o.delivery?.outputs["pull-request-url"] ?? "",
    };
}
/** A run that ended before the agent ran, or in the last resort: how it ended, and why. */
function earlyEndOutputs(conclusion, error) {
    return { conclusion, error };
}

;// CONCATENATED MODULE: ./src/publish/publish.ts
/**
 * The one writer of what leaves the runner, in order of importance and speed: the step outputs, the job
 * summary, then the review and the PR comment. Everything here is redacted first. A run that ends early (a
 * gate, the last resort) gets its outputs and a short summary here too, so no later step reads an empty
 * `conclusion`.
 */












async function publish(o, s, context, deps, redact, progress) {
    const once = publish_memo(redact);
    // After a cancel each gets its share of the runner's 7.5 s (base/deadlines.ts).
    const deadlines = o.cancelled ? base_deadlines/* CANCEL_DEADLINES */.bp : base_deadlines/* RUN_DEADLINES */.Y1;
    const to = { pullRequest: context.pullRequest, token: s.githubToken };
    // The review first: the report links to it and says what was new.
    const review = o.review
        ? await postReviewWithin(o.review, o.changes, to, deps, once, deadlines.reviewMs)
        : undefined;
    // The summary and the comment redact the same texts (diffs of megabytes among them): once each.
    const input = {
        model: o.model,
        verdict: o.verdict,
        changes: o.changes,
        wallMs: o.wallMs,
        runUrl: (0,runner/* runAttemptUrl */.q)(deps.env),
        redact: once,
        review,
        contract: o.structured !== undefined,
    };
    // One rendering serves both when it fits the comment (the usual case); the summary may hold more.
    const full = (0,report.renderReport)(input, report.SUMMARY_BUDGET);
    const comment = full.length <= (report.COMMENT_BUDGET.maxChars ?? 0) ? full : (0,report.renderReport)(input, report.COMMENT_BUDGET);
    const sarifFile = o.review ? await writeSarif(o.review, deps, once) : "";
    setAll(deps, runOutputs({ ...o, diffSummary: comment, reviewUrl: review?.url, sarifFile }, redact));
    if (s.jobSummary)
        appendSummary(deps, o.delivery ? `${full}\n${deliveryLine(o.delivery, once)}\n` : full);
    const target = s.comment ? context.pullRequest : undefined;
    if (target && s.githubToken) {
        progress?.reported();
        const url = await writeCommentWithin(comment, s.commentKey, target, s.githubToken, deps, deadlines.commentMs);
        if (url)
            deps.setOutput("comment-url", url);
    }
    else if (target && !s.githubToken) {
        deps.warning("No github-token: the PR comment was not written. The job summary has the report.");
    }
    await answer(o, input, s, deps);
}
/**
 * Conversation mode's answer, where it was asked. Not after a cancel: the cancel budget has no share for
 * it (the report and the job summary say what became of the run).
 */
async function answer(o, input, s, deps) {
    if (!o.answer || o.cancelled)
        return;
    if (!s.githubToken) {
        deps.warning("No github-token: the answer was not written. The job summary has the report.");
        return;
    }
    const body = (note) => answerBody({ ...o, ...input }, s.commentKey, input.redact, note, o.answer);
    await writeAnswerWithin(body, o.answer, s.githubToken, deps, [base_deadlines/* RUN_DEADLINES */.Y1.commentMs, 0]);
}
/**
 * Review mode: the valid findings as SARIF, in a new file under RUNNER_TEMP, never the workspace (the agent
 * could plant one there, or a link to where it must not be written): `wx` refuses a file or link already at
 * the path. Its path, or "" (and a warning) when it could not be written: code scanning is an extra.
 */
async function writeSarif(review, deps, redact) {
    try {
        // Outside a runner, a directory of our own: a shared /tmp/cursor-agent could belong to anyone.
        const temp = deps.env.RUNNER_TEMP;
        const dir = temp ? external_node_path_default().join(temp, "cursor-agent") : await (0,external_node_fs_promises_.mkdtemp)(external_node_path_default().join((0,external_node_os_.tmpdir)(), "cursor-agent-"));
        await (0,external_node_fs_promises_.mkdir)(dir, { recursive: true });
        const file = external_node_path_default().join(dir, `findings-${(0,random/* randomHex */.n)(6)}.sarif`);
        // Loaded only in review mode: it brings the review's builder and node:crypto (a run's wall time).
        const { sarifLog } = await __webpack_require__.e(/* import() */ 837).then(__webpack_require__.bind(__webpack_require__, 48837));
        const log = sarifLog(review.findings, review.head, redact);
        await (0,external_node_fs_promises_.writeFile)(file, `${JSON.stringify(log, null, 2)}\n`, { flag: "wx", mode: 0o600 });
        return file;
    }
    catch (e) {
        deps.warning(`Could not write the SARIF file of the findings: ${e.message}`);
        return "";
    }
}
/**
 * The delivery's line in the job summary (in the room SUMMARY_BUDGET leaves): the pull request's link or
 * the commit, or why nothing was delivered, made inert (a refusal names the agent's paths).
 */
function deliveryLine(d, redact) {
    const { branch, "commit-sha": commit } = d.outputs;
    if (!commit)
        return `**Delivery** ${d.failed ? "⚠️ " : ""}${(0,markdown/* mdText */.bC)(redact(d.line.slice(0, 1000)))}`;
    const pull = d.pull && /^https:\/\/[^\s()<>]+$/.test(d.pull.url) ? d.pull : undefined;
    const where = pull
        ? `[pull request #${pull.number}](${pull.url}) from branch ${(0,markdown/* mdCode */.xs)(branch)}, commit ${commit}`
        : `commit ${commit} pushed onto branch ${(0,markdown/* mdCode */.xs)(branch)}`;
    return `**Delivery** ✅ ${where}`;
}
function setAll(deps, outputs) {
    for (const [name, value] of Object.entries(outputs))
        deps.setOutput(name, value ?? "");
}
function appendSummary(deps, text) {
    const file = deps.env.GITHUB_STEP_SUMMARY;
    if (!file)
        return;
    try {
        // At most a MiB, once: written at once rather than waited for on the thread pool (the step's end).
        (0,external_node_fs_.appendFileSync)(file, `${text}\n`);
    }
    catch (e) {
        deps.warning(`Could not write the job summary: ${e.message}`);
    }
}
function publish_memo(redact) {
    const seen = new Map();
    return (text) => {
        let r = seen.get(text);
        if (r === undefined) {
            r = redact(text);
            seen.set(text, r);
        }
        return r;
    };
}

// EXTERNAL MODULE: ./src/render/terminal.ts
var terminal = __webpack_require__(71518);
;// CONCATENATED MODULE: ./src/render/tool-output.ts
/**
 * The body of a tool call's log group: what its family says is worth seeing (the command, the output, the
 * diff), trimmed to a readable size. Returns lines of untrusted text (the writer neutralises them).
 */





/** A single line longer than this is cut: one minified file must not flood the log. */
const MAX_LINE = 2000;
/** Redacted past the cut too, so that a cut never falls inside a secret (the runner's mask would miss half). */
function toolOutput(t, maxLines, redact = (s) => s, root) {
    const { head, body } = logBody(t);
    const err = outcomeError(t);
    if (err)
        head.push(err);
    const shown = body === undefined ? undefined : workspaceHeaders(body, root);
    const out = [];
    for (const l of head)
        out.push(cutLine(l, 0, l.length, redact));
    return trimLines(shown, maxLines, redact, out);
}
/** A unified diff's file header naming an absolute path: `--- a//abs`, `+++ b/D:\abs`, `+++ b/C:/abs`. */
const HEADER = /^(--- a\/|\+\+\+ b\/)(.+)$/;
/**
 * The CLI's edit diff opens with `--- a/<absolute path>` and `+++ b/<absolute path>`: shown as the group's
 * title shows the file, relative to the workspace (`a/src/x.ts`), in whichever OS style the agent wrote it.
 * A path outside the workspace stays as it is. Only the first two lines, and only as a pair: further down
 * a line of that shape is the content of a hunk (a removed `-- a/…`), and the body can be megabytes.
 */
function workspaceHeaders(body, root) {
    if (!root || !body.startsWith("--- a/"))
        return body;
    const first = body.indexOf("\n");
    const second = first === -1 ? -1 : body.indexOf("\n", first + 1);
    const end = second === -1 ? body.length : second;
    if (first === -1 || !body.startsWith("+++ b/", first + 1))
        return body;
    const pair = body.slice(0, end);
    // A run edits the same few files call after call (edit-heavy: 4,680 edits of 8 files): each pair of
    // headers is worked out once per root.
    let shown = SHOWN_HEADERS.get(root, pair);
    if (shown === undefined) {
        shown = [pair.slice(0, first), pair.slice(first + 1)]
            .map((line) => {
            const [, prefix, p] = HEADER.exec(line.replace(/\r$/, "")) ?? [];
            if (!prefix || !p || !(0,paths/* isAbsoluteAny */._L)(p))
                return line;
            const rel = (0,paths/* relatePath */.zm)(p, root);
            return rel.inside ? `${prefix}${rel.display}` : line;
        })
            .join("\n");
        // Not a pair longer than a path's pair can be (a body without a second line break is all "pair").
        if (pair.length <= MAX_KEPT_PAIR)
            SHOWN_HEADERS.set(root, pair, shown);
    }
    return shown === pair ? body : `${shown}${body.slice(end)}`;
}
/** The header pairs worked out so far. */
const SHOWN_HEADERS = new memo/* RootedMemo */.m(4, 256);
const MAX_KEPT_PAIR = 2 * 4096 + 16;
/**
 * The first `max` lines, without splitting the rest (a tool's output can be megabytes), appended to `out`.
 * Only what is shown is redacted: bodies add up to tens of megabytes in a long run, and this is the hot
 * path. When no shown line needs cutting (the usual case), they are appended as one element, the lines
 * joined by `\n` as the log writer would join them: one slice instead of one a line, ~90,000 lines in
 * the 2026-shaped run's log.
 */
function trimLines(text, max, redact, out = []) {
    if (text === undefined || text === "")
        return out;
    const raw = text.endsWith("\n") ? text.slice(0, -1) : text;
    // Where the shown lines end: only they (and a margin) are redacted, in one call when that is small.
    const shownEnd = lineStart(raw, max);
    const small = shownEnd + limits/* SECRET_MARGIN */.YZ <= max * (MAX_LINE + 1) + limits/* SECRET_MARGIN */.YZ;
    if (small) {
        const region = redact(raw.slice(0, Math.min(raw.length, shownEnd + limits/* SECRET_MARGIN */.YZ)));
        // The shown lines' end, and whether any of them is too long to be shown whole.
        let shown = 0;
        let start = 0;
        let end = 0;
        let long = false;
        while (shown < max) {
            const nl = region.indexOf("\n", start);
            end = nl === -1 ? region.length : nl;
            shown++;
            if (end - start > MAX_LINE)
                long = true;
            if (nl === -1 || end >= region.length)
                break;
            start = nl + 1;
        }
        // One element is written as its lines would be (log-writer.ts) unless a line ends in `\r` (a `\r\n`
        // in it would be one break to the log, not a line's end and a break) or it is longer than a line of
        // the log (which the writer would redact and cut as one).
        const block = long || end > terminal/* MAX_LOG_LINE */.Z ? undefined : region.slice(0, end);
        if (block !== undefined && !block.includes("\r")) {
            if (shown > 0)
                out.push(block);
        }
        else {
            start = 0;
            for (let i = 0; i < shown; i++) {
                const nl = region.indexOf("\n", start);
                const stop = nl === -1 ? region.length : nl;
                out.push(cutLine(region, start, stop, (x) => x));
                start = nl + 1;
            }
        }
    }
    else {
        let start = 0;
        for (let shown = 0; shown < max && start <= raw.length; shown++) {
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
    const line = redact(text.slice(start, Math.min(end, start + MAX_LINE + limits/* SECRET_MARGIN */.YZ)));
    if (line.length <= MAX_LINE && length <= MAX_LINE + limits/* SECRET_MARGIN */.YZ)
        return line;
    return `${line.slice(0, MAX_LINE)}… (${Math.max(length, line.length) - MAX_LINE} more characters)`;
}

// EXTERNAL MODULE: ./src/render/tool-status.ts
var tool_status = __webpack_require__(17171);
;// CONCATENATED MODULE: ./src/render/live-log.ts
/**
 * The live job log: the model's updates as a person wants to read them, as they happen.
 *
 * Assistant text is printed as whole lines, each segment once. Each tool call becomes one collapsed
 * group when it completes (a notice line when it starts), so groups never nest, never interleave and are
 * never left open while we wait on the agent.
 */






/** Thinking shown in a group is capped: a model can think for megabytes. */
const THINKING_KEPT = 64 * 1024;
/** Kept past a cut and dropped after redaction, so that the cut never falls inside a secret. */
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
    /** The directory the agent's paths are relative to, as `system/init` says (the model's root). */
    root;
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
                // Cut to the character, so that what is kept does not depend on how the text was split.
                if (this.opts.showThinking && this.thinking.length < THINKING_KEPT + limits/* SECRET_MARGIN */.YZ)
                    this.thinking += u.text.slice(0, THINKING_KEPT + limits/* SECRET_MARGIN */.YZ - this.thinking.length);
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
                // One line of the log, also for an event dropped after several lines (its line breaks marked).
                const text = this.redact(u.text).replace(/\r?\n/g, " ⏎ ");
                this.log.text(`stdout (not stream-json): ${text.length > STRAY_SHOWN ? `${text.slice(0, STRAY_SHOWN)}…` : text}`);
                return;
            }
            case "result":
                return;
        }
    };
    /** What is about to run, before the agent says anything. */
    init(session) {
        this.root = session.cwd;
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
            (0,format/* formatDuration */.a3)(r?.durationMs ?? wallMs),
            `${t.total} tool call${t.total === 1 ? "" : "s"}${parenthesised((0,tool_status/* statusBreakdown */.kE)(t.byStatus))}`,
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
        const waiting = t.byStatus["needs-approval"];
        // Whatever the conclusion: the agent wanted these done, and they were not.
        if (waiting > 0)
            this.log.annotate("warning", `${waiting} tool call${waiting === 1 ? "" : "s"} waited for an approval a headless run cannot give, so ${waiting === 1 ? "it" : "they"} did not run.`, "Agent tool call needs approval");
        const seen = model.counts;
        const extra = [
            seen.reconnects ? `${seen.reconnects} reconnect(s)` : "",
            seen.retries ? `${seen.retries} retr${seen.retries === 1 ? "y" : "ies"}` : "",
            seen.unknownEvents ? `${seen.unknownEvents} event(s) of unknown kinds` : "",
        ].filter(Boolean);
        if (extra.length)
            this.log.text(`   ${extra.join(" · ")}`);
    }
    /**
     * Streamed text, a line of the log for each line of the text: the same lines however the text was cut
     * into deltas (the decoder joins a chunk's deltas).
     */
    delta(text) {
        // The unfinished line holds no newline: only the delta is searched, never the line so far, which
        // searching would copy into one flat string at every token.
        let nl = text.indexOf("\n");
        if (nl === -1) {
            this.lineRest += text;
            return;
        }
        this.log.text(this.lineRest + text.slice(0, nl));
        let start = nl + 1;
        for (nl = text.indexOf("\n", start); nl !== -1; nl = text.indexOf("\n", start)) {
            this.log.text(text.slice(start, nl));
            start = nl + 1;
        }
        this.lineRest = text.slice(start);
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
            const shown = cut ? redacted.slice(0, Math.max(0, redacted.length - limits/* SECRET_MARGIN */.YZ)) : redacted;
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
        const mark = tool_status/* STATUS_MARK */.Hl[call.status];
        const took = call.endedAt !== undefined ? ` · ${(0,format/* formatDuration */.a3)(call.endedAt - call.startedAt)}` : "";
        const label = call.status === "succeeded" ? "" : ` [${call.status.replace("-", " ").toUpperCase()}]`;
        this.log.group(`${mark}${label} ${this.title(call)}${o ? ` — ${o.summary}` : ""}${took}`);
        // The repository's own data holds credentials: the call is shown, its content is not.
        const out = call.target && (0,paths/* isRepoData */.Ld)(call.target)
            ? ["(under .git/: the content is not shown)"]
            : toolOutput(tool, this.opts.toolOutputLines, this.redact, this.root ?? this.opts.workspace);
        this.log.lines(out);
        if (o?.error && !out.length)
            this.log.text(o.error);
        this.log.endGroup();
        if ((0,tool_status/* isProblem */.AN)(call.status) && this.failedCalls.length < this.opts.maxAnnotations) {
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
function parenthesised(s) {
    return s ? ` (${s})` : "";
}

// EXTERNAL MODULE: external "node:v8"
var external_node_v8_ = __webpack_require__(78877);
;// CONCATENATED MODULE: ./src/run/heap.ts
/**
 * Memory flat at any scale (BENCHMARKS.md): V8 doubles the young generation each time enough of it has
 * survived collections since it last grew, to tens of MB, and on a long stream enough always does (a run's
 * medium-lived objects: open calls, queued log output, kept file texts). It may grow to
 * {@link YOUNG_MAX_BYTES} (fewer collections: throughput), then no more: measured on 1M tool calls, peak
 * RSS 222 → 123 MiB (2.75× → 1.52× the floor's 81 MiB; an A/B of the two builds, 2026-11-29), and the
 * 64 MiB edit-heavy run no slower (4 MiB or no growth at all: ~5% slower; 16 MiB: no faster, 10 MiB more). The growth factor is read each time the space would grow, so it can be
 * set at run time (the runner gives node no options); a 20 ms timer looks at the size until it is there.
 */

const YOUNG_MAX_BYTES = 8 * 1024 * 1024;
function capYoungGeneration() {
    const youngWatch = setInterval(() => {
        const young = (0,external_node_v8_.getHeapSpaceStatistics)().find((s) => s.space_name === "new_space");
        if (!young || young.space_size >= YOUNG_MAX_BYTES) {
            (0,external_node_v8_.setFlagsFromString)("--semi-space-growth-factor=1");
            clearInterval(youngWatch);
        }
    }, 20);
    youngWatch.unref();
}

;// CONCATENATED MODULE: ./src/run/after-start.ts
/**
 * What a run needs once its agent is starting: the pipeline (stream → events → model, with zod), the live
 * log, the change tracker (with jsdiff), the report and publishing. One dynamic import, made once the agent
 * is spawned (a replay: at once), so that loading it (~15 ms) overlaps the agent's own start instead of
 * coming before it: the agent is spawned sooner (start-up, BENCHMARKS.md). The young generation's cap
 * comes with it (node:v8 took ~2 ms to load before the spawn): only a stream grows that generation.
 */








/***/ })

};

//# sourceMappingURL=702.index.js.map