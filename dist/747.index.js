export const id = 747;
export const ids = [747];
export const modules = {

/***/ 85747:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createGitHubClient: () => (/* binding */ createGitHubClient),
  octokitFor: () => (/* binding */ octokitFor)
});

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 21 modules
var github = __webpack_require__(11758);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-retry/dist-bundle/index.js
var dist_bundle = __webpack_require__(49735);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var plugin_throttling_dist_bundle = __webpack_require__(86856);
;// CONCATENATED MODULE: ./src/github/client-conversation.ts
function conversationMethods(octokit) {
    return {
        async react(r, on, content) {
            const { owner, repo } = r;
            if (on.kind === "issue") {
                await octokit.rest.reactions.createForIssue({ owner, repo, issue_number: on.issue, content });
            }
            else if (on.kind === "issue-comment") {
                await octokit.rest.reactions.createForIssueComment({ owner, repo, comment_id: on.id, content });
            }
            else {
                await octokit.rest.reactions.createForPullRequestReviewComment({
                    owner,
                    repo,
                    comment_id: on.id,
                    content,
                });
            }
        },
        async commentNow(r, kind, id) {
            const { owner, repo } = r;
            try {
                const { data } = kind === "issue-comment"
                    ? await octokit.rest.issues.getComment({ owner, repo, comment_id: id })
                    : await octokit.rest.pulls.getReviewComment({ owner, repo, comment_id: id });
                return data.body ?? "";
            }
            catch (e) {
                if (e.status === 404)
                    return undefined;
                throw e;
            }
        },
        async reply(t, commentId, body) {
            const { data } = await octokit.rest.pulls.createReplyForReviewComment({
                owner: t.owner,
                repo: t.repo,
                pull_number: t.issue,
                comment_id: commentId,
                body,
            });
            return data;
        },
    };
}

// EXTERNAL MODULE: ./src/github/identity.ts
var identity = __webpack_require__(77369);
// EXTERNAL MODULE: ./src/base/deadlines.ts
var deadlines = __webpack_require__(14332);
;// CONCATENATED MODULE: ./src/github/request-deadline.ts

/** The plugin that gives each attempt its deadline and the caller's signal. */
function requestDeadlines(limits) {
    const { signal, until } = limits;
    const requestMs = limits.requestMs ?? deadlines/* RUN_DEADLINES */.Y1.requestMs;
    return (octokit) => {
        octokit.hook.wrap("request", async (request, options) => {
            // Aborted (a retry's wait ended, or a caller went on after its deadline): nothing is sent.
            signal?.throwIfAborted();
            const attempt = new AbortController();
            const stop = () => attempt.abort();
            let timedOut = false;
            const timer = setTimeout(() => {
                timedOut = true;
                stop();
            }, requestMs);
            signal?.addEventListener("abort", stop, { once: true });
            try {
                // Set on these options, not on a copy passed on: octokit's auth hook, inside this one, reads the
                // options the request began with and ignores any it is handed.
                options.request = { ...options.request, signal: attempt.signal };
                return await request(options);
            }
            catch (e) {
                if (timedOut) {
                    // Not retried (no octokit `request` on it): a write GitHub took but did not answer may have landed.
                    throw new Error(`no answer to ${options.method} ${pathOf(options.url)} within ${requestMs / 1000} s`);
                }
                if (until !== undefined)
                    noRetryPast(until, options.request);
                throw e;
            }
            finally {
                clearTimeout(timer);
                signal?.removeEventListener("abort", stop);
            }
        });
    };
}
/**
 * Once `signal` has aborted, a request fails before the retry and throttling plugins see it: it is not
 * queued behind the process's other writes (the throttling plugin spaces them by a second or more) only to
 * fail then. Registered last, after the plugins, so that it is the outermost hook.
 */
function nothingOnceAborted(octokit, signal) {
    octokit.hook.wrap("request", (request, options) => {
        signal.throwIfAborted();
        return request(options);
    });
}
/**
 * The retry plugin's next wait ((retries so far + 1)² s, @octokit/plugin-retry) would end after `until`:
 * its count of retries allowed is set to those made, so it schedules none (it reads the count from these
 * options after this hook throws).
 */
function noRetryPast(until, request) {
    const made = request.retryCount ?? 0;
    if (Date.now() + (made + 1) ** 2 * 1000 >= until)
        request.retries = made;
}
/** The path of a request's URL, without its query (which the log has no need of). */
function pathOf(url) {
    return url.replace(/^[a-z]+:\/\/[^/]+/i, "").replace(/\?.*$/, "");
}

;// CONCATENATED MODULE: ./src/github/client.ts
/**
 * The GitHub REST client: octokit with its retry plugin (server errors retried with backoff; never 400,
 * 401, 403, 404, 410, 422 or 451, octokit's own list) and its throttling plugin (rate limits wait as long
 * as GitHub's `retry-after` says, when that fits the caller's deadline). A best-effort client (the progress
 * comment's updates) has neither: each request is made once. Every request, either way, has its own
 * deadline and the caller's signal (./request-deadline.ts). Loaded with a dynamic import only when it is
 * needed: octokit is most of the bundle's start-up cost.
 */






/** The longest `retry-after` waited for (the comment's own deadline is 60 s). */
const MAX_RATE_LIMIT_WAIT_S = 20;
/** octokit with the plugins and deadlines above: the one place a client is configured (./git-data.ts too). */
function octokitFor(token, apiUrl, options = {}) {
    // A rate limit is waited out once or twice, when GitHub asks for no more than this; past it, the
    // request fails and the report stays in the job summary.
    // Nor one that would end after the caller's deadline: its timer would keep the process alive past it.
    const { until } = options;
    const waitable = (retryAfterS, _options, _octokit, retryCount) => retryCount < 2 &&
        retryAfterS <= MAX_RATE_LIMIT_WAIT_S &&
        (until === undefined || Date.now() + retryAfterS * 1000 < until);
    // First, so that it wraps each attempt inside the retries (a plugin's hooks wrap those registered before).
    const deadlines = requestDeadlines(options);
    const octokit = options.bestEffort
        ? (0,github/* getOctokit */.Q)(token, { baseUrl: apiUrl }, deadlines)
        : (0,github/* getOctokit */.Q)(token, { baseUrl: apiUrl, throttle: { onRateLimit: waitable, onSecondaryRateLimit: waitable } }, deadlines, dist_bundle/* retry */.L, plugin_throttling_dist_bundle/* throttling */.A);
    if (options.signal)
        nothingOnceAborted(octokit, options.signal);
    return octokit;
}
function createGitHubClient(token, apiUrl, options = {}) {
    const octokit = octokitFor(token, apiUrl, options);
    // Every item of a pull request's listing (files, review comments, reviews), 100 per page.
    async function* pullPages(method, t) {
        const params = { owner: t.owner, repo: t.repo, pull_number: t.issue, per_page: 100 };
        for await (const page of octokit.paginate.iterator(octokit.rest.pulls[method], params))
            yield* page.data;
    }
    return {
        async permission(owner, repo, username) {
            try {
                const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
                    owner,
                    repo,
                    username,
                });
                return { permission: data.permission, role: data.role_name };
            }
            catch (e) {
                if (e.status === 404)
                    return undefined;
                throw e;
            }
        },
        async pullBase(owner, repo, n) {
            const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: n });
            return data.base.sha;
        },
        // Per token, not per client: this client's request may serve the run's other clients (./identity.ts).
        whoAmI: () => (0,identity/* whoAmIOnce */.L)(token, apiUrl, async () => (await octokit.rest.users.getAuthenticated()).data.login),
        async *comments(t) {
            const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
                owner: t.owner,
                repo: t.repo,
                issue_number: t.issue,
                per_page: 100,
            });
            for await (const page of pages)
                yield* page.data;
        },
        async create(t, body) {
            const { data } = await octokit.rest.issues.createComment({
                owner: t.owner,
                repo: t.repo,
                issue_number: t.issue,
                body,
            });
            return data;
        },
        pullFiles: (t) => pullPages("listFiles", t),
        reviewComments: (t) => pullPages("listReviewComments", t),
        reviews: (t) => pullPages("listReviews", t),
        async createReview(t, body, comments) {
            const { data } = await octokit.rest.pulls.createReview({
                owner: t.owner,
                repo: t.repo,
                pull_number: t.issue,
                event: "COMMENT",
                body,
                comments: comments.map((c) => ({
                    path: c.path,
                    line: c.line,
                    side: "RIGHT",
                    ...(c.start_line !== undefined && c.start_line < c.line
                        ? { start_line: c.start_line, start_side: "RIGHT" }
                        : {}),
                    body: c.body,
                })),
            });
            return data;
        },
        ...conversationMethods(octokit),
        async update(t, id, body) {
            const { data } = await octokit.rest.issues.updateComment({
                owner: t.owner,
                repo: t.repo,
                comment_id: id,
                body,
            });
            return data;
        },
    };
}


/***/ })

};

//# sourceMappingURL=747.index.js.map