export const id = 318;
export const ids = [318];
export const modules = {

/***/ 7318:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   upsertComment: () => (/* binding */ upsertComment)
/* harmony export */ });
/* harmony import */ var _marker_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4329);

/** A GITHUB_TOKEN (an app installation token) cannot ask who it is: its comments are this bot's. */
const DEFAULT_AUTHOR = "github-actions[bot]";
async function upsertComment(client, t, key, body) {
    const mark = (0,_marker_js__WEBPACK_IMPORTED_MODULE_0__/* .marker */ .x)(key);
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


/***/ })

};

//# sourceMappingURL=318.index.js.map