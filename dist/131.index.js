export const id = 131;
export const ids = [131];
export const modules = {

/***/ 42131:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  restoreChat: () => (/* binding */ restoreChat),
  saveChat: () => (/* binding */ saveChat)
});

// UNUSED EXPORTS: stagingDir

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/base/format.ts
var format = __webpack_require__(8378);
// EXTERNAL MODULE: ./src/base/system-dirs.ts
var system_dirs = __webpack_require__(57273);
// EXTERNAL MODULE: external "node:async_hooks"
var external_node_async_hooks_ = __webpack_require__(16698);
// EXTERNAL MODULE: external "node:diagnostics_channel"
var external_node_diagnostics_channel_ = __webpack_require__(53053);
var external_node_diagnostics_channel_default = /*#__PURE__*/__webpack_require__.n(external_node_diagnostics_channel_);
;// CONCATENATED MODULE: ./src/session/cache.ts
/**
 * GitHub's Actions cache, through the real `@actions/cache` client (cache service v2: twirp JSON endpoints
 * under `$ACTIONS_RESULTS_URL`, signed blob URLs; docs/runner.md), loaded only when a run keeps a chat.
 *
 * Three things the client does its own way are held here:
 *
 * - The runtime token. The client reads `process.env.ACTIONS_RUNTIME_TOKEN` when it makes its service
 *   client, after awaiting a child (`zstd --version`) when it saves. The action has scrubbed that variable
 *   from its environment (base/withheld.ts) so that no child, the agent above all, inherits it. So during
 *   a call, `process.env` is a view of the real environment that also answers the cache's variables from
 *   the action's memory, to the call alone (by async context), and does not list the token: a child is
 *   made from the variables an environment lists (child_process, @actions/exec), so none started meanwhile
 *   (zstd, tar, git) gets it. The token goes at the client's first request (it has read it by then) or the
 *   call's end, the view with the last call's end. The agent never runs during a call: the chat is
 *   restored before it starts and saved after it exits.
 * - The programs it runs (`zstd` to choose a compression, `tar` and `zstd` to save): found through
 *   `process.env.PATH`, which the call answers with the system's directories (the caller's `PATH`), never
 *   the job's: the action may be root, and an earlier step may have put a directory of the workspace's on
 *   the job's PATH.
 * - Its log. It writes `::warning::`/`::error::` for a cache it cannot reach; for this action an unavailable
 *   cache is a notice (the run starts a new chat), so what it writes during the call is taken, by async
 *   context, and handed back as lines and troubles; the rest of the action's output goes on as it was.
 *
 * Both globals are replaced only while a call needs them (the output until its client has settled), by
 * one stand-in however many calls overlap, which acts only in a call's async context and is put back by
 * the last: anything else in the process (the rest of the action, a test beside it) reads the environment
 * and writes its output as it would without it.
 * - Its waits. It retries, and has no timeout of its own on the service: at the deadline the call's HTTP
 *   requests are destroyed, and any it makes after it is destroyed as it starts.
 */



/** The cache's variables a call reads; every other read goes to the real environment. */
const CALL_VARIABLES = [
    "ACTIONS_RESULTS_URL",
    "ACTIONS_CACHE_SERVICE_V2",
    "ACTIONS_CACHE_URL",
    "GITHUB_SERVER_URL",
    "RUNNER_TEMP",
    "GITHUB_WORKSPACE",
    "PATH",
];
const TOKEN = "ACTIONS_RUNTIME_TOKEN";
const context = new external_node_async_hooks_.AsyncLocalStorage();
/** The calls whose client has not settled yet (it may outlive its call: see {@link settledCalls}). */
const clients = new Set();
// Once, for every call: a request made outside a call's async context is not looked at.
external_node_diagnostics_channel_default().subscribe("http.client.request.start", onRequest);
/** Runs `use` with the cache client under the rules above. Never throws. */
async function withCache(call, use) {
    if (!call.token)
        return { trouble: "no runtime token (ACTIONS_RUNTIME_TOKEN)", lines: [] };
    if (!call.env.ACTIONS_RESULTS_URL)
        return { trouble: "no cache service (ACTIONS_RESULTS_URL)", lines: [] };
    const { cacheClient: cache } = await Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(838), __webpack_require__.e(581), __webpack_require__.e(88), __webpack_require__.e(777), __webpack_require__.e(652)]).then(__webpack_require__.bind(__webpack_require__, 62652));
    const own = new Map([[TOKEN, call.token]]);
    for (const name of CALL_VARIABLES) {
        const v = call.env[name];
        if (v !== undefined)
            own.set(name, v);
    }
    const state = { lines: [], troubles: [], requests: new Set(), failures: [], expired: false, own };
    const releaseEnvironment = holdEnvironment();
    const releaseOutput = holdOutput();
    const running = context.run(state, () => use(cache));
    // The client may go on after the deadline (a retry's sleep): its output stays taken until it settles.
    const settled = running
        .catch(() => undefined)
        .finally(() => {
        releaseOutput();
        clients.delete(settled);
    });
    clients.add(settled);
    let timer;
    const late = new Promise((resolve) => {
        timer = setTimeout(() => resolve("late"), call.deadlineMs);
    });
    try {
        const stop = call.until ? [call.until.then(() => "stopped")] : [];
        const value = await Promise.race([running, late, ...stop]);
        if (value === "late" || value === "stopped") {
            state.expired = true;
            for (const r of state.requests)
                r.destroy(cache_reset());
            const when = value === "late" ? `no answer within ${(0,format/* formatDuration */.a3)(call.deadlineMs)}` : "stopped waiting";
            return { trouble: answered(state, when), lines: state.lines };
        }
        const trouble = state.troubles.length > 0 ? answered(state, state.troubles.join("; ")) : undefined;
        return { value, trouble, lines: state.lines };
    }
    catch (e) {
        return { trouble: answered(state, e.message), lines: state.lines };
    }
    finally {
        clearTimeout(timer);
        own.delete(TOKEN);
        releaseEnvironment();
    }
}
/**
 * Once every call's client has settled, and with it the last stand-in is put back. A client stopped at
 * its deadline may still be in a retry's sleep: its next request is destroyed as it starts, and it gives
 * up then. For a test that must leave the process as it found it.
 */
