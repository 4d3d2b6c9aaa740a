export const id = 436;
export const ids = [436,318];
export const modules = {

/***/ 47318:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   upsertComment: () => (/* binding */ upsertComment)
/* harmony export */ });
/* harmony import */ var _identity_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77369);
/* harmony import */ var _marker_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(14329);


async function upsertComment(client, t, key, body) {
    const mark = (0,_marker_js__WEBPACK_IMPORTED_MODULE_1__/* .marker */ .xL)(key);
    const me = await client.whoAmI();
    const ours = (c) => c.body?.startsWith(mark) === true && (0,_identity_js__WEBPACK_IMPORTED_MODULE_0__/* .writtenByUs */ .b)(c, me);
    const full = `${mark}\n${body}`;
    for await (const c of client.comments(t)) {
        if (!ours(c))
            continue;
        try {
            const updated = await client.update(t, c.id, full);
            return { id: updated.id, url: updated.html_url, action: "updated" };
        }
        catch (e) {
            // Another app's bot wrote this one (its token may not edit it): look on, then write our own.
            const status = e.status;
            if (status !== 403 && status !== 404)
                throw e;
        }
    }
    const created = await client.create(t, full);
    return { id: created.id, url: created.html_url, action: "created" };
}


/***/ }),

/***/ 6436:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ProgressComment: () => (/* binding */ ProgressComment)
/* harmony export */ });
/* harmony import */ var _base_deadlines_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(14332);
/* harmony import */ var _base_format_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8378);
/* harmony import */ var _github_comment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(47318);
/* harmony import */ var _github_marker_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(14329);
/* harmony import */ var _render_headlines_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(78745);
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(42495);
/* harmony import */ var _render_todos_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(30009);
/**
 * The live progress comment: the sticky PR comment, written when the agent starts ("working", the start
 * time, a link to the run) and kept current while it runs (its todo list, the tool call in progress, the
 * files changed so far, the time taken). The end of the run writes the report into the same comment
 * (publish.ts finds it by its marker).
 *
 * Pace: at most one update per {@link ProgressOptions.intervalMs} (15 s), plus one soon after each change
 * of the todo list (changes within a second are one update; one that comes while a request is in flight
 * goes as soon as that request settles), and never two requests at once. Updates are best effort: each
 * request is made once (no retry, no wait for a rate limit) and a failure is a debug line — never a failed
 * step, never a wait for the agent: nothing here is awaited on the stream's path. A refusal (401, 403,
 * 404: a fork's read-only token) ends the updates. {@link ProgressComment.finish} ends them and waits for
 * the request in flight (aborting only one that hangs), so that no late update can overwrite the report.
 */







/**
 * How long {@link ProgressComment.finish} lets a request in flight complete before aborting it, so that the
 * report lands last: GitHub applies a PATCH (or POST) it has received even when the client aborts, so an
 * abandoned update could land over the report, or a first write become a second comment. An update is one
 * attempt, so this is the API's own answer time. None after a cancel, whenever it comes (a wait begun
 * ends with it): the runner kills the step 7.5 s after its SIGINT (docs/runner.md), the report comes first.
 */
const FINISH_WAIT_MS = _base_deadlines_js__WEBPACK_IMPORTED_MODULE_0__/* .RUN_DEADLINES */ .Y1.progressFinishMs;
/** How long an aborted request may take to settle (a client honouring its signal: at once). */
const ABORT_WAIT_MS = _base_deadlines_js__WEBPACK_IMPORTED_MODULE_0__/* .CANCEL_DEADLINES */ .bp.progressMs;
/** How long {@link ProgressComment.fail} gives its own write (then the process may end). */
const FAIL_WAIT_MS = _base_deadlines_js__WEBPACK_IMPORTED_MODULE_0__/* .RUN_DEADLINES */ .Y1.progressFailMs;
class ProgressComment {
    o;
    startedAt;
    commentId;
    /** Every update's requests carry its signal: {@link finish} aborts the one in flight. */
    updates = new AbortController();
    updatesClient;
    inFlight;
    /** Something changed since the last update was sent. */
    dirty = true;
    /** A todo list change came while a request was in flight: its update goes when that request settles. */
    todosPending = false;
    /** The todo list the last update saw (the model's own array: a change is a new one). */
    todosAt;
    /** Calls started and not yet ended, by id, in the order they started (calls can run in parallel). */
    running = new Map();
    timer;
    soon;
    stopped = false;
    cancelled = false;
    /** Resolves at the runner's cancel: {@link finish}'s wait for the request in flight ends with it. */
    heard;
    hear = () => { };
    /** The comment is the report's (or the failure's): nothing here writes it any more. */
    final = false;
    /** GitHub refused a write (401, 403, 404): no other will be tried. */
    refused = false;
    /** Writes attempted: with none, there is no comment for fail() to write in. */
    writes = 0;
    constructor(o) {
        this.o = o;
        this.startedAt = o.now();
        // The model's empty list at start: the first call's end is not a change of the todo list.
        this.todosAt = o.model.todos;
        this.heard = new Promise((resolve) => {
            this.hear = resolve;
        });
    }
    /** The first write ("working"), then the timed updates. */
    start() {
        this.o.signals?.on("SIGINT", this.onCancel);
        this.o.signals?.on("SIGTERM", this.onCancel);
        this.send();
        this.timer = setInterval(() => {
            if (this.dirty)
                this.send();
        }, this.o.intervalMs ?? 15_000);
        this.timer.unref();
    }
    /** A pipeline listener: notes what the next update shows. Cheap; never sends by itself but for todos. */
    onUpdate = (u) => {
        if (this.stopped)
            return;
        if (u.type === "tool-start") {
            this.running.set(u.call.callId, u.call);
            this.dirty = true;
        }
        else if (u.type === "tool-end") {
            this.running.delete(u.call.callId);
            this.dirty = true;
            if (this.o.model.todos !== this.todosAt) {
                this.todosAt = this.o.model.todos;
                this.soon ??= setTimeout(() => {
                    this.soon = undefined;
                    // One request at a time: the update waits for the one in flight, then goes at once.
                    if (this.inFlight)
                        this.todosPending = true;
                    else
                        this.send();
                }, this.o.todoDelayMs ?? 1_000);
                this.soon.unref();
            }
        }
    };
    /**
     * No more updates. A request in flight is waited for ({@link FINISH_WAIT_MS}; not after a cancel, nor
     * past one that comes meanwhile), then whatever is left is aborted: no request of the updates is sent
     * after this returns.
     */
    async finish() {
        this.stop();
        const flight = this.inFlight;
        if (flight && !this.cancelled)
            await (0,_base_deadlines_js__WEBPACK_IMPORTED_MODULE_0__/* .waitEnd */ .H1)(FINISH_WAIT_MS, 0).race(Promise.race([flight, this.heard]));
        this.updates.abort();
        if (flight)
            await (0,_base_deadlines_js__WEBPACK_IMPORTED_MODULE_0__/* .waitEnd */ .H1)(ABORT_WAIT_MS, 0).race(flight);
        this.unlisten();
    }
    /** The report is being written into the comment: from now on it is the report's ({@link fail} does nothing). */
    reported() {
        this.final = true;
        this.stop();
        this.unlisten();
    }
    /**
     * The run ended without a report (the action itself failed): the comment says so instead of "working".
     * Best effort, after any request in flight; at most a few seconds. Nothing once the report is written.
     */
    async fail(message) {
        if (this.final)
            return;
        this.final = true;
        await this.finish();
        if (this.writes === 0 || this.refused)
            return;
        const body = `${(0,_render_headlines_js__WEBPACK_IMPORTED_MODULE_3__/* .headline */ .Pl)(_render_headlines_js__WEBPACK_IMPORTED_MODULE_3__/* .HEADLINE */ .ZS.failure)}\n\nThe action stopped before its report:\n\n${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .fenced */ .OF)(this.o.redact(message))}`;
        // A cancel before it or during it leaves the write its share of the cancel budget, no more: the runner
        // kills the step 7.5 s after its SIGINT.
        const cancel = new AbortController();
        if (this.cancelled)
            cancel.abort();
        const onCancel = () => cancel.abort();
        this.o.signals?.on("SIGINT", onCancel);
        this.o.signals?.on("SIGTERM", onCancel);
        const end = (0,_base_deadlines_js__WEBPACK_IMPORTED_MODULE_0__/* .waitEnd */ .H1)(FAIL_WAIT_MS, _base_deadlines_js__WEBPACK_IMPORTED_MODULE_0__/* .CANCEL_DEADLINES */ .bp.commentMs, cancel.signal);
        await end.race(this.write(body, end.signal).catch(() => { }));
        this.o.signals?.off("SIGINT", onCancel);
        this.o.signals?.off("SIGTERM", onCancel);
    }
    /** The runner cancels: no more updates (the one in flight may complete; {@link finish} will not wait). */
    onCancel = () => {
        this.cancelled = true;
        this.hear();
        this.stop();
    };
    /** No more updates (the cancel is still heard, until {@link finish} is over). */
    stop() {
        if (this.stopped)
            return;
        this.stopped = true;
        clearInterval(this.timer);
        clearTimeout(this.soon);
        this.todosPending = false;
    }
    unlisten() {
        this.o.signals?.off("SIGINT", this.onCancel);
        this.o.signals?.off("SIGTERM", this.onCancel);
    }
    /** One request at a time: a timed send while one is in flight is left to the next tick (dirty stays set). */
    send() {
        if (this.stopped || this.inFlight)
            return;
        this.dirty = false;
        this.todosPending = false;
        const body = this.body();
        this.writes++;
        const { signal } = this.updates;
        this.inFlight = this.write(body, signal)
            .catch((e) => {
            // Aborted by finish(): the report takes over, nothing to say.
            if (signal.aborted)
                return;
            const status = e?.status;
            const refused = isRefusal(e);
            this.o.debug(`The progress comment could not be written${status ? ` (HTTP ${status})` : ""}: ${(e?.message ?? String(e)).split("\n")[0]}${refused ? " (no more updates; the report will still be tried at the end)" : ""}`);
            if (refused) {
                this.refused = true;
                this.stop();
            }
            this.dirty = true;
        })
            .finally(() => {
            this.inFlight = undefined;
            if (this.todosPending)
                this.send();
        });
    }
    async write(body, signal) {
        const client = await this.clientFor(signal);
        signal.throwIfAborted();
        if (this.commentId === undefined) {
            const r = await (0,_github_comment_js__WEBPACK_IMPORTED_MODULE_1__.upsertComment)(client, this.o.target, this.o.key, body);
            this.commentId = r.id;
            return;
        }
        await client.update(this.o.target, this.commentId, `${(0,_github_marker_js__WEBPACK_IMPORTED_MODULE_2__/* .marker */ .xL)(this.o.key)}\n${body}`);
    }
    /** The updates share one client (and its signal); fail()'s write has its own. */
    clientFor(signal) {
        if (signal !== this.updates.signal)
            return this.o.client(signal);
        this.updatesClient ??= this.o.client(signal);
        return this.updatesClient;
    }
    body() {
        const { model, redact } = this.o;
        const elapsed = this.o.now() - this.startedAt;
        const started = new Date(this.startedAt).toISOString().slice(11, 19);
        const out = [
            (0,_render_headlines_js__WEBPACK_IMPORTED_MODULE_3__/* .headline */ .Pl)(_render_headlines_js__WEBPACK_IMPORTED_MODULE_3__/* .WORKING_HEADLINE */ .By),
            "",
            [
                `Started ${started} UTC`,
                `${(0,_base_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(elapsed)} so far`,
                `${model.toolCounts().total} tool calls`,
                `${this.o.filesChanged()} file${this.o.filesChanged() === 1 ? "" : "s"} changed so far`,
                this.o.runUrl ? `[workflow run](${this.o.runUrl})` : "",
            ]
                .filter(Boolean)
                .join(" · "),
            "",
        ];
        if (model.todos.length > 0)
            out.push("**The agent's todo list**", "", ...(0,_render_todos_js__WEBPACK_IMPORTED_MODULE_6__/* .todoLines */ .Y)(model.todos, redact), "");
        // The latest call still running (with calls in parallel, another may have ended after it started).
        const c = [...this.running.values()].at(-1);
        if (c) {
            const what = c.target
                ? `${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .mdText */ .bC)(redact(c.name))} ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .mdCode */ .xs)(redact(c.target))}`
                : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .mdText */ .bC)(redact(c.name));
            const others = this.running.size - 1;
            out.push(`**Now:** ${what}, for ${(0,_base_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(Math.max(0, this.o.now() - c.startedAt))}${others > 0 ? ` (and ${others} more call${others === 1 ? "" : "s"} in progress)` : ""}`, "");
        }
        out.push("_This comment becomes the report when the agent is done._");
        return out.join("\n");
    }
}
/** Waits for `p`, at most `ms`. */
/** GitHub will not take this token's writes here (bad credentials, read-only, no comment); a rate limit will. */
function isRefusal(e) {
    const err = e;
    if (err?.status === 401 || err?.status === 404)
        return true;
    if (err?.status !== 403)
        return false;
    return err.response?.headers?.["x-ratelimit-remaining"] !== "0" && !/rate limit/i.test(err.message ?? "");
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


/***/ })

};

//# sourceMappingURL=436.index.js.map