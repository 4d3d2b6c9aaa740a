export const id = 318;
export const ids = [318];
export const modules = {

/***/ 47318:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   upsertComment: () => (/* binding */ upsertComment)
/* harmony export */ });
/* harmony import */ var _identity_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77369);
/* harmony import */ var _marker_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(14329);


async function upsertComment(client, t, key, body) {
    const mark = (0,_marker_js__WEBPACK_IMPORTED_MODULE_1__/* .marker */ .x)(key);
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

/***/ 77369:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ whoAmIOnce),
/* harmony export */   b: () => (/* binding */ writtenByUs)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Which comments, reviews and review comments the action itself wrote: one rule, for the sticky comment
 * (./comment.ts: the one it edits) and for the review's fingerprints (../review/post.ts: the findings it
 * leaves out as posted before).
 *
 * Trust boundary: our hidden markers are plain text, and anyone who can comment on the pull request (its
 * author among them) can paste one. So the marker alone never makes an item ours: its author must be the
 * identity the action writes as. A personal token can say who it is (`GET /user`): then only that account's
 * items are ours. An installation token (`GITHUB_TOKEN`, a GitHub App's) cannot (GitHub answers 403), and
 * writes as a bot whose login we cannot know (`github-actions[bot]`, `my-app[bot]`): then a bot's items are
 * ours, a person's (a `User` account) never.
 */

/**
 * Written by the identity the action writes as. `me` is the token's login when `GET /user` told it (a
 * personal token), undefined when it could not (an installation token).
 */
function writtenByUs(item, me) {
    return me !== undefined ? item.user?.login === me : item.user?.type === "Bot";
}
/** By token and API: the clients of one run (the review's, the report's, the progress comment's) share it. */
const answers = new Map();
/**
 * The token's login (`ask`: `GET /user`), undefined when GitHub will not say (an installation token's 403) or
 * the request failed. Asked once per token for the run, not once per client: the review, the report and the
 * progress comment each make their own client (the progress comment's is best-effort, with a signal of its
 * own), all with the same token, and the answer is the token's, not the client's.
 *
 * Only a final answer is kept: a login (200), or a refusal (401; a 403 that is not a rate limit). A failure
 * that another request might not meet (an abort, a network error, a 5xx, a rate limit: the best-effort client
 * neither retries nor waits) answers undefined to that caller alone, as before, and the next one asks again;
 * kept, it would take a personal token for a bot's for the rest of the run.
 */
async function whoAmIOnce(token, apiUrl, ask) {
    // A digest, not the token itself, as the key: no other copy of the secret is kept.
    const key = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)("sha256")
        .update(`${apiUrl ?? ""}\n${token}`)
        .digest("hex");
    const known = answers.get(key);
    if (known) {
        const a = await known;
        if (a.final)
            return a.login;
    }
    const asking = ask().then((login) => ({ login, final: true }), (e) => ({ login: undefined, final: refused(e) }));
    answers.set(key, asking);
    const a = await asking;
    if (!a.final && answers.get(key) === asking)
        answers.delete(key);
    return a.login;
}
/** GitHub refused the token this (401, or a 403 that is no rate limit): it would again. */
function refused(e) {
    const { status, message, response } = e;
    if (status === 401)
        return true;
    if (status !== 403)
        return false;
    const headers = response?.headers ?? {};
    const limited = headers["retry-after"] !== undefined ||
        headers["x-ratelimit-remaining"] === "0" ||
        /rate limit/i.test(message ?? "");
    return !limited;
}


/***/ })

};

//# sourceMappingURL=318.index.js.map