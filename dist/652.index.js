export const id = 652;
export const ids = [652];
export const modules = {

/***/ 2652:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cacheClient: () => (/* binding */ cacheClient)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _actions_cache__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8682);
/* harmony import */ var _node_modules_actions_cache_lib_internal_cacheHttpClient_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4222);
/* harmony import */ var _node_modules_actions_cache_lib_internal_cacheUtils_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6378);
/* harmony import */ var _node_modules_actions_cache_lib_internal_shared_cacheTwirpClient_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9513);
/**
 * What the action asks of `@actions/cache`: save an entry (its `saveCache`), and fetch an entry's archive
 * without unpacking it. The client's `restoreCache` unpacks what it fetched itself, with `tar -P -C
 * $GITHUB_WORKSPACE` as the action's user, and an entry's names and links are whoever wrote it's to choose
 * (unpack.ts): so the restore is the client's own steps up to the download (its service client, with its
 * retries; the entry's version as it computes it; its downloader, Azure's SDK as `restoreCache` uses it),
 * and the archive is left to the caller. The package exports only its entry module, so these steps are
 * imported by their files: the version is pinned in package.json, and the session tests run them against
 * the cache stand-in, a restore of what `saveCache` saved included.
 */





const cacheClient = {
    save: (paths, key) => (0,_actions_cache__WEBPACK_IMPORTED_MODULE_1__/* .saveCache */ .Io)(paths, key),
    async fetch(paths, key, restoreKeys, dir) {
        const method = await (0,_node_modules_actions_cache_lib_internal_cacheUtils_js__WEBPACK_IMPORTED_MODULE_3__/* .getCompressionMethod */ .yJ)();
        const version = (0,_node_modules_actions_cache_lib_internal_cacheUtils_js__WEBPACK_IMPORTED_MODULE_3__/* .getCacheVersion */ .Fy)(paths, method);
        const answer = await (0,_node_modules_actions_cache_lib_internal_shared_cacheTwirpClient_js__WEBPACK_IMPORTED_MODULE_4__/* .internalCacheTwirpClient */ .t)().GetCacheEntryDownloadURL({
            key,
            restoreKeys,
            version,
        });
        if (!answer.ok)
            return undefined;
        const archive = node_path__WEBPACK_IMPORTED_MODULE_0___default().join(dir, (0,_node_modules_actions_cache_lib_internal_cacheUtils_js__WEBPACK_IMPORTED_MODULE_3__/* .getCacheFileName */ .i3)(method));
        await (0,_node_modules_actions_cache_lib_internal_cacheHttpClient_js__WEBPACK_IMPORTED_MODULE_2__/* .downloadCache */ .du)(answer.signedDownloadUrl, archive, { useAzureSdk: true });
        return { key: answer.matchedKey, archive, compression: method === "gzip" ? "gzip" : "zstd" };
    },
};


/***/ })

};

//# sourceMappingURL=652.index.js.map