async function settledCalls() {
    await Promise.all([...clients]);
}
/**
 * A request ended at the deadline, as a reset connection: the client retries a request that fails
 * otherwise (its sleeps add up to ~25 s, with its output taken meanwhile), never a reset one.
 */
function cache_reset() {
    return Object.assign(new Error("deadline"), { code: "ECONNRESET" });
}
/** The statuses the service answered first: the client's own words are long, and cut in a notice. */
function answered(state, why) {
    return state.failures.length > 0 ? `answered ${state.failures.join(", ")}; ${why}` : why;
}
function onRequest(message) {
    const state = context.getStore();
    const request = message.request;
    if (!state || !request)
        return;
    state.own.delete(TOKEN);
    if (state.expired) {
        request.destroy(cache_reset());
        return;
    }
    state.requests.add(request);
    request.once("response", (response) => {
        const status = response.statusCode;
        if (status !== undefined && status >= 400)
            state.failures.push(status);
    });
}
/**
 * `owner[key]` replaced by `standIn(original)` while anyone holds it: the first hold puts it in, the last
 * release puts the original back (unless something else replaced it meanwhile: theirs stays).
 */
function shared(owner, key, standIn) {
    let holders = 0;
    let original = owner[key];
    let mine = original;
    return () => {
        if (holders++ === 0) {
            original = owner[key];
            mine = standIn(original);
            owner[key] = mine;
        }
        let held = true;
        return () => {
            if (!held)
                return;
            held = false;
            if (--holders === 0 && owner[key] === mine)
                owner[key] = original;
        };
    };
}
/**
 * `process.env` answering a call's own variables to that call; to anything else, the real environment.
 * Nothing is listed that the real environment does not list (a child gets what is listed).
 */
const holdEnvironment = shared(process, "env", (real) => new Proxy(real, {
    get: (target, k) => {
        const own = context.getStore()?.own;
        return typeof k === "string" && own?.has(k) ? own.get(k) : Reflect.get(target, k);
    },
    has: (target, k) => (typeof k === "string" && context.getStore()?.own.has(k)) || Reflect.has(target, k),
}));
/**
 * The client's writes to stdout (@actions/core writes workflow commands there), by async context: a mask
 * goes on to the runner, warnings and errors become troubles, debug lines are dropped, the rest are lines.
 * Any other write goes out as it came.
 */
