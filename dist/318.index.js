export const id = 318;
export const ids = [318];
export const modules = {

/***/ 7318:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DEFAULT_AUTHOR: () => (/* binding */ DEFAULT_AUTHOR),
/* harmony export */   createCommentClient: () => (/* binding */ createCommentClient),
/* harmony export */   marker: () => (/* binding */ marker),
/* harmony export */   upsertComment: () => (/* binding */ upsertComment)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1758);
/* harmony import */ var _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9735);
/**
 * The sticky PR comment: one per key, found by a hidden marker and its author, updated in place.
 * Loaded only when a comment is to be written (octokit is the largest part of the bundle).
 */


/** A GITHUB_TOKEN (an app installation token) cannot ask who it is: its comments are this bot's. */
const DEFAULT_AUTHOR = "github-actions[bot]";
function marker(key) {
    // The key is the workflow's text, but it must not end the HTML comment early.
    const safe = key.replace(/--+>?|[<>\r\n]/g, "_");
    return `<!-- cursor-agent-action comment-key="${safe}" -->`;
}
async function upsertComment(client, t, key, body) {
    const mark = marker(key);
    const author = (await client.whoAmI()) ?? DEFAULT_AUTHOR;
    const full = `${mark}\n${body}`;
    for await (const c of client.comments(t)) {
        // Marker and author both: anyone can paste our marker into a comment of their own.
        if (c.body?.startsWith(mark) && c.user?.login === author) {
            const updated = await client.update(t, c.id, full);
            return { url: updated.html_url, action: "updated" };
        }
    }
    const created = await client.create(t, full);
    return { url: created.html_url, action: "created" };
}
function createCommentClient(token, apiUrl) {
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, { baseUrl: apiUrl, retry: { doNotRetry: [400, 401, 403, 404, 422] } }, _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_1__/* .retry */ .L);
    return {
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

//# sourceMappingURL=318.index.js.map