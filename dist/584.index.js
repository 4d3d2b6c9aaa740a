export const id = 584;
export const ids = [584];
export const modules = {

/***/ 6584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createGitHubClient: () => (/* binding */ createGitHubClient)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1758);
/* harmony import */ var _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9735);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6856);
/**
 * The GitHub REST client: octokit with its retry plugin (server errors retried with backoff; never 400,
 * 401, 403, 404, 410, 422 or 451, octokit's own list) and its throttling plugin (rate limits wait as long
 * as GitHub's `retry-after` says, when that fits the comment's deadline). Loaded with a dynamic import
 * only when it is needed: octokit is most of the bundle's start-up cost.
 */



/** The longest `retry-after` waited for (the comment's own deadline is 60 s). */
const MAX_RATE_LIMIT_WAIT_S = 20;
function createGitHubClient(token, apiUrl) {
    // A rate limit is waited out once or twice, when GitHub asks for no more than this; past it, the
    // request fails and the report stays in the job summary.
    const waitable = (retryAfterS, _options, _octokit, retryCount) => retryCount < 2 && retryAfterS <= MAX_RATE_LIMIT_WAIT_S;
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, { baseUrl: apiUrl, throttle: { onRateLimit: waitable, onSecondaryRateLimit: waitable } }, _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_1__/* .retry */ .L, _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_2__/* .throttling */ .A);
    // Every item of a pull request's listing (files, review comments, reviews), 100 per page.
    async function* pullPages(method, t) {
        const params = { owner: t.owner, repo: t.repo, pull_number: t.issue, per_page: 100 };
        for await (const page of octokit.paginate.iterator(octokit.rest.pulls[method], params))
            yield* page.data;
    }
    return {
        async permission(owner, repo, username) {
            try {
                const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username });
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
        async whoAmI() {
            try {
                const { data } = await octokit.rest.users.getAuthenticated();
                return data.login;
            }
            catch {
                return undefined;
            }
        },
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

//# sourceMappingURL=584.index.js.map