const holdOutput = shared(process.stdout, "write", (original) => {
    const write = original;
    return function (chunk, ...rest) {
        const state = context.getStore();
        if (!state)
            return write.call(this, chunk, ...rest);
        const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
        for (const line of text.split(/\r?\n/))
            sort(line, state, (l) => write.call(process.stdout, `${l}\n`));
        const done = rest.find((r) => typeof r === "function");
        done?.();
        return true;
    };
});
function sort(line, state, pass) {
    if (line === "" || line.startsWith("::debug::"))
        return;
    if (line.startsWith("::add-mask::"))
        pass(line);
    else if (/^::(warning|error)( [^:]*)?::/.test(line))
        state.troubles.push(commandData(line.replace(/^::[^:]*::/, "")));
    else if (line.startsWith("::"))
        return;
    else
        state.lines.push(line);
}
/** A workflow command's data as @actions/core escapes it. */
function commandData(s) {
    return s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
;// CONCATENATED MODULE: ./src/session/chat-store.ts
/**
 * A chat's files between the CLI's store and the action's staging directory (what the cache saves and
 * restores). The store is the agent's: under `unprivileged-user` it is in the agent's own home, which only
 * that user can reach, and whatever is in it was written by the agent. So each side of a copy runs as the
 * user who owns it: `tar` reads the chat as the agent's user and writes it as the agent's user, and the
 * action's `tar` only ever reads and writes the staging directory. A link the agent left to a file of the
 * action's is then read, if at all, with the agent's own rights; and the staging tree is checked before it
 * is saved or handed back: directories and regular files only, within bounds.
 *
 * Each copy is bounded before anything is checked (the checks come after it): tar's stream is counted as
 * it passes, and the copy ends once it holds more than a chat may (a 2 GiB sparse file is read as 2 GiB
 * of zeros: it is cut after the limit, not read whole), and by a deadline (`signal`), at which both tars
 * are killed and the copy given up without waiting for them: a process of the agent's user may stop
 * (SIGSTOP) the tar that reads as that user, which then never ends by itself.
 */




/** A chat's store: a SQLite database and its journal, some MB; far more is not a chat. */
const MAX_CHAT_BYTES = 256 * 1024 * 1024;
const MAX_CHAT_ENTRIES = 1_000;
/** What tar adds to a chat's bytes: a header and padding a member, the end blocks, a record's padding. */
const MAX_TAR_OVERHEAD = (MAX_CHAT_ENTRIES + 1) * 2 * 512 + 20 * 512;
/**
 * A saved chat's cache entry at most, as downloaded before it is unpacked: the chat's bytes, what tar adds
 * (twice the above: the client's archives are pax, an extended header a member at most), and what
 * compression adds to bytes that do not compress (zstd's bound: a 256th; gzip's is less), with room for
 * `chat.json` and the compressor's own headers. More is not an entry the action saved: it is not read.
 */
const MAX_CHAT_ENTRY_BYTES = MAX_CHAT_BYTES + 2 * MAX_TAR_OVERHEAD + Math.ceil(MAX_CHAT_BYTES / 256) + 64 * 1024;
/** Walks `dir` without following links: what it holds and when it last changed. */
async function surveyTree(dir) {
    let entries = 0;
    let bytes = 0;
    let newestMs = 0;
    const walk = async (d) => {
        const top = await (0,promises_.lstat)(d);
        if (!top.isDirectory())
            return `${external_node_path_default().basename(d)} is not a directory`;
        newestMs = Math.max(newestMs, top.mtimeMs);
        for (const name of await (0,promises_.readdir)(d)) {
            const p = external_node_path_default().join(d, name);
            const s = await (0,promises_.lstat)(p);
            if (++entries > MAX_CHAT_ENTRIES)
                return `more than ${MAX_CHAT_ENTRIES} entries`;
            if (s.isDirectory()) {
                const why = await walk(p);
                if (why)
                    return why;
            }
            else if (s.isFile()) {
                bytes += s.size;
                newestMs = Math.max(newestMs, s.mtimeMs);
                if (bytes > MAX_CHAT_BYTES)
                    return `more than ${MAX_CHAT_BYTES / 1024 ** 2} MiB`;
            }
            else {
                return `${external_node_path_default().relative(dir, p)} is not a regular file nor a directory`;
            }
        }
        return undefined;
    };
    try {
        const refused = await walk(dir);
        return refused ? { refused, newestMs } : { newestMs };
    }
    catch (e) {
        return { refused: e.code ?? e.message, newestMs };
    }
}
/** Why `dir` is not a chat to keep (a link, a device, too much), or undefined. */
async function checkTree(dir) {
    return (await surveyTree(dir)).refused;
}
/**
 * Which of `dirs` are directories, as `side` sees them, and each one's physical path (`pwd -P`: two names of
 * one directory, through a link, are one). Asked as the side's own user, like the copies: the action never
 * follows the agent's links with its own rights. What `pwd` prints is the agent's to choose, so it serves
 * only to tell places apart, never as a path to use. Rejects when the probe itself fails.
 */
async function realDirs(side, dirs, signal) {
    const script = `for d; do p=$(cd -- "$d" 2>/dev/null && pwd -P) && printf '%s' "$p"; printf '\\0'; done`;
    const probe = spawnAs(side, ["sh", "-c", script, "sh", ...dirs], ["ignore", "pipe", "pipe"], signal);
    const chunks = [];
    probe.child.stdout?.on("data", (d) => chunks.push(d));
    const failed = await probe.done;
    if (failed)
        throw new Error(`looking for the chat: ${failed}`);
    const found = Buffer.concat(chunks).toString("utf8").split("\0").slice(0, dirs.length);
    if (found.length !== dirs.length)
        throw new Error("looking for the chat: the answer was cut short");
    return found.map((p) => p || undefined);
}
/**
 * Copies the directory `from` to `to` (replaced): `tar -c` as `reader`, piped to `tar -x` as `writer`,
 * through the action, which counts it. Modes come from the writer's umask (077): the chat is its owner's
 * alone. Rejects with tar's last words, with "more than … MiB", or at `signal`.
 */
async function copyTree(from, reader, to, writer, signal) {
    const script = 'umask 077 && rm -rf -- "$1" && mkdir -p -- "$1" && exec tar -x -f - --no-same-owner --no-same-permissions -C "$1"';
    const cut = new AbortController();
    const both = AbortSignal.any([signal, cut.signal]);
    // pax: file times to the nanosecond (the default format keeps whole seconds), so that of a chat's copies the
    // one the CLI wrote is the newest even when it wrote within the second the others were restored in (found.ts).
    const read = spawnAs(reader, ["tar", "-c", "--format=pax", "-f", "-", "-C", from, "."], ["ignore", "pipe", "pipe"], both);
    const write = spawnAs(writer, ["sh", "-c", script, "sh", to], ["pipe", "ignore", "pipe"], both);
    let bytes = 0;
    const tooMuch = `more than ${MAX_CHAT_BYTES / 1024 ** 2} MiB`;
    read.child.stdout?.on("data", (chunk) => {
        bytes += chunk.length;
        if (bytes > MAX_CHAT_BYTES + MAX_TAR_OVERHEAD)
            cut.abort(new Error(tooMuch));
    });
    read.child.stdout?.pipe(write.child.stdin);
    // The writer gone early (refused, failed): the reader's pipe breaks, which its exit says.
    write.child.stdin?.on("error", () => undefined);
    const [r, w] = await Promise.all([read.done, write.done]);
    if (cut.signal.aborted)
        throw new Error(tooMuch);
    if (w)
        throw new Error(`writing ${to}: ${w}`);
    if (r)
        throw new Error(`reading ${from}: ${r}`);
}
/**
 * `argv` as `side`'s user. At `signal` the child is killed (SIGKILL: a stopped one too) and its end not
 * waited for: under sudo the program is sudo's child, which a kill of sudo does not reach, and a pipe it
 * holds would keep the child's streams open (what is left of the agent's user is ended with it).
 */
function spawnAs(side, argv, stdio, signal) {
    const drop = side.user && [
        "setpriv",
        `--reuid=${side.user[0]}`,
        `--regid=${side.user[1]}`,
        "--clear-groups",
        "--",
    ];
    const full = !drop ? argv : side.uid === 0 ? [...drop, ...argv] : ["sudo", "-n", ...drop, ...argv];
    const [file, ...args] = full;
    const child = (0,external_node_child_process_.spawn)(file, args, { env: { PATH: system_dirs/* SYSTEM_PATH */.s, LC_ALL: "C" }, stdio });
    let err = "";
    child.stderr?.on("data", (d) => {
        if (err.length < 4096)
            err += d.toString("utf8");
    });
    const done = new Promise((resolve) => {
        const stop = () => {
            child.kill("SIGKILL");
            for (const s of [child.stdin, child.stdout, child.stderr])
                s?.destroy();
            resolve(`stopped: ${signal.reason?.message ?? "deadline"}`);
        };
        if (signal.aborted)
            stop();
        else
            signal.addEventListener("abort", stop, { once: true });
        child.on("close", () => signal.removeEventListener("abort", stop));
        child.on("error", (e) => resolve(e.message));
        child.on("close", (code, killed) => {
            if (code === 0)
                resolve(undefined);
            else
                resolve(err.trim().split("\n").pop() || `${file} exited ${killed ?? code}`);
        });
    });
    return { child, done };
}

;// CONCATENATED MODULE: ./src/session/found.ts
/**
 * A chat found after the run wherever the CLI kept it. Builds differ in where that is (key.ts statePlaces),
 * so every candidate place is looked in, as the agent's user (chat-store.ts realDirs), and each distinct
 * directory holding the chat is copied out into the staging area. When two hold it (a build that wrote in
 * one while the run had restored the chat into each, or a job whose variables name several), the newest
 * is the one the CLI wrote this run: restored copies keep the times they were saved with (tar keeps
 * them), older than any write of this run. A tie (the same files) goes to the earlier place.
 */



/** The copy to keep: the newest of those not refused; on a tie, the first. Undefined when none is fit. */
function pick(copies) {
    let kept;
    for (const c of copies) {
        if (c.refused === undefined && (kept === undefined || c.newestMs > kept.newestMs))
            kept = c;
    }
    return kept;
}
/**
 * Copies the chat out of each distinct place of `places` that holds it (as `agent`) into `work`, and
 * moves the one to keep to `to`; `work` is removed. Rejects when the places cannot be looked in, or at
 * `signal` (each copy is bounded by it: chat-store.ts).
 */
async function findChat(places, agent, self, work, to, signal) {
    const real = await realDirs(agent, places, signal);
    const seen = new Set();
    const copies = [];
    for (const [i, place] of places.entries()) {
        const id = real[i];
        if (id === undefined || seen.has(id))
            continue;
        seen.add(id);
        const dir = external_node_path_default().join(work, String(copies.length));
        try {
            await copyTree(place, agent, dir, self, signal);
            copies.push({ place, dir, ...(await surveyTree(dir)) });
        }
        catch (e) {
            copies.push({ place, dir, refused: e.message, newestMs: 0 });
        }
    }
    signal.throwIfAborted();
    const kept = pick(copies);
    try {
        if (kept)
            await (0,promises_.rename)(kept.dir, to);
    }
    finally {
        await (0,promises_.rm)(work, { recursive: true, force: true });
    }
    return { kept, copies };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
;// CONCATENATED MODULE: ./src/session/key.ts
/**
 * Where a thread's chat lives: its cache keys, and the CLI's own place for it on disk.
 *
 * Keys: `cursor-agent-chat/<owner>/<repo>/<number>/<run>-<attempt>`. Each run saves a new entry (an entry
 * is never overwritten), and the next run restores the newest whose key starts with the thread's prefix.
 * The prefix ends with `/`, a character no owner, repository name or number holds, so no thread's prefix
 * is the start of another's: `…/12/` is not a prefix of `…/123/`, nor `o/x/` of `o/x-pr/`.
 *
 * On disk (docs/session.md): the CLI keeps each chat in `<state dir>/chats/<md5 of the workspace path>/<chat
 * id>/` (a SQLite `store.db` with its `-wal` and `-shm`), and `--resume <id>` looks for it there. Which
 * directory is the state dir differs between builds (older ones: `~/.cursor` always; newer ones read
 * `CURSOR_CONFIG_DIR`, `CURSOR_DATA_DIR` and `XDG_CONFIG_HOME`, in an order nobody has pinned down), so
 * every place a build may use is a candidate.
 */



const KEY_ROOT = "cursor-agent-chat";
/** GitHub's owner and repository names: letters, digits, `.`, `_`, `-`. */
const NAME = /^[A-Za-z0-9._-]{1,100}$/;
/** The prefix every entry of this thread's chat starts with, and no other thread's does. */
function threadPrefix(t) {
    if (!NAME.test(t.owner) || !NAME.test(t.repo) || !Number.isSafeInteger(t.number) || t.number <= 0) {
        throw new Error(`not a thread: ${t.owner}/${t.repo}#${t.number}`);
    }
    return `${KEY_ROOT}/${t.owner}/${t.repo}/${t.number}/`;
}
/** This run's own key: a new entry per run and attempt (GitHub never overwrites one). */
function runKey(t, env, now) {
    const run = [env.GITHUB_RUN_ID, env.GITHUB_RUN_ATTEMPT].filter((s) => s && /^\d+$/.test(s)).join("-");
    // Without a run id (a local run), the time tells runs apart.
    return `${threadPrefix(t)}${run || "local"}-${now}`;
}
/**
 * A chat id as the CLI gives it (a UUID): it becomes an argument (`--resume`) and a directory name, so
 * anything else (a path, an option, a name that is not one) is refused.
 */
function isChatId(id) {
    return typeof id === "string" && /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/.test(id);
}
/**
 * Every state dir a build of the CLI may use under the agent's environment, without repeats, in the order
 * a tie between two copies of a chat is settled: `$CURSOR_CONFIG_DIR`, `$CURSOR_DATA_DIR`,
 * `$XDG_CONFIG_HOME/cursor`, `~/.cursor` (`$HOME`'s: the CLI's homedir() reads it first). A blank variable
 * is unset; a relative one is the agent's working directory's (the workspace), as the CLI's own fs would
 * take it. Without a HOME, no `~/.cursor` can be named.
 */
function statePlaces(agentEnv, cwd) {
    const set = (v) => (v?.trim() ? v : undefined);
    const xdg = set(agentEnv.XDG_CONFIG_HOME);
    const home = set(agentEnv.HOME);
    const places = [
        set(agentEnv.CURSOR_CONFIG_DIR),
        set(agentEnv.CURSOR_DATA_DIR),
        xdg && external_node_path_default().join(xdg, "cursor"),
        home && external_node_path_default().join(home, ".cursor"),
    ];
    return [...new Set(places.filter((p) => p !== undefined).map((p) => external_node_path_default().resolve(cwd, p)))];
}
/** The workspace's name among a state dir's chats: the md5 of its real path, as the CLI names it. */
function workspaceName(workspace) {
    let real = workspace;
    try {
        real = (0,external_node_fs_.realpathSync)(workspace);
    }
    catch {
        // A workspace that cannot be resolved is named as given, as the CLI would.
    }
    return (0,external_node_crypto_.createHash)("md5").update(real).digest("hex");
}
/** Where a state dir keeps a chat of the workspace (the md5 of the workspace's real path names it). */
function chatIn(stateDir, workspace, id) {
    return external_node_path_default().join(stateDir, "chats", workspaceName(workspace), id);
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
;// CONCATENATED MODULE: ./src/session/unpack.ts
/**
 * A cache entry's tar archive, unpacked by the action itself into a directory it has just made, instead
 * of by `@actions/cache` (which runs `tar -P -C $GITHUB_WORKSPACE` as the action's user: an entry's
 * absolute or `../` names, its links and its hard links would write, or carry, anything anywhere). Anyone
 * who can write one entry in a scope the run reads chooses every byte of the archive, so it is read as
 * hostile: a member is a directory or a regular file of the chat's layout (`chat.json`, `chat/…`) or the
 * archive is refused whole, before anything of it is used. No link of any kind is made (a link, a hard
 * link, a device, a FIFO, a sparse file: refused), every directory on a member's path is one this unpacker
 * made, and every file is created new (`O_EXCL | O_NOFOLLOW`): nothing can be written outside `dest`, nor
 * twice. Sizes come from the headers and are held to the chat's limits before a byte is written, so a
 * decompression bomb costs at most those.
 */



const BLOCK = 512;
/** A pax header or a GNU long name: a path and some times, far less than this. */
const MAX_META_BYTES = 64 * 1024;
/** What a member's name may be: the staged chat's layout (carry.ts), and nothing else. */
const LAYOUT = /^(chat\.json|chat(\/[^/]+)*)$/;
/** Unpacks the tar stream `input` into `dest` (an empty directory of the caller's). Rejects with why. */
async function unpackArchive(input, dest, limits) {
    const bytes = new Bytes(input[Symbol.asyncIterator]());
    const made = new Set(["."]);
    const dirTimes = [];
    let entries = 0;
    let total = 0;
    for (;;) {
        const member = await nextMember(bytes);
        if (!member)
            break;
        const rel = memberPath(member.name);
        if (rel === ".") {
            if (member.type !== "5")
                throw new Error("the archive's root is not a directory");
            continue;
        }
        if (++entries > limits.entries)
            throw new Error(`more than ${limits.entries} entries`);
        const parent = external_node_path_default().posix.dirname(rel);
        if (!made.has(parent))
            throw new Error(`${rel}: its directory is not in the archive before it`);
        const target = external_node_path_default().join(dest, ...rel.split("/"));
        if (member.type === "5") {
            // A directory holds no data: a size would be bytes to read past, uncounted (up to 10^15 in pax).
            if (member.size !== 0)
                throw new Error(`${rel}: a directory with data`);
            // Not recursive: the directory is new, in one of ours.
            await (0,promises_.mkdir)(target, { mode: 0o700 });
            made.add(rel);
            dirTimes.push([target, member.mtime]);
            continue;
        }
        total += member.size;
        if (total > limits.bytes)
            throw new Error(`more than ${limits.bytes / 1024 ** 2} MiB`);
        await writeMember(bytes, target, member);
    }
    // Last, deepest first: a directory's time changes when something is made in it.
    for (const [dir, mtime] of dirTimes.reverse())
        await (0,promises_.utimes)(dir, mtime, mtime);
}
async function writeMember(bytes, target, member) {
    const flags = external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | external_node_fs_.constants.O_NOFOLLOW;
    const file = await (0,promises_.open)(target, flags, 0o600);
    try {
        let left = member.size;
        while (left > 0) {
            const chunk = await bytes.some(left);
            await file.write(chunk);
            left -= chunk.length;
        }
        // The time it was saved with: which copy of a chat is newest is told by them (found.ts).
        await file.utimes(member.mtime, member.mtime);
    }
    finally {
        await file.close();
    }
    await bytes.skip(padded(member.size) - member.size);
}
/** The next file or directory, its pax header or long name applied; undefined at the archive's end. */
async function nextMember(bytes) {
    let pax;
    let longName;
    // Headers before one member, counted together: repeated, each under the bound, they would be endless.
    let meta = 0;
    for (;;) {
        const block = await bytes.block(BLOCK);
        if (!block || block.every((b) => b === 0))
            return undefined;
        const header = parseHeader(block);
        if (header.type === "x" || header.type === "L") {
            meta += header.size;
            if (header.size > MAX_META_BYTES || meta > MAX_META_BYTES)
                throw new Error("an oversized extended header");
            const data = await bytes.take(header.size);
            await bytes.skip(padded(header.size) - header.size);
            if (header.type === "x")
                pax = parsePax(data);
            else
                longName = cString(data);
            continue;
        }
        if (header.type !== "0" && header.type !== "\0" && header.type !== "5") {
            throw new Error(`${printable(header.name)} is ${KINDS[header.type] ?? "of an unknown kind"}`);
        }
        const member = {
            name: pax?.get("path") ?? longName ?? header.name,
            type: header.type === "5" ? "5" : "0",
            size: pax?.has("size") ? decimal(pax.get("size"), "size") : header.size,
            mtime: pax?.has("mtime") ? Number(pax.get("mtime")) : header.mtime,
        };
        if (!Number.isFinite(member.mtime))
            throw new Error(`${printable(member.name)} has no valid time`);
        return member;
    }
}
const KINDS = {
    "1": "a hard link",
    "2": "a link",
    "3": "a character device",
    "4": "a block device",
    "6": "a FIFO",
    "7": "a contiguous file",
    g: "a global header",
    K: "a long link",
    S: "a sparse file",
};
/** A ustar or GNU header block, its checksum checked. */
function parseHeader(block) {
    const sum = block.reduce((a, b, i) => a + (i >= 148 && i < 156 ? 32 : b), 0);
    if (octal(block.subarray(148, 156), "checksum") !== sum)
        throw new Error("not a tar archive (checksum)");
    const magic = block.subarray(257, 263).toString("latin1");
    // ustar has a prefix for long names; the GNU format keeps other fields there.
    const prefix = magic === "ustar\0" ? cString(block.subarray(345, 500)) : "";
    const name = cString(block.subarray(0, 100));
    return {
        name: prefix ? `${prefix}/${name}` : name,
        type: String.fromCharCode(block[156] ?? 0),
        size: octal(block.subarray(124, 136), "size"),
        mtime: octal(block.subarray(136, 148), "time"),
    };
}
/** `len key=value\n` records; a sparse file's keys are refused (its data is not the file). */
function parsePax(data) {
    const out = new Map();
    let at = 0;
    while (at < data.length) {
        const space = data.indexOf(0x20, at);
        const len = space > at ? Number(data.subarray(at, space).toString("latin1")) : Number.NaN;
        if (!Number.isSafeInteger(len) || len <= 0 || at + len > data.length)
            throw new Error("a bad pax header");
        const record = data.subarray(space + 1, at + len - 1).toString("utf8");
        const eq = record.indexOf("=");
        const key = record.slice(0, eq);
        if (eq <= 0 || key.startsWith("GNU.sparse"))
            throw new Error(`a pax header the chat has no use for`);
        out.set(key, record.slice(eq + 1));
        at += len;
    }
    return out;
}
/**
 * A member's name as a path inside the staged chat: relative, without `.`/`..` parts or empty ones, in
 * the chat's layout. `.` is the archive's root (GNU tar writes `./` first).
 */
function memberPath(name) {
    if (name.startsWith("/"))
        throw new Error(`${printable(name)} is not a relative name`);
    const bare = name.replace(/^(\.\/)+/, "").replace(/\/$/, "");
    if (bare === "" || bare === ".")
        return ".";
    const parts = bare.split("/");
    if (name.includes("\0") || parts.some((p) => p === "" || p === "." || p === "..")) {
        throw new Error(`${printable(name)} is not a plain relative name`);
    }
    if (!LAYOUT.test(bare))
        throw new Error(`${printable(name)} is not part of a chat`);
    return bare;
}
function padded(size) {
    return Math.ceil(size / BLOCK) * BLOCK;
}
function cString(b) {
    const end = b.indexOf(0);
    return b.subarray(0, end < 0 ? b.length : end).toString("utf8");
}
/** An octal field (NUL or space ended); base-256 (a size past 8 GiB) is more than a chat has. */
function octal(field, what) {
    const text = field
        .toString("latin1")
        .replace(/[\0 ]+$/, "")
        .replace(/^ +/, "");
    if (!/^[0-7]{1,12}$/.test(text))
        throw new Error(`not a tar archive (${what})`);
    return Number.parseInt(text, 8);
}
function decimal(text, what) {
    if (!text || !/^\d{1,15}$/.test(text))
        throw new Error(`a bad pax ${what}`);
    return Number(text);
}
/** A name for a message: the archive's words, cut and without control characters. */
function printable(name) {
    return JSON.stringify(name.replace(/[\u0000-\u001f\u007f]/g, "?").slice(0, 120));
}
/** A byte stream read in exact amounts. */
class Bytes {
    source;
    buffered = Buffer.alloc(0);
    constructor(source) {
        this.source = source;
    }
    /** Exactly `n` bytes, else it rejects. */
    async take(n) {
        const out = await this.block(n);
        if (!out)
            throw new Error("the archive is cut short");
        return out;
    }
    /** Exactly `n` bytes; undefined at the stream's end when nothing is left. */
    async block(n) {
        while (this.buffered.length < n) {
            if (!(await this.more())) {
                if (this.buffered.length === 0)
                    return undefined;
                throw new Error("the archive is cut short");
            }
        }
        const out = this.buffered.subarray(0, n);
        this.buffered = this.buffered.subarray(n);
        return out;
    }
    /** Between 1 and `n` bytes. */
    async some(n) {
        if (this.buffered.length === 0 && !(await this.more()))
            throw new Error("the archive is cut short");
        const out = this.buffered.subarray(0, Math.min(n, this.buffered.length));
        this.buffered = this.buffered.subarray(out.length);
        return out;
    }
    async skip(n) {
        let left = n;
        while (left > 0)
            left -= (await this.some(left)).length;
    }
    async more() {
        const next = await this.source.next();
        if (next.done)
            return false;
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
        this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
        return true;
    }
}

;// CONCATENATED MODULE: ./src/session/restore.ts
/**
 * A fetched cache entry (cache-client.ts) into a staged chat: decompressed as it is read (gzip in-process;
 * zstd by the system's `zstd`, as the cache client compresses it) and unpacked by unpack.ts, which refuses
 * anything that is not the chat's layout of directories and regular files, within the chat's limits.
 */







/** `chat.json` and the `chat/` directory besides the chat's own entries. */
const LAYOUT_ENTRIES = 2;
/**
 * Unpacks `entry` into `dest` (made here, new). Resolves with why the entry is refused (a name, a link,
 * too much, not an archive), or undefined. At `signal` the reading stops and it resolves with why.
 */
async function unpackEntry(entry, dest, signal) {
    await (0,promises_.mkdir)(dest, { mode: 0o700 });
    const source = decompressed(entry);
    const stop = () => source.stream.destroy(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    try {
        await unpackArchive(source.stream, dest, {
            entries: MAX_CHAT_ENTRIES + LAYOUT_ENTRIES,
            bytes: MAX_CHAT_BYTES + MAX_ID_BYTES,
        });
        return signal.aborted ? signal.reason.message : undefined;
    }
    catch (e) {
        return signal.aborted ? signal.reason.message : e.message;
    }
    finally {
        signal.removeEventListener("abort", stop);
        source.end();
    }
}
/** `chat.json`: `{"id": …}`, a chat id of at most 128 characters. */
const MAX_ID_BYTES = 1024;
function decompressed(entry) {
    if (entry.compression === "gzip") {
        const file = (0,external_node_fs_.createReadStream)(entry.archive);
        const stream = file.pipe((0,external_node_zlib_.createGunzip)());
        file.on("error", (e) => stream.destroy(e));
        return { stream, end: () => file.destroy() };
    }
    // Only as much is read as the unpacker takes: at its end (or a refusal) zstd is killed, not drained.
    const zstd = (0,external_node_child_process_.spawn)("zstd", ["-d", "-c", "-q", "--no-progress", "--", entry.archive], {
        env: { PATH: system_dirs/* SYSTEM_PATH */.s, LC_ALL: "C" },
        stdio: ["ignore", "pipe", "ignore"],
    });
    zstd.on("error", (e) => zstd.stdout.destroy(e));
    return { stream: zstd.stdout, end: () => zstd.kill("SIGKILL") };
}

;// CONCATENATED MODULE: ./src/session/carry.ts
/**
 * `session: pull-request`: one chat per pull request or issue thread, carried across runs in GitHub's
 * Actions cache (docs/session.md). Before the agent starts, the thread's newest saved chat is restored
 * into the CLI's store, where the agent's user keeps it, and continued (`--resume <id>`); after the run
 * (whatever its end) the chat the agent had is saved as a new entry. A cache that cannot be used is a
 * notice and the run starts a new chat: it never fails the step.
 */










/**
 * Where a chat is saved from: its files under `chat/`, its id in `chat.json`. The same path every run: the
 * entry's version is made of it, and a restore asks for that version. The name changed with the archive's
 * layout (members named from this directory, `./chat.json`, where they were named from the workspace,
 * `../…`, before): entries of the old layout are of another version, never asked for.
 */
function stagingDir(env) {
    return external_node_path_default().join(env.RUNNER_TEMP || (0,external_node_os_.tmpdir)(), "cursor-agent-chat-2");
}
/** The runner's variables for a cache call: programs from the system's directories (cache.ts). */
function callEnv(env, workspace) {
    return { ...env, PATH: system_dirs/* SYSTEM_PATH */.s, ...(workspace ? { GITHUB_WORKSPACE: workspace } : {}) };
}
/**
 * A deadline over several steps: aborts `signal` at `ms`, or when `cut` aborts (a cancel's share spent),
 * with its reason; `left()` is what remains of it, `why()` why it ended. A timer of its own, never
 * cleared: it only aborts a signal nobody reads once the steps are done.
 */
function deadline(ms, cut) {
    const start = Date.now();
    const control = new AbortController();
    setTimeout(() => control.abort(new Error(`no end within ${(0,format/* formatDuration */.a3)(ms)}`)), ms).unref();
    const signal = cut ? AbortSignal.any([control.signal, cut]) : control.signal;
    return {
        signal,
        left: () => (signal.aborted ? 0 : Math.max(0, ms - (Date.now() - start))),
        why: () => signal.reason?.message ?? "stopped",
        /** Resolves when `cut` aborts: a cache call running then is given up (cache.ts `until`). */
        cut: cut &&
            new Promise((resolve) => cut.aborted ? resolve() : cut.addEventListener("abort", () => resolve(), { once: true })),
    };
}
const carry_name = (t) => `#${t.number}`;
/** Before the agent starts: the thread's newest chat into the CLI's store. Never throws. */
async function restoreChat(place, deps, deadlineMs) {
    const { thread } = place;
    if (place.fromFork) {
        deps.notice(`No chat is restored for ${carry_name(thread)}: it comes from a fork, whose own workflow runs can write the cache this run reads. A new chat starts.`);
        return {};
    }
    const fail = (why) => {
        deps.notice(`The chat of ${carry_name(thread)} could not be restored (${(0,format/* oneLine */.TN)(why)}): a new chat starts.`);
        return {};
    };
    const time = deadline(deadlineMs);
    let work;
    try {
        // A directory of its own, new, the action's alone: the archive and what it holds, nothing else.
        work = await (0,promises_.mkdtemp)(external_node_path_default().join(deps.cache.env.RUNNER_TEMP || (0,external_node_os_.tmpdir)(), "cursor-agent-chat-restore-"));
        const archives = external_node_path_default().join(work, "archive");
        await (0,promises_.mkdir)(archives, { mode: 0o700 });
        const env = callEnv(deps.cache.env);
        const answer = await withCache({ ...deps.cache, env, deadlineMs: time.left() }, (cache) => cache.fetch([stagingDir(env)], `${threadPrefix(thread)}${deps.now()}`, [threadPrefix(thread)], archives, 
        // An entry is anyone's who can write one in a scope the run reads: not read past what a chat can be.
        MAX_CHAT_ENTRY_BYTES));
        for (const line of answer.lines)
            deps.log(line);
        if (answer.trouble)
            return fail(answer.trouble);
        if (!answer.value) {
            deps.log(`No saved chat for ${carry_name(thread)}: a new chat starts.`);
            return {};
        }
        const tree = external_node_path_default().join(work, "tree");
        const refused = await unpackEntry(answer.value, tree, time.signal);
        if (refused)
            return fail(`the saved chat is refused: ${refused}`);
        const id = await stagedId(tree);
        const why = await checkTree(external_node_path_default().join(tree, "chat"));
        if (why)
            return fail(`the saved chat is refused: ${why}`);
        await placeChat(place, external_node_path_default().join(tree, "chat"), id, deps, time.signal);
        deps.log(`Continuing the chat ${id} of ${carry_name(thread)} (saved as ${answer.value.key}).`);
        return { resume: id, key: answer.value.key };
    }
    catch (e) {
        return fail(time.signal.aborted ? time.why() : e.message);
    }
    finally {
        if (work)
            await (0,promises_.rm)(work, { recursive: true, force: true }).catch(() => undefined);
    }
}
/**
 * After the agent has exited (whatever its end), before its home is removed: the chat `chatId` from the
 * CLI's store, saved as this run's entry, within `deadlineMs`, or until `cut` aborts (a cancel that came
 * meanwhile: the copies are killed, the upload given up). Never throws; true when saved.
 */
async function saveChat(place, chatId, deps, deadlineMs, cut) {
    const { thread } = place;
    if (place.fromFork)
        return false;
    if (!isChatId(chatId)) {
        deps.log(`No chat to save for ${carry_name(thread)}: the agent named none.`);
        return false;
    }
    const staging = stagingDir(deps.cache.env);
    const fail = (why) => {
        deps.notice(`The chat of ${carry_name(thread)} could not be saved (${(0,format/* oneLine */.TN)(why)}).`);
        return false;
    };
    // The copies out of the agent's store count against the save's deadline as the upload does.
    const time = deadline(deadlineMs, cut);
    const why = await stageChat(place, chatId, staging, deps, time.signal).catch((e) => time.signal.aborted ? time.why() : e.message);
    if (why !== undefined) {
        await (0,promises_.rm)(staging, { recursive: true, force: true }).catch(() => undefined);
        return fail(why);
    }
    const key = runKey(thread, deps.cache.env, deps.now());
    // Members named from the staging directory (`./chat.json`, `./chat/…`), as a restore expects them.
    const env = callEnv(deps.cache.env, staging);
    const stops = [deps.cache.until, time.cut].filter((p) => p !== undefined);
    const until = stops.length > 0 ? Promise.race(stops) : undefined;
    const answer = await withCache({ ...deps.cache, env, deadlineMs: time.left(), until }, (cache) => cache.save([staging], key));
    await (0,promises_.rm)(staging, { recursive: true, force: true }).catch(() => undefined);
    for (const line of answer.lines)
        deps.log(line);
    if (answer.trouble || answer.value === undefined || answer.value === -1) {
        if (cut?.aborted)
            return fail(time.why());
        return fail(answer.trouble ?? "the cache did not take it");
    }
    deps.log(`The chat ${chatId} of ${carry_name(thread)} is saved (${key}).`);
    return true;
}
/**
 * The staged chat into the CLI's place for it: the one state dir every rule names, else each candidate
 * (a build follows one rule, unknown which). Written in one place at least, or it rejects; a place that
 * could not be written is said.
 */
async function placeChat(place, from, id, deps, signal) {
    const dirs = place.stateDir ? [place.stateDir] : statePlaces(place.agentEnv, place.workspace);
    const failed = [];
    for (const dir of dirs) {
        const to = chatIn(dir, place.workspace, id);
        await copyTree(from, place.self, to, place.agent, signal).catch((e) => failed.push(e.message));
    }
    signal.throwIfAborted();
    if (dirs.length === 0 || failed.length === dirs.length) {
        throw new Error(failed[0] ?? "the agent's environment names no place for its chats");
    }
    for (const why of failed)
        deps.log(`The chat ${id} could not be placed everywhere: ${(0,format/* oneLine */.TN)(why)}.`);
}
/**
 * The chat `id` from wherever the CLI kept it into the staging directory (`chat/`, `chat.json`), checked.
 * Resolves with why it is not saved, or undefined.
 */
async function stageChat(place, id, staging, deps, signal) {
    await fresh(staging);
    const places = statePlaces(place.agentEnv, place.workspace).map((d) => chatIn(d, place.workspace, id));
    const found = await findChat(places, place.agent, place.self, external_node_path_default().join(staging, "found"), external_node_path_default().join(staging, "chat"), signal);
    const { kept, copies } = found;
    if (!kept) {
        const refused = copies[0]?.refused;
        if (refused)
            return `the chat is not saved: ${refused}`;
        // The notice is one short line: the places go to the log.
        deps.log(`The chat ${id} is in none of the places the CLI may keep it: ${places.join(", ")}.`);
        return `it is in none of the ${places.length} places the CLI may keep it`;
    }
    if (copies.length > 1) {
        const others = copies
            .filter((c) => c !== kept)
            .map((c) => `${c.place}${c.refused ? ` (${c.refused})` : ""}`);
        deps.log(`The chat ${id} was in ${copies.length} places: ${kept.place} is kept (the newest), not ${others.join(", ")}.`);
    }
    await (0,promises_.writeFile)(external_node_path_default().join(staging, "chat.json"), JSON.stringify({ id }), { mode: 0o600 });
    return undefined;
}
/** The staging directory, empty and the action's alone. */
async function fresh(dir) {
    await (0,promises_.rm)(dir, { recursive: true, force: true });
    await (0,promises_.mkdir)(dir, { recursive: true, mode: 0o700 });
}
/** The chat id saved with the store; anything that is not one is refused. */
async function stagedId(staging) {
    const raw = await (0,promises_.readFile)(external_node_path_default().join(staging, "chat.json"), "utf8").catch(() => "");
    let id;
    try {
        id = JSON.parse(raw).id;
    }
    catch {
        id = undefined;
    }
    if (!isChatId(id))
        throw new Error("the saved chat has no valid id");
    return id;
}


/***/ })

};

//# sourceMappingURL=131.index.js.map