export const id = 474;
export const ids = [474];
export const modules = {

/***/ 25474:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DH: () => (/* binding */ Mismatch),
/* harmony export */   Qq: () => (/* binding */ checkInstall),
/* harmony export */   Xx: () => (/* binding */ recordManifest),
/* harmony export */   YE: () => (/* binding */ manifestFile),
/* harmony export */   checkUnchanged: () => (/* binding */ checkUnchanged)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _tar_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2930);
/**
 * What was installed, recorded so that an install is trusted only while it still is: every entry's path
 * and kind, every file's sha256, size and mode, every directory's mode, every link's target, and the
 * package's sha256 and build. Written at install beside the directory (`<arch>.cursor-agent-action.json`,
 * next to the tool cache's `<arch>.complete`), so that the directory holds the package alone. Checked
 * before a cached build is used (any difference, or no manifest: installed again) and, by the run's end
 * (../run/cli.ts), against the copy held in memory since the start, before the directory goes on
 * `$GITHUB_PATH`.
 *
 * Trust boundary: the tool cache is writable by the runner's user, so by an agent run as that user
 * (`no-sudo`, `unsafe`). An edited or planted file is caught; an agent that rewrites the manifest to
 * match its files is caught by the end-of-run check (the file on disk must still be the one verified at
 * the start, else it is removed and the next run installs again), not by a later run if it is done
 * outside one (an escaped daemon, a later step). `unprivileged-user` keeps the agent out of the cache.
 */





/** A manifest is a few hundred lines for the real package: a bigger file is not one of ours. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
function manifestFile(home) {
    return `${home}.cursor-agent-action.json`;
}
/** Why a directory is not what a manifest says; thrown by the walk, returned by the checks. */
class Mismatch extends Error {
}
/** Records `home` as it is now (just unpacked): the manifest written, and returned. */
async function recordManifest(home, build, sha256) {
    const entries = await walk(home);
    for (const e of entries)
        if (e.kind === "file")
            e.sha256 = await digest(node_path__WEBPACK_IMPORTED_MODULE_3___default().join(home, e.path));
    const manifest = { format: 1, build, sha256, entries };
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.writeFile)(manifestFile(home), JSON.stringify(manifest), { mode: 0o644 });
    return manifest;
}
/** The manifest beside `home`, if it is one for `build` and `home` still matches it. */
async function checkInstall(home, build) {
    const manifest = await readManifest(home);
    if (typeof manifest === "string")
        return { why: manifest };
    if (manifest.build !== build)
        return { why: `its manifest is for build ${manifest.build}` };
    const why = await differs(home, manifest);
    return why ? { why } : { manifest };
}
/**
 * After the agent ran: `home` and the manifest file beside it must still be what was verified at the
 * start (`manifest`, held in memory since). A difference removes the manifest file, so that no later run
 * trusts the entry; the reason is returned.
 */
async function checkUnchanged(home, manifest) {
    const onDisk = await readManifest(home);
    const why = typeof onDisk === "string"
        ? onDisk
        : JSON.stringify(onDisk) !== JSON.stringify(manifest)
            ? "its manifest was rewritten"
            : await differs(home, manifest);
    if (why)
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rm)(manifestFile(home), { force: true }).catch(() => { });
    return why;
}
async function readManifest(home) {
    const file = manifestFile(home);
    const st = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.lstat)(file).catch(() => undefined);
    if (!st)
        return "no manifest";
    if (!st.isFile() || st.size > MAX_MANIFEST_BYTES)
        return "its manifest is not a file of ours";
    try {
        const m = JSON.parse(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readFile)(file, "utf8"));
        const ok = m?.format === 1 &&
            typeof m.build === "string" &&
            /^[0-9a-f]{64}$/.test(m.sha256) &&
            Array.isArray(m.entries) &&
            m.entries.every((e) => typeof e?.path === "string" && ["dir", "file", "link"].includes(e.kind));
        return ok ? m : "its manifest is malformed";
    }
    catch {
        return "its manifest is unreadable";
    }
}
/** The first difference between `home` and `manifest`: the layout first, then each file's digest. */
async function differs(home, manifest) {
    let found;
    try {
        found = await walk(home);
    }
    catch (e) {
        if (e instanceof Mismatch)
            return e.message;
        return `it cannot be read (${e.message})`;
    }
    const wanted = new Map(manifest.entries.map((e) => [e.path, e]));
    for (const e of found) {
        const w = wanted.get(e.path);
        if (!w)
            return `${e.path} was added`;
        wanted.delete(e.path);
        if (w.kind !== e.kind)
            return `${e.path} is a ${e.kind}, not a ${w.kind}`;
        if (w.mode !== e.mode)
            return `${e.path} has mode ${octal(e.mode)}, not ${octal(w.mode)}`;
        if (w.size !== e.size || w.target !== e.target)
            return `${e.path} changed`;
    }
    const missing = [...wanted.keys()][0];
    if (missing !== undefined)
        return `${missing} is missing`;
    for (const e of manifest.entries) {
        if (e.kind !== "file")
            continue;
        const sha = await digest(node_path__WEBPACK_IMPORTED_MODULE_3___default().join(home, e.path)).catch((err) => err.message);
        if (sha !== e.sha256)
            return `${e.path} changed (sha256 ${sha.slice(0, 12)}…)`;
    }
    return undefined;
}
const octal = (mode) => (mode ?? 0).toString(8).padStart(4, "0");
/**
 * Every entry under `home`, sorted, digests left out. Anything but a file, a directory or a link is a
 * mismatch, and so is more than the unpacker's caps: a planted tree is never hashed whole.
 */
async function walk(home) {
    const out = [];
    let bytes = 0;
    const visit = async (rel) => {
        const full = rel === "." ? home : node_path__WEBPACK_IMPORTED_MODULE_3___default().join(home, rel);
        const st = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.lstat)(full);
        const mode = st.mode & 0o7777;
        if (st.isDirectory()) {
            out.push({ path: rel, kind: "dir", mode });
            for (const name of (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readdir)(full)).sort())
                await visit(rel === "." ? name : `${rel}/${name}`);
        }
        else if (st.isFile()) {
            bytes += st.size;
            out.push({ path: rel, kind: "file", mode, size: st.size });
        }
        else if (st.isSymbolicLink()) {
            out.push({ path: rel, kind: "link", target: await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readlink)(full) });
        }
        else {
            throw new Mismatch(`${rel} is not a file, directory or link`);
        }
        if (out.length > _tar_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_ENTRIES */ .Sd)
            throw new Mismatch(`it has more than ${_tar_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_ENTRIES */ .Sd} entries`);
        if (bytes > _tar_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_UNPACKED_BYTES */ .Tx)
            throw new Mismatch(`it is over ${_tar_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_UNPACKED_BYTES */ .Tx / 1024 ** 3} GiB`);
    };
    await visit(".");
    return out;
}
/** A file's sha256, opened without following a link and checked to be a file (a FIFO never blocks it). */
async function digest(file) {
    const fh = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.open)(file, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NOFOLLOW | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NONBLOCK);
    try {
        if (!(await fh.stat()).isFile())
            throw new Mismatch(`${file} is not a file`);
        const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)("sha256");
        for await (const chunk of fh.createReadStream({ autoClose: false, highWaterMark: 1024 * 1024 })) {
            hash.update(chunk);
        }
        return hash.digest("hex");
    }
    finally {
        await fh.close();
    }
}


/***/ }),

/***/ 2930:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Sd: () => (/* binding */ MAX_ENTRIES),
  Tx: () => (/* binding */ MAX_UNPACKED_BYTES),
  d8: () => (/* reexport */ UnpackRefused),
  bo: () => (/* binding */ unpackTarGz)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
;// CONCATENATED MODULE: ./src/install/tar-read.ts
/**
 * Reading a tar stream for src/install/tar.ts, trusting nothing in it: a header block parsed and its
 * checksum checked, pax and GNU long-name records, and the decompressed stream taken in exact sizes.
 * Anything malformed is an {@link UnpackRefused}.
 */
const BLOCK = 512;
/** Why the package is not unpacked, in a few words (the installer makes it its one line). */
class UnpackRefused extends Error {
}
function readLongName(type, data, meta) {
    const text = cstring(data, 0, data.length);
    if (type === "L")
        return { ...meta, path: text };
    if (type === "K")
        return { ...meta, linkpath: text };
    return meta; // "g": global pax fields; none of them may change where or what an entry is here.
}
/** The pax fields that change an entry: its path, its link's target, its size. */
function paxFields(data) {
    const out = {};
    let at = 0;
    while (at < data.length) {
        const space = data.indexOf(0x20, at);
        const length = Number(data.subarray(at, space).toString("latin1"));
        if (space < 0 || !Number.isSafeInteger(length) || length <= space - at || at + length > data.length) {
            throw new UnpackRefused("a malformed pax header");
        }
        const record = data.subarray(space + 1, at + length - 1).toString("utf8");
        const eq = record.indexOf("=");
        const [key, value] = [record.slice(0, eq), record.slice(eq + 1)];
        if (key === "path")
            out.path = value;
        if (key === "linkpath")
            out.linkpath = value;
        if (key === "size") {
            if (!/^\d+$/.test(value))
                throw new UnpackRefused("a malformed pax size");
            out.size = Number(value);
        }
        at += length;
    }
    return out;
}
function parseHeader(b) {
    let sum = 0;
    for (let i = 0; i < BLOCK; i++)
        sum += i >= 148 && i < 156 ? 0x20 : b[i];
    if (octal(b, 148, 156) !== sum)
        throw new UnpackRefused("not a tar archive (a header's checksum is wrong)");
    const ustar = b.subarray(257, 263).toString("latin1") === "ustar\0";
    const prefix = ustar ? cstring(b, 345, 500) : "";
    const name = cstring(b, 0, 100);
    return {
        name: prefix ? `${prefix}/${name}` : name,
        mode: octal(b, 100, 108),
        // Base-256 (the high bit set) is GNU's way to say 8 GiB or more: over the cap whatever it is.
        size: b[124] & 0x80 ? Number.POSITIVE_INFINITY : octal(b, 124, 136),
        type: String.fromCharCode(b[156]),
        link: cstring(b, 157, 257),
    };
}
function octal(b, from, to) {
    const text = b
        .subarray(from, to)
        .toString("latin1")
        .replace(/[\0 ]+$/, "")
        .trim();
    if (!/^[0-7]*$/.test(text))
        throw new UnpackRefused("not a tar archive (a number is not octal)");
    return text ? Number.parseInt(text, 8) : 0;
}
function cstring(b, from, to) {
    const end = b.indexOf(0, from);
    return b.subarray(from, end < 0 || end > to ? to : end).toString("utf8");
}
/** A name for the log: printable, short. */
function shown(name) {
    const printable = name.replace(/[^\x20-\x7e]/g, "?");
    return printable.length > 120 ? `${printable.slice(0, 120)}…` : printable;
}
/** The decompressed stream, read in exact sizes; at most one chunk beyond what is asked is held. */
class Blocks {
    source;
    buffer = Buffer.alloc(0);
    ended = false;
    constructor(source) {
        this.source = source;
    }
    /** Exactly `n` bytes; at a clean end of the stream, undefined when `endOk`. */
    async take(n, endOk = false) {
        while (this.buffer.length < n) {
            if (!(await this.more()))
                break;
        }
        if (this.buffer.length < n) {
            if (endOk && this.buffer.length === 0)
                return undefined;
            throw new UnpackRefused("the archive is cut short");
        }
        const out = this.buffer.subarray(0, n);
        this.buffer = this.buffer.subarray(n);
        return out;
    }
    /** `n` bytes in the pieces they come in. */
    async *stream(n) {
        let left = n;
        while (left > 0) {
            if (this.buffer.length === 0 && !(await this.more()))
                throw new UnpackRefused("the archive is cut short");
            const piece = this.buffer.subarray(0, left);
            this.buffer = this.buffer.subarray(piece.length);
            left -= piece.length;
            yield piece;
        }
    }
    async skip(n) {
        for await (const _ of this.stream(n))
            ;
    }
    async more() {
        if (this.ended)
            return false;
        const r = await this.source.next();
        if (r.done) {
            this.ended = true;
            return false;
        }
        this.buffer = this.buffer.length ? Buffer.concat([this.buffer, r.value]) : r.value;
        return true;
    }
}

;// CONCATENATED MODULE: ./src/install/tar.ts
/**
 * The CLI's package (a .tar.gz) unpacked in-process, trusting nothing in it. `tar` would create whatever the
 * archive says, as the action's user (root on many runners): a FIFO that hangs the copy into the tool
 * cache, devices, hard links to files outside, setuid or world-writable files, and as many bytes as a
 * small archive inflates to. Here only three kinds of entry are made:
 *
 * - regular files, mode 0755 when the archive gives any execute bit, else 0644 (never setuid, setgid,
 *   sticky, nor group- or world-writable);
 * - directories, mode 0755;
 * - symbolic links whose target is relative and stays inside the install (the real package runs its
 *   launcher, node, chunks and `rg` from one directory, so it needs none to leave it).
 *
 * Anything else (a hard link, a FIFO, a device, an absolute or `..` path, a path through a link, a path
 * twice) refuses the whole package, as does a package over {@link MAX_UNPACKED_BYTES} unpacked or
 * {@link MAX_ENTRIES} entries: counted from the headers before each entry's data is read, so a bomb
 * stops at its first oversized header, and nothing after the end-of-archive blocks is decompressed.
 * The top directory is stripped, as the install script does (`--strip-components=1`).
 */






/** The real package unpacks to a few hundred MB (a node, rg, the chunks): room to grow, and no more. */
const MAX_UNPACKED_BYTES = 1024 ** 3;
/** The real package holds a few hundred entries. */
const MAX_ENTRIES = 20_000;
/** A pax header or a GNU long name: a path and a few fields. */
const MAX_META_BYTES = 64 * 1024;
/** The entry types refused by name. */
const KINDS = {
    "1": "a hard link",
    "3": "a character device",
    "4": "a block device",
    "6": "a FIFO",
};
/** Unpacks `archive` into `dest` (which must not exist yet) under the rules above. */
async function unpackTarGz(archive, dest) {
    const file = (0,external_node_fs_.createReadStream)(archive);
    const gunzip = file.pipe((0,external_node_zlib_.createGunzip)());
    file.on("error", (e) => gunzip.destroy(e));
    await (0,promises_.mkdir)(dest, { mode: 0o755 });
    await (0,promises_.chmod)(dest, 0o755);
    try {
        const writer = new Writer(dest);
        await readEntries(new Blocks(gunzip[Symbol.asyncIterator]()), writer);
        // A link checked when it was made may leave through one made after it (`c -> d/..`, then `d -> .`).
        writer.checkLinks();
    }
    catch (e) {
        if (e instanceof UnpackRefused)
            throw e;
        const err = e;
        throw new UnpackRefused(err.code === "Z_DATA_ERROR" ? "not a gzip archive" : (err.message ?? String(e)));
    }
    finally {
        // What follows the end of the archive (or a refused entry) is never decompressed.
        gunzip.destroy();
    }
}
async function readEntries(input, out) {
    let meta = {};
    let entries = 0;
    let bytes = 0;
    for (;;) {
        const block = await input.take(BLOCK, true);
        if (!block || block.every((b) => b === 0))
            return;
        const h = parseHeader(block);
        const isMeta = "xgLK".includes(h.type);
        const size = isMeta ? h.size : (meta.size ?? h.size);
        if (++entries > MAX_ENTRIES)
            throw new UnpackRefused(`the package has more than ${MAX_ENTRIES} entries`);
        bytes += size;
        if (bytes > MAX_UNPACKED_BYTES) {
            throw new UnpackRefused(`the package unpacks to more than ${MAX_UNPACKED_BYTES / 1024 ** 3} GiB`);
        }
        const padding = (BLOCK - (size % BLOCK)) % BLOCK;
        if (isMeta) {
            if (size > MAX_META_BYTES)
                throw new UnpackRefused(`a header of ${size} bytes`);
            const data = (await input.take(size));
            meta = h.type === "x" ? { ...meta, ...paxFields(data) } : readLongName(h.type, data, meta);
        }
        else {
            const e = { ...h, size, name: meta.path ?? h.name, link: meta.linkpath ?? h.link };
            meta = {};
            await out.entry(e, input);
        }
        await input.skip(padding);
    }
}
/** Links followed in a row before a link is taken for a loop (Linux's own limit). */
const MAX_LINK_HOPS = 40;
/** Components walked to check one link, links followed included: far above any real package's. */
const MAX_LINK_STEPS = 4096;
/** Creates the entries, each only where the rules allow; the package's top directory stripped. */
class Writer {
    root;
    dirs = new Set([""]);
    /** Each link made, by its path, with its target. */
    links = new Map();
    seen = new Set();
    constructor(root) {
        this.root = root;
    }
    async entry(e, input) {
        const kind = KINDS[e.type];
        if (kind)
            throw new UnpackRefused(`the package holds ${kind} (${shown(e.name)})`);
        const isFile = e.type === "0" || e.type === "\0" || e.type === "7";
        if (!isFile && e.type !== "5" && e.type !== "2") {
            throw new UnpackRefused(`the package holds an entry of type '${shown(e.type)}' (${shown(e.name)})`);
        }
        const rel = this.place(e.name);
        if (rel === undefined)
            return input.skip(e.size); // the top directory itself
        await this.parents(rel);
        const full = external_node_path_default().join(this.root, ...rel.split("/"));
        if (e.type === "5") {
            if (!this.dirs.has(rel))
                await (0,promises_.mkdir)(full, { mode: 0o755 });
            this.dirs.add(rel);
            await (0,promises_.chmod)(full, 0o755);
        }
        else if (e.type === "2") {
            this.links.set(rel, e.link);
            this.checkLink(rel, e.link);
            await (0,promises_.symlink)(e.link, full);
        }
        else {
            // O_EXCL: never through whatever is already there (a link made by an earlier entry).
            const fh = await (0,promises_.open)(full, "wx", 0o600);
            try {
                for await (const chunk of input.stream(e.size))
                    await fh.write(chunk);
                await fh.chmod(e.mode & 0o111 ? 0o755 : 0o644);
            }
            finally {
                await fh.close();
            }
        }
        if (!isFile)
            await input.skip(e.size);
    }
    /** The path under the top directory ("a/b"), or undefined for the top itself. */
    place(name) {
        if (name.startsWith("/"))
            throw new UnpackRefused(`the package holds an absolute path (${shown(name)})`);
        const parts = name.split("/").filter((p) => p !== "" && p !== ".");
        if (parts.includes(".."))
            throw new UnpackRefused(`the package holds a path with .. (${shown(name)})`);
        const rel = parts.slice(1).join("/");
        if (rel === "")
            return undefined;
        if (this.seen.has(rel))
            throw new UnpackRefused(`the package holds ${shown(name)} twice`);
        this.seen.add(rel);
        return rel;
    }
    async parents(rel) {
        const parts = rel.split("/");
        for (let i = 1; i < parts.length; i++) {
            const dir = parts.slice(0, i).join("/");
            if (this.links.has(dir)) {
                throw new UnpackRefused(`the package holds a path through a link (${shown(rel)})`);
            }
            if (this.dirs.has(dir))
                continue;
            await (0,promises_.mkdir)(external_node_path_default().join(this.root, ...parts.slice(0, i)), { mode: 0o755 });
            await (0,promises_.chmod)(external_node_path_default().join(this.root, ...parts.slice(0, i)), 0o755);
            this.dirs.add(dir);
        }
    }
    /** Every link made, followed through all the others: a package whose link leaves it is refused. */
    checkLinks() {
        for (const [rel, target] of this.links)
            this.checkLink(rel, target);
    }
    checkLink(rel, target) {
        if (target === "" ||
            target.startsWith("/") ||
            /^[A-Za-z]:|\\/.test(target) ||
            this.follow(rel.split("/").slice(0, -1), target, { hops: 0, steps: MAX_LINK_STEPS }) === undefined) {
            throw new UnpackRefused(`the package holds a link that leaves it (${shown(rel)} -> ${shown(target)}): only links inside are kept`);
        }
    }
    /**
     * Where `target`, read from the directory `from`, leads, as the kernel resolves it: each component in
     * turn, a link among them followed from its own directory, `..` going up from where the walk is (not
     * lexically: `a -> .` then `b -> a/..` leaves). Undefined when it leaves the package, or after
     * {@link MAX_LINK_HOPS} links in a row (a loop) or {@link MAX_LINK_STEPS} components in all (links
     * that each name another twice would take exponential time).
     */
    follow(from, target, walk) {
        if (walk.hops > MAX_LINK_HOPS)
            return undefined;
        let at = [...from];
        for (const c of target.split("/")) {
            if (--walk.steps < 0)
                return undefined;
            if (c === "" || c === ".")
                continue;
            if (c === "..") {
                if (at.length === 0)
                    return undefined;
                at.pop();
                continue;
            }
            at.push(c);
            const link = this.links.get(at.join("/"));
            if (link === undefined)
                continue;
            walk.hops++;
            const to = this.follow(at.slice(0, -1), link, walk);
            walk.hops--;
            if (to === undefined)
                return undefined;
            at = to;
        }
        return at;
    }
}


/***/ })

};

//# sourceMappingURL=474.index.js.map