export const id = 660;
export const ids = [660,318];
export const modules = {

/***/ 7318:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   upsertComment: () => (/* binding */ upsertComment)
/* harmony export */ });
/* harmony import */ var _marker_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4329);

async function upsertComment(client, t, key, body) {
    const mark = (0,_marker_js__WEBPACK_IMPORTED_MODULE_0__.marker)(key);
    const me = await client.whoAmI();
    const ours = (c) => c.body?.startsWith(mark) === true && (me !== undefined ? c.user?.login === me : c.user?.type === "Bot");
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

/***/ 9898:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ProgressComment: () => (/* binding */ ProgressComment)
/* harmony export */ });
/* harmony import */ var _github_comment_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7318);
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2495);
/* harmony import */ var _render_report_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4824);
/* harmony import */ var _render_run_header_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3915);




/** How long {@link ProgressComment.finish} waits for a request in flight. */
const FINISH_WAIT_MS = 5_000;
class ProgressComment {
    o;
    startedAt;
    commentId;
    inFlight;
    /** Something changed since the last update was sent. */
    dirty = true;
    todosAt = [];
    current;
    timer;
    soon;
    stopped = false;
    /** Requests made, for the log's last line (and the tests' request budget). */
    requests = 0;
    constructor(o) {
        this.o = o;
        this.startedAt = o.now();
    }
    /** The first write ("working"), then the timed updates. */
    start() {
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
            this.current = u.call;
            this.dirty = true;
        }
        else if (u.type === "tool-end") {
            if (this.current === u.call)
                this.current = undefined;
            this.dirty = true;
            if (this.o.model.todos !== this.todosAt) {
                this.todosAt = this.o.model.todos;
                this.soon ??= setTimeout(() => {
                    this.soon = undefined;
                    this.send();
                }, this.o.todoDelayMs ?? 1_000);
                this.soon.unref();
            }
        }
    };
    /** No more updates; a request in flight is waited for (at most 5 s), so the report comes after it. */
    async finish() {
        this.stopped = true;
        clearInterval(this.timer);
        clearTimeout(this.soon);
        const flight = this.inFlight;
        if (flight) {
            let t;
            await Promise.race([flight, new Promise((r) => (t = setTimeout(r, FINISH_WAIT_MS)))]);
            clearTimeout(t);
        }
    }
    /**
     * The run ended without a report (the action itself failed): the comment says so instead of "working".
     * Best effort, after any request in flight; at most a few seconds.
     */
    async fail(message) {
        await this.finish();
        if (this.requests === 0)
            return;
        const body = `### ❌ Cursor agent failed\n\nThe action stopped before its report:\n\n${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .fenced */ .OF)(this.o.redact(message))}`;
        let t;
        await Promise.race([
            this.write(body).catch(() => { }),
            new Promise((r) => (t = setTimeout(r, FINISH_WAIT_MS))),
        ]);
        clearTimeout(t);
    }
    /** One request at a time: a send while one is in flight is left to the next tick (dirty stays set). */
    send() {
        if (this.stopped || this.inFlight)
            return;
        this.dirty = false;
        const body = this.body();
        this.requests++;
        this.inFlight = this.write(body)
            .catch((e) => {
            const status = e?.status;
            this.o.debug(`The progress comment could not be written${status ? ` (HTTP ${status})` : ""}: ${(e?.message ?? String(e)).split("\n")[0]}`);
            this.dirty = true;
        })
            .finally(() => {
            this.inFlight = undefined;
        });
    }
    async write(body) {
        const client = await this.o.client();
        if (this.commentId === undefined) {
            const r = await (0,_github_comment_js__WEBPACK_IMPORTED_MODULE_2__.upsertComment)(client, this.o.target, this.o.key, body);
            this.commentId = r.id;
            return;
        }
        const { marker } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 4329));
        await client.update(this.o.target, this.commentId, `${marker(this.o.key)}\n${body}`);
    }
    body() {
        const { model, redact } = this.o;
        const elapsed = this.o.now() - this.startedAt;
        const started = new Date(this.startedAt).toISOString().slice(11, 19);
        const out = [
            "### ⏳ Cursor agent is working",
            "",
            [
                `Started ${started} UTC`,
                `${(0,_render_run_header_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(elapsed)} so far`,
                `${model.toolCounts().total} tool calls`,
                `${this.o.filesChanged()} file${this.o.filesChanged() === 1 ? "" : "s"} changed so far`,
                this.o.runUrl ? `[workflow run](${this.o.runUrl})` : "",
            ]
                .filter(Boolean)
                .join(" · "),
            "",
        ];
        if (model.todos.length > 0)
            out.push("**The agent's todo list**", "", ...(0,_render_report_js__WEBPACK_IMPORTED_MODULE_0__/* .todoLines */ .Yx)(model.todos, redact), "");
        const c = this.current;
        if (c) {
            const what = c.target
                ? `${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdText */ .bC)(redact(c.name))} ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdCode */ .xs)(redact(c.target))}`
                : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .mdText */ .bC)(redact(c.name));
            out.push(`**Now:** ${what}, for ${(0,_render_run_header_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(Math.max(0, this.o.now() - c.startedAt))}`, "");
        }
        out.push("_This comment becomes the report when the agent is done._");
        return out.join("\n");
    }
}


/***/ })

};

//# sourceMappingURL=660.index.js.map