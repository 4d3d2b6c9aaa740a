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


/***/ })

};

//# sourceMappingURL=318.index.js.map