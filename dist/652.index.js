export const id = 652;
export const ids = [652];
export const modules = {

/***/ 62652:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cacheClient: () => (/* binding */ cacheClient)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(57075);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_stream__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(46466);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_stream_promises__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _actions_cache__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(76777);
/* harmony import */ var _actions_http_client__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(44942);
/* harmony import */ var _node_modules_actions_cache_lib_internal_cacheUtils_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(48604);
/* harmony import */ var _node_modules_actions_cache_lib_internal_requestUtils_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(83449);
/* harmony import */ var _node_modules_actions_cache_lib_internal_shared_cacheTwirpClient_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(99513);
/* harmony import */ var _base_format_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8378);
/**
 * What the action asks of `@actions/cache`: save an entry (its `saveCache`), and fetch an entry's archive
 * without unpacking it. The client's `restoreCache` unpacks what it fetched itself, with `tar -P -C
 * $GITHUB_WORKSPACE` as the action's user, and an entry's names and links are whoever wrote it's to choose
 * (unpack.ts): so the restore is the client's own steps up to the download (its service client, with its
 * retries; the entry's version as it computes it; its downloader, Azure's SDK as `restoreCache` uses it),
 * and the archive is left to the caller. The package exports only its entry module, so these steps are
 * imported by their files: the version is pinned in package.json, and the session tests run them against
 * the cache stand-in, a restore of what `saveCache` saved included.
 *
 * The download is the one step that is not the client's: its downloaders write whatever the URL serves,
 * as long as it lasts (Azure's SDK first takes the size the blob claims and holds up to 128 MiB of it in
 * memory at once), and an entry is anyone's who can write one in a scope the run reads. So the archive is
 * fetched as the client fetches a blob without its SDK (its HTTP client, proxies honoured, its retries of a
 * server's error) and read only up to `maxBytes`: a size claimed past it is refused before the body is
 * read, and a body that runs past it (no size claimed, or a false one) is stopped there.
 */










const cacheClient = {
    save: (paths, key) => (0,_actions_cache__WEBPACK_IMPORTED_MODULE_4__/* .saveCache */ .Io)(paths, key),
    async fetch(paths, key, restoreKeys, dir, maxBytes) {
        const method = await (0,_node_modules_actions_cache_lib_internal_cacheUtils_js__WEBPACK_IMPORTED_MODULE_6__/* .getCompressionMethod */ .yJ)();
        const version = (0,_node_modules_actions_cache_lib_internal_cacheUtils_js__WEBPACK_IMPORTED_MODULE_6__/* .getCacheVersion */ .Fy)(paths, method);
        const answer = await (0,_node_modules_actions_cache_lib_internal_shared_cacheTwirpClient_js__WEBPACK_IMPORTED_MODULE_8__/* .internalCacheTwirpClient */ .t)().GetCacheEntryDownloadURL({
            key,
            restoreKeys,
            version,
        });
        if (!answer.ok)
            return undefined;
        const archive = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(dir, (0,_node_modules_actions_cache_lib_internal_cacheUtils_js__WEBPACK_IMPORTED_MODULE_6__/* .getCacheFileName */ .i3)(method));
        await download(answer.signedDownloadUrl, archive, maxBytes);
        return { key: answer.matchedKey, archive, compression: method === "gzip" ? "gzip" : "zstd" };
    },
};
/** The blob at `url` into `file` (new), at most `maxBytes` of it; rejects with why it is not all there. */
async function download(url, file, maxBytes) {
    const http = new _actions_http_client__WEBPACK_IMPORTED_MODULE_5__/* .HttpClient */ .Qq("actions/cache");
    const response = await (0,_node_modules_actions_cache_lib_internal_requestUtils_js__WEBPACK_IMPORTED_MODULE_7__/* .retryHttpClientResponse */ .lw)("downloadCache", () => http.get(url));
    const { message } = response;
    // One short line: it ends in a notice, cut at 80 characters.
    const tooLarge = () => new Error(`the entry is over ${(0,_base_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatBytes */ .z3)(maxBytes)} (no chat is that large): download stopped`);
    if (message.statusCode !== 200) {
        message.destroy();
        throw new Error(`the download answered ${message.statusCode}`);
    }
    const claimed = Number(message.headers["content-length"] ?? Number.NaN);
    if (claimed > maxBytes) {
        message.destroy();
        throw tooLarge();
    }
    let bytes = 0;
    const counted = new node_stream__WEBPACK_IMPORTED_MODULE_2__.Transform({
        transform(chunk, _encoding, done) {
            bytes += chunk.length;
            if (bytes > maxBytes)
                done(tooLarge());
            else
                done(null, chunk);
        },
    });
    await (0,node_stream_promises__WEBPACK_IMPORTED_MODULE_3__.pipeline)(message, counted, (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.createWriteStream)(file, { flags: "wx", mode: 0o600 }));
    if (Number.isFinite(claimed) && bytes !== claimed) {
        throw new Error(`the download was cut short (${bytes} of ${claimed} bytes)`);
    }
}


/***/ })

};

//# sourceMappingURL=652.index.js.map