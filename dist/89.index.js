export const id = 89;
export const ids = [89,474];
export const modules = {

/***/ 7089:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  installAgent: () => (/* binding */ installAgent)
});

// UNUSED EXPORTS: InstallError

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/settings/install.ts
var install = __webpack_require__(8642);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
;// CONCATENATED MODULE: ./node_modules/is-network-error/index.js
const objectToString = Object.prototype.toString;

const isError = value => objectToString.call(value) === '[object Error]';

const errorMessages = new Set([
	'network error', // Chrome
	'NetworkError when attempting to fetch resource.', // Firefox
	'The Internet connection appears to be offline.', // Safari 16
	'Network request failed', // `cross-fetch`
	'fetch failed', // Undici (Node.js)
	'terminated', // Undici (Node.js)
	' A network error occurred.', // Bun (WebKit)
	'Network connection lost', // Cloudflare Workers (fetch)
]);

function isNetworkError(error) {
	const isValid = error
		&& isError(error)
		&& error.name === 'TypeError'
		&& typeof error.message === 'string';

	if (!isValid) {
		return false;
	}

	const {message, stack} = error;

	// Safari 17+ has generic message but no stack for network errors
	if (message === 'Load failed' || (message.startsWith('Load failed (') && message.endsWith(')'))) {
		return stack === undefined
			// Sentry adds its own stack trace to the fetch error, so also check for that
			|| '__sentry_captured__' in error;
	}

	// Deno network errors start with specific text
	if (message.startsWith('error sending request for url')) {
		return true;
	}

	// Chrome: exact "Failed to fetch" or with hostname: "Failed to fetch (example.com)"
	if (message === 'Failed to fetch' || (message.startsWith('Failed to fetch (') && message.endsWith(')'))) {
		return true;
	}

	// Standard network error messages
	return errorMessages.has(message);
}

;// CONCATENATED MODULE: ./node_modules/p-retry/index.js


function validateRetries(retries) {
	if (typeof retries === 'number') {
		if (retries < 0) {
			throw new TypeError('Expected `retries` to be a non-negative number.');
		}

		if (Number.isNaN(retries)) {
			throw new TypeError('Expected `retries` to be a valid number or Infinity, got NaN.');
		}

		// Not `Number.isSafeInteger`, which would reject a huge `retries`. That is accepted on purpose and behaves as effectively forever.
		// eslint-disable-next-line unicorn/prefer-number-is-safe-integer
		if (Number.isFinite(retries) && !Number.isInteger(retries)) {
			throw new TypeError('Expected `retries` to be a non-negative integer or Infinity.');
		}
	} else if (retries !== undefined) {
		throw new TypeError('Expected `retries` to be a number or Infinity.');
	}
}

function validateNumberOption(name, value, {allowInfinity = false} = {}) {
	if (typeof value !== 'number' || Number.isNaN(value)) {
		throw new TypeError(`Expected \`${name}\` to be a number${allowInfinity ? ' or Infinity' : ''}.`);
	}

	if (!allowInfinity && !Number.isFinite(value)) {
		throw new TypeError(`Expected \`${name}\` to be a finite number.`);
	}

	if (value < 0) {
		throw new TypeError(`Expected \`${name}\` to be \u{2265} 0.`);
	}
}

function validateOption(name, value, type) {
	// `null` means "not provided", as it does for the other options. `unref` needs this because it is the one option with no default of its own.
	if (value === undefined || value === null) {
		return;
	}

	if (typeof value !== type) {
		throw new TypeError(`Expected \`${name}\` to be a ${type}.`);
	}
}

function validateSignal(value) {
	// `null` means "not provided", as it does for the other options.
	if (value === undefined || value === null) {
		return;
	}

	// Duck typed rather than `instanceof`, so a signal from another realm still works. All three methods are checked because `removeEventListener` is called from inside a timer callback, where a `TypeError` would be an uncaught exception rather than a rejection the caller could catch.
	if (typeof value.throwIfAborted !== 'function'
		|| typeof value.addEventListener !== 'function'
		|| typeof value.removeEventListener !== 'function') {
		throw new TypeError('Expected `signal` to be an AbortSignal.');
	}
}

class AbortError extends Error {
	constructor(message) {
		super(typeof message === 'string' ? message : undefined);

		this.name = 'AbortError';

		if (message instanceof Error) {
			this.originalError = message;
			({message} = message);
		} else {
			// Created here, so it already captures every caller frame. Copying `this.stack` instead would only rewrite the header, which is rendered lazily from `name` and `message` at read time. It also stringifies a non-string message, so reuse its result below.
			this.originalError = new Error(message);
			({message} = this.originalError);

			// The caller sees this error, so the frame for this constructor is dropped where the runtime supports it. Left in, the top frame blames p-retry for an error the caller threw. An error the caller passed keeps its own stack, which points at their throw site already. V8-only, hence the lint exception, and the optional call leaves the stack as it is where it is missing.
			// eslint-disable-next-line unicorn/no-nonstandard-builtin-properties
			Error.captureStackTrace?.(this.originalError, AbortError);
		}

		this.message = message;
	}
}

// `setTimeout` cannot represent a longer delay and fires it right away instead, which turns a long backoff into a tight retry loop. Cap at the largest value it can still hold.
const maximumDelay = (2 ** 31) - 1;

function calculateDelay(retriesConsumed, options) {
	// Nothing to wait for, and multiplying by a factor that has grown to `Infinity` would give `NaN`.
	if (options.minTimeout === 0) {
		return 0;
	}

	// `retriesConsumed` starts at 0 and only ever counts up, so the first retry is already attempt 1.
	const attempt = retriesConsumed + 1;
	const random = options.randomize ? (Math.random() + 1) : 1;

	const timeout = Math.round(random * options.minTimeout * (options.factor ** (attempt - 1)));

	// `maxTimeout` rounds up, so a fractional cap still gives a whole number of milliseconds. Rounding down would turn a cap below 1 into no timer at all, which never yields to the event loop. `Math.ceil(Infinity)` is `Infinity`.
	return Math.min(timeout, Math.ceil(options.maxTimeout), maximumDelay);
}

function calculateRemainingTime(start, max) {
	return Number.isFinite(max) ? max - (performance.now() - start) : max;
}

async function delayForRetry(delay, options) {
	if (delay <= 0) {
		return;
	}

	await new Promise((resolve, reject) => {
		// Registered with `once`, so it removes itself when it fires.
		const onAbort = () => {
			clearTimeout(timeoutToken);
			reject(options.signal.reason);
		};

		const timeoutToken = setTimeout(() => {
			options.signal?.removeEventListener('abort', onAbort);
			resolve();
		}, delay);

		if (options.unref) {
			timeoutToken.unref?.();
		}

		options.signal?.addEventListener('abort', onAbort, {once: true});
	});
}

// Stringifying a thrown value can itself throw, for an object with no usable `toString`. That must never be allowed to replace the failure the caller is actually dealing with.
//
// A thrown value whose own accessors or proxy traps throw is not supported, here or anywhere else. It comes from the caller's own code, so it is not something to defend against.
function stringifyThrownValue(value) {
	try {
		return String(value);
	} catch {
		return Object.prototype.toString.call(value);
	}
}

// `AbortError` wraps the error the caller actually wants, and the wrappers can be nested, so keep unwrapping until the cause is reached. Otherwise an `AbortError` would escape `pRetry` and a `catch` doing `error instanceof AbortError` would read a real failure as a cancellation.
//
// Two wrappers whose `originalError` points at each other are not supported, like the thrown values above.
function unwrapAbortError(error) {
	let cause = error;

	// A wrapper with no error to unwrap to is the cause as far as it goes.
	while (cause instanceof AbortError && cause.originalError instanceof Error) {
		cause = cause.originalError;
	}

	return cause;
}

async function onAttemptFailure({error, attemptNumber, retriesConsumed, startTime, options}) {
	// The signal is checked after the operation and after every callback, so a cancellation is never reported as an operation failure or a callback's decision, and no callback runs after it. The last check also guards the delay, whose abort listener never fires on a signal that is already aborted.
	const abortIfNeeded = () => {
		options.signal?.throwIfAborted();
	};

	const normalizedError = error instanceof Error
		? error
		: new TypeError(`Non-error was thrown: "${stringifyThrownValue(error)}". You should only throw errors.`);

	// Checked before unwrapping an `AbortError`, because the reason a caller aborted with is final. Unwrapping it would replace the reason they chose with whatever is inside it, and it would also let an `AbortError` from the operation outrank a cancellation the caller asked for.
	abortIfNeeded();

	if (normalizedError instanceof AbortError) {
		throw unwrapAbortError(normalizedError);
	}

	// `retriesConsumed` only ever advances while `retriesLeft` is above 0, so this is never negative. `Infinity` minus a finite count is `Infinity`, so an unlimited budget needs no special case.
	const retriesLeft = options.retries - retriesConsumed;

	// A `TypeError` normally means the operation itself is broken rather than the thing it was trying to reach, so retrying it does not help. A network `TypeError` is the exception, and its message differs per runtime, so it has to be recognised rather than assumed.
	const isRetriableError = !(normalizedError instanceof TypeError) || isNetworkError(normalizedError);

	// Out of time already, out of retries, or a failure that is never retried, so the delay is 0 and the callbacks are told that no retry follows. Only computed when a retry can still follow, so a randomized delay does not draw from `Math.random` for a wait that is never taken.
	const timeLeft = calculateRemainingTime(startTime, options.maxRetryTime);
	const delayTime = isRetriableError && timeLeft > 0 && retriesLeft > 0 ? calculateDelay(retriesConsumed, options) : 0;

	const consumeRetryContext = Object.freeze({
		error: normalizedError,
		attemptNumber,
		retriesLeft,
		retriesConsumed,
		retryDelay: delayTime,
	});

	// No answer means no opinion, so fall back to the default. Treating it as `false` instead would leave `retries` uncounted and let the loop run forever.
	const consumeRetry = (await options.shouldConsumeRetry(consumeRetryContext)) ?? true;

	abortIfNeeded();

	const effectiveDelay = consumeRetry ? delayTime : 0;
	const context = Object.freeze({
		error: normalizedError,
		attemptNumber,
		retriesLeft,
		retriesConsumed,
		retryDelay: effectiveDelay,
	});

	await options.onFailedAttempt(context);

	abortIfNeeded();

	const remainingTime = calculateRemainingTime(startTime, options.maxRetryTime);

	// No time or budget left, or a failure that retrying cannot help with.
	if (
		!isRetriableError
		|| remainingTime <= 0
		|| retriesLeft <= 0
	) {
		throw normalizedError;
	}

	const shouldRetry = await options.shouldRetry(context);

	abortIfNeeded();

	if (!shouldRetry) {
		throw normalizedError;
	}

	const remainingTimeAfterShouldRetry = calculateRemainingTime(startTime, options.maxRetryTime);

	if (remainingTimeAfterShouldRetry <= 0) {
		throw normalizedError;
	}

	if (!consumeRetry) {
		return false;
	}

	await delayForRetry(Math.min(effectiveDelay, remainingTimeAfterShouldRetry), options);

	return true;
}

async function pRetry(input, options = {}) {
	options = {...options};

	// Applied before validating, so that `null` means "not provided" here as it does for every other option.
	options.retries ??= 10;

	validateRetries(options.retries);

	if (Object.hasOwn(options, 'forever')) {
		throw new Error('The `forever` option is no longer supported. For many use-cases, you can set `retries: Infinity` instead.');
	}

	options.factor ??= 2;
	options.minTimeout ??= 1000;
	options.maxTimeout ??= Infinity;
	options.maxRetryTime ??= Infinity;
	options.randomize ??= false;
	options.onFailedAttempt ??= () => {};
	options.shouldRetry ??= () => true;
	options.shouldConsumeRetry ??= () => true;

	// Validate the options that have a runtime type to check.
	validateOption('onFailedAttempt', options.onFailedAttempt, 'function');
	validateOption('shouldRetry', options.shouldRetry, 'function');
	validateOption('shouldConsumeRetry', options.shouldConsumeRetry, 'function');
	validateOption('randomize', options.randomize, 'boolean');
	validateOption('unref', options.unref, 'boolean');
	validateSignal(options.signal);
	validateNumberOption('factor', options.factor);
	validateNumberOption('minTimeout', options.minTimeout);
	validateNumberOption('maxTimeout', options.maxTimeout, {allowInfinity: true});
	validateNumberOption('maxRetryTime', options.maxRetryTime, {allowInfinity: true});

	// A negative factor is rejected above, so this only catches `0`. Treat it as `1` to keep the delay constant instead of dropping to zero after the first retry.
	if (options.factor === 0) {
		options.factor = 1;
	}

	options.signal?.throwIfAborted();

	let attemptNumber = 0;
	let retriesConsumed = 0;
	const startTime = performance.now();

	// A consumed count is always finite, so `Infinity` keeps this true and needs no special case.
	while (retriesConsumed <= options.retries) {
		attemptNumber++;

		try {
			options.signal?.throwIfAborted();

			const result = await input(attemptNumber);

			options.signal?.throwIfAborted();

			return result;
		} catch (error) {
			if (await onAttemptFailure({
				error,
				attemptNumber,
				retriesConsumed,
				startTime,
				options,
			})) {
				retriesConsumed++;
			}
		}
	}

	// Unreachable: `onAttemptFailure` throws once `retriesLeft` reaches 0, which is the same state the loop condition tests, so the loop is always left by a throw. Kept as a guard against a future change to either side breaking that pairing.
	throw new Error('Retry attempts exhausted without throwing an error.');
}

function makeRetriable(function_, options) {
	return function (...arguments_) {
		return pRetry(() => function_.apply(this, arguments_), options);
	};
}

// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
;// CONCATENATED MODULE: ./src/install/fetch.ts
/**
 * The installer's HTTP: retried with backoff on network errors, timeouts, 429 and 5xx (p-retry), never on
 * other 4xx; a timeout per attempt; a downloaded file streamed to disk and hashed on the way, with a
 * progress line every few seconds. A request that fails for good throws `FetchFailed`: one line, naming the
 * URL, the last error and how many attempts were really made.
 *
 * Redirects are followed here, not by fetch: from https only to https (TLS names the host we trust; a
 * hop to http would hand the package to anyone on the path), and from http (a test's or a LAN mirror's
 * base URL) only within the same origin. A refused redirect is final, and said in one line.
 */






/** A failure of the install, said in one line (the action's last resort prints it as is). */
class InstallError extends errors/* UserFacingError */.Ui {
    constructor(message) {
        super(message);
        this.name = "InstallError";
    }
}
class HttpStatusError extends Error {
    status;
    url;
    constructor(status, url) {
        super(`HTTP ${status} from ${url}`);
        this.status = status;
        this.url = url;
    }
}
/** A redirect this installer does not follow (see the header): final, never retried. */
class RedirectRefused extends Error {
    constructor(message) {
        super(message);
        this.name = "RedirectRefused";
    }
}
/** A request that failed for good: its last error, after `attempts` tries (1: it was not retried). */
class FetchFailed extends Error {
    url;
    attempts;
    last;
    constructor(url, attempts, last) {
        super(`${url} failed${attempts > 1 ? ` after ${attempts} attempts` : ""} (${why(last)})`);
        this.url = url;
        this.attempts = attempts;
        this.last = last;
        this.name = "FetchFailed";
    }
}
/** 1 + 3 retries, 1 s, 2 s, 4 s apart: a flaky CDN gets 7 s to recover. */
const RETRIES = 3;
const FIRST_DELAY_MS = 1_000;
const TEXT_TIMEOUT_MS = 30_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
const PROGRESS_EVERY_MS = 5_000;
/** A build name or the install script: anything longer is not read (a mirror's error page, a stream). */
const MAX_TEXT_BYTES = 1024 * 1024;
/** As many hops as a CDN needs (a mirror, then a signed URL); more is a loop. */
const MAX_REDIRECTS = 5;
async function retried(url, timeoutMs, log, attempt) {
    // Counted here, not taken from the retry settings: an answer that is final (a 404) is tried once.
    let attempts = 0;
    try {
        return await pRetry(async () => {
            attempts++;
            const res = attempt(AbortSignal.timeout(timeoutMs));
            return await res.catch((e) => {
                // Only a server's trouble or a rate limit may pass with time; any other answer is final.
                if (e instanceof HttpStatusError && e.status !== 429 && e.status < 500)
                    throw new AbortError(e);
                if (e instanceof RedirectRefused)
                    throw new AbortError(e);
                throw e;
            });
        }, {
            retries: RETRIES,
            minTimeout: FIRST_DELAY_MS,
            factor: 2,
            onFailedAttempt: ({ error, retriesLeft, retryDelay }) => {
                if (retriesLeft > 0 && retryDelay > 0)
                    log(`${url}: ${why(error)}; retrying in ${retryDelay / 1000} s (${retriesLeft} left)`);
            },
        });
    }
    catch (e) {
        throw new FetchFailed(url, attempts, e);
    }
}
/** What went wrong, in a few words: the status, or the network error under fetch's "fetch failed". */
function why(e) {
    if (e instanceof FetchFailed)
        return why(e.last);
    if (e instanceof HttpStatusError)
        return `HTTP ${e.status}`;
    const err = e;
    if (err?.name === "TimeoutError")
        return "timed out";
    return err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(e);
}
async function get(url, signal, headers = {}) {
    let at = new URL(url);
    for (let hops = 0;; hops++) {
        const res = await fetch(at, { signal, headers, redirect: "manual" });
        const location = res.headers.get("location");
        if (res.status >= 300 && res.status < 400 && location !== null) {
            await res.body?.cancel().catch(() => { });
            if (hops === MAX_REDIRECTS)
                throw new RedirectRefused(`more than ${MAX_REDIRECTS} redirects`);
            const next = new URL(location, at);
            const refusal = redirectRefusal(at, next);
            if (refusal)
                throw new RedirectRefused(refusal);
            at = next;
            continue;
        }
        if (!res.ok) {
            await res.body?.cancel().catch(() => { });
            throw new HttpStatusError(res.status, url);
        }
        return res;
    }
}
/** Why a redirect from `from` to `to` is not followed (see the header); undefined when it is. */
function redirectRefusal(from, to) {
    if (from.protocol === "https:") {
        return to.protocol === "https:" ? undefined : `refused a redirect to ${where(to)}: not https`;
    }
    return to.origin === from.origin
        ? undefined
        : `refused a redirect from ${where(from)} to ${where(to)}: over http, only within the same origin`;
}
/** Scheme and host, not the path or query (a signed URL's token stays out of the log). */
const where = (u) => `${u.protocol}//${u.host}`;
/** A small text (a build name, the install script). */
async function getText(url, log, headers = {}) {
    return retried(url, TEXT_TIMEOUT_MS, log, async (signal) => {
        const res = await get(url, signal, headers);
        return readCapped(res, MAX_TEXT_BYTES);
    });
}
/** At most `cap` bytes of the body, as text: reading stops there, so an endless answer costs `cap`. */
async function readCapped(res, cap) {
    const reader = res.body?.getReader();
    if (!reader)
        return "";
    const chunks = [];
    let bytes = 0;
    try {
        while (bytes < cap) {
            const { done, value } = await reader.read();
            if (done)
                break;
            const kept = value.subarray(0, cap - bytes);
            chunks.push(kept);
            bytes += kept.length;
        }
    }
    finally {
        // Closes the connection when the cap cut the body short; nothing to do when it ended.
        await reader.cancel().catch(() => { });
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
}
/** Downloads `url` to `dest`; the sha256 and size of what was written. */
async function download(url, dest, log) {
    return retried(url, DOWNLOAD_TIMEOUT_MS, log, async (signal) => {
        // The archive as it is stored: asked not to be compressed again on the way. A mirror may do it
        // anyway (gzip over the .tar.gz); fetch then undoes it, so what is written and hashed is still the
        // archive, but the Content-Length counts the encoded bytes and cannot be checked against it.
        const res = await get(url, signal, { "accept-encoding": "identity" });
        const encoding = res.headers.get("content-encoding");
        const encoded = encoding !== null && encoding.trim().toLowerCase() !== "identity";
        if (encoded)
            log(`${url}: sent with Content-Encoding: ${encoding}, decoded`);
        const total = encoded ? undefined : Number(res.headers.get("content-length")) || undefined;
        const hash = (0,external_node_crypto_.createHash)("sha256");
        let bytes = 0;
        let last = Date.now();
        const count = new external_node_stream_.Transform({
            transform(chunk, _enc, done) {
                hash.update(chunk);
                bytes += chunk.length;
                if (Date.now() - last >= PROGRESS_EVERY_MS) {
                    last = Date.now();
                    log(`Downloading: ${mib(bytes)}${total ? ` of ${mib(total)}` : ""}`);
                }
                done(null, chunk);
            },
        });
        if (!res.body)
            throw new HttpStatusError(res.status, url);
        await (0,external_node_stream_promises_.pipeline)(external_node_stream_.Readable.fromWeb(res.body), count, (0,external_node_fs_.createWriteStream)(dest));
        if (total !== undefined && bytes !== total)
            throw new Error(`cut short: ${bytes} of ${total} bytes`);
        return { sha256: hash.digest("hex"), bytes };
    });
}
function mib(bytes) {
    return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

// EXTERNAL MODULE: ./src/install/manifest.ts
var install_manifest = __webpack_require__(5474);
;// CONCATENATED MODULE: ./src/install/platform.ts

/**
 * Where a build of the Cursor CLI is published, per platform (the layout the CLI's own install script
 * uses): `<base>/lab/<build>/<os>/<arch>/agent-cli-package.tar.gz` (`.zip` on Windows), one directory at
 * the top of the archive, holding the launcher `cursor-agent` and everything it runs (a node, its chunks,
 * native modules, rg): the whole directory is the install.
 */
const OS = { linux: "linux", darwin: "darwin", win32: "windows" };
const ARCH = { x64: "x64", arm64: "arm64" };
function targetOf(platform, arch) {
    const os = OS[platform];
    const a = ARCH[arch];
    if (!os || !a) {
        return `the Cursor CLI is published for Linux, macOS and Windows on x64 and arm64, not ${platform}/${arch}`;
    }
    return { os, arch: a, archive: os === "windows" ? "zip" : "tar.gz" };
}
function packageUrl(base, build, t) {
    return `${base}/lab/${build}/${t.os}/${t.arch}/agent-cli-package.${t.archive}`;
}
/**
 * The CLI's launcher in the package at `dir` (`has` says whether a file of it exists), or why there is
 * none. Windows' packages ship `cursor-agent.cmd` and `.ps1` over a bundled `node.exe` and `index.js` (the
 * .cmd is one line: `"%~dp0node.exe" "%~dp0index.js" %*`). Node starts a .cmd only through cmd.exe (it
 * refuses one without a shell since its 2024 security releases), and cmd.exe would parse the prompt, text
 * from the pull request among it, as commands: so the action runs that one line itself, without a shell,
 * as other projects that run the CLI on Windows do. A `cursor-agent.exe`, where a package has one, is
 * started as it is.
 */
function launcherIn(dir, t, has) {
    if (t.os !== "windows") {
        return has("cursor-agent")
            ? { file: external_node_path_default().join(dir, "cursor-agent"), args: [] }
            : "no cursor-agent launcher";
    }
    if (has("cursor-agent.exe"))
        return { file: external_node_path_default().join(dir, "cursor-agent.exe"), args: [] };
    if (has("node.exe") && has("index.js")) {
        return { file: external_node_path_default().join(dir, "node.exe"), args: [external_node_path_default().join(dir, "index.js")] };
    }
    return "neither cursor-agent.exe nor node.exe and index.js (what its cursor-agent.cmd would run)";
}
/**
 * The tool cache keys versions by semver: a build `2026.09.28-a1b2c3d` is kept as `2026.9.28-ga1b2c3d`
 * (no leading zeros; the `g` keeps an all-digit commit from reading as a number).
 */
function cacheVersion(build) {
    const [date = "", commit = ""] = build.split("-");
    return `${date
        .split(".")
        .map((n) => String(Number(n)))
        .join(".")}-g${commit}`;
}

// EXTERNAL MODULE: ./src/install/tar.ts
var tar = __webpack_require__(8176);
;// CONCATENATED MODULE: ./src/install/install.ts
/**
 * Installing the Cursor CLI without a step of the user's: the build asked for (or the latest), from the
 * runner's tool cache when an earlier run put it there and it still is what was installed, else
 * downloaded (./fetch.ts), unpacked under rules (./tar.ts), recorded (./manifest.ts) and put in the tool
 * cache, keyed by build and arch (`<cache>/cursor-agent/<semver>/<arch>`, with `<arch>.complete` as
 * @actions/tool-cache lays it out). No checksum is published for the CLI: the archive's sha256 is
 * logged and output, so a workflow can pin it. Loaded only when an install may be needed.
 */










const TOOL = "cursor-agent";
const DEFAULT_BASE = "https://downloads.cursor.com";
async function installAgent(s, env, log, platform = process.platform, arch = process.arch) {
    const target = targetOf(platform, arch);
    if (typeof target === "string")
        throw new InstallError(`Could not install the Cursor CLI: ${target}.`);
    // A build the user named, or the one found as the latest (then a 404 is not theirs to fix).
    const named = install/* BUILD */.Bv.test(s.version);
    const build = named ? s.version : await latest(s.baseUrl, log);
    const temp = env.RUNNER_TEMP || (0,external_node_os_.tmpdir)();
    const cache = env.RUNNER_TOOL_CACHE || external_node_path_default().join(temp, "tool-cache");
    const home = external_node_path_default().join(cache, TOOL, cacheVersion(build), target.arch);
    const cached = await fromCache(s, build, home, target, log);
    if (cached)
        return cached;
    const work = await (0,promises_.mkdtemp)(external_node_path_default().join(temp, "cursor-agent-install-"));
    try {
        const archive = external_node_path_default().join(work, `agent-cli-package.${target.archive}`);
        const sha256 = await fetchPackage(s, named, build, target, archive, log);
        const manifest = await place(archive, home, build, sha256, target, work);
        const files = manifest.entries.filter((e) => e.kind === "file");
        const bytes = files.reduce((n, e) => n + (e.size ?? 0), 0);
        log(`Cursor CLI ${build} installed in ${home} (${files.length} files, ${mib(bytes)}; manifest ${(0,install_manifest/* manifestFile */.YE)(home)})`);
        return { launcher: launcher(home, target), build, sha256, fromCache: false, home, manifest };
    }
    finally {
        await (0,promises_.rm)(work, { recursive: true, force: true });
    }
}
/**
 * The tool cache's entry, if there is one it can use. The cache is writable by whoever ran before (an
 * agent as the runner's user among them): an entry is used only while every file is still what was
 * installed, and cursor-sha256 is then its manifest's; with cursor-sha256 pinned, only if that is the pin.
 * An entry of another package is not removed here: only a download that matches the pin replaces it.
 */
async function fromCache(s, build, home, target, log) {
    if (!(0,external_node_fs_.existsSync)(`${home}.complete`))
        return undefined;
    const check = await (0,install_manifest/* checkInstall */.Qq)(home, build);
    const where = `Cursor CLI ${build} in the tool cache (${home})`;
    if (!("manifest" in check)) {
        log(`${where} is not what was installed (${check.why}): installing it again`);
        return undefined;
    }
    const { manifest } = check;
    if (s.sha256 && manifest.sha256 !== s.sha256) {
        log(`${where} is the package with sha256 ${manifest.sha256}, not cursor-sha256 ${s.sha256}: not used`);
        return undefined;
    }
    const files = manifest.entries.filter((e) => e.kind === "file").length;
    log(`Cursor CLI ${build} from the tool cache (${home}), sha256 ${manifest.sha256}: its ${files} files match its manifest`);
    return {
        launcher: launcher(home, target),
        build,
        sha256: manifest.sha256,
        fromCache: true,
        home,
        manifest,
    };
}
async function fetchPackage(s, named, build, target, archive, log) {
    const url = packageUrl(s.baseUrl, build, target);
    log(`Downloading the Cursor CLI ${build} from ${url}`);
    const got = await download(url, archive, log).catch((e) => {
        const last = e instanceof FetchFailed ? e.last : e;
        if (last instanceof HttpStatusError && last.status === 404) {
            throw new InstallError(named
                ? `Could not install the Cursor CLI: build ${build} was not found (HTTP 404 from ${url}); check cursor-version.`
                : `Could not install the Cursor CLI: build ${build}, named the latest, was not found (HTTP 404 from ${url}); set cursor-version to a build published there.`);
        }
        const failed = e instanceof FetchFailed ? e.message : `${url} failed (${why(e)})`;
        throw new InstallError(`Could not install the Cursor CLI: ${failed}.`);
    });
    log(`Downloaded ${mib(got.bytes)}, sha256 ${got.sha256}`);
    // Checked before anything is unpacked: a package that is not the pinned one never reaches the cache.
    if (s.sha256 && got.sha256 !== s.sha256) {
        throw new InstallError(`Could not install the Cursor CLI ${build}: its package's sha256 is ${got.sha256}, not cursor-sha256 ${s.sha256}; nothing of it was run.`);
    }
    return got.sha256;
}
/**
 * The package unpacked into `home` (whatever was there removed first, its `.complete` marker before it,
 * so that a run cut short leaves no entry that looks whole), recorded, then marked complete. A refused
 * package leaves nothing behind and is one line.
 */
async function place(archive, home, build, sha256, target, work) {
    await remove(`${home}.complete`);
    await remove((0,install_manifest/* manifestFile */.YE)(home));
    await remove(home);
    await (0,promises_.mkdir)(external_node_path_default().dirname(home), { recursive: true });
    try {
        if (target.archive === "tar.gz")
            await (0,tar/* unpackTarGz */.bo)(archive, home);
        else
            await unpackZip(archive, home, work);
        launcher(home, target);
        const manifest = await (0,install_manifest/* recordManifest */.Xx)(home, build, sha256);
        await (0,promises_.writeFile)(`${home}.complete`, "");
        return manifest;
    }
    catch (e) {
        await remove(home).catch(() => { });
        await remove((0,install_manifest/* manifestFile */.YE)(home)).catch(() => { });
        if (e instanceof InstallError)
            throw e;
        const reason = e instanceof tar/* UnpackRefused */.d8 || e instanceof install_manifest/* Mismatch */.DH ? e.message : why(e).split("\n")[0];
        throw new InstallError(`Could not install the Cursor CLI ${build}: ${reason} (package sha256 ${sha256}); nothing of it was run.`);
    }
}
/**
 * Windows' .zip, by @actions/tool-cache (PowerShell): a zip holds no FIFO, device or hard link, and the
 * manifest's walk refuses anything but files, directories and links and checks the caps, but only once
 * it is unpacked (the tar.gz's cap holds before).
 */
async function unpackZip(archive, home, work) {
    process.env.RUNNER_TEMP ||= work;
    const tc = await Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(838), __webpack_require__.e(88), __webpack_require__.e(805)]).then(__webpack_require__.bind(__webpack_require__, 9805));
    const staging = external_node_path_default().join(work, "package");
    await tc.extractZip(archive, staging);
    const entries = (0,external_node_fs_.readdirSync)(staging, { withFileTypes: true });
    const top = entries.length === 1 && entries[0].isDirectory() ? external_node_path_default().join(staging, entries[0].name) : staging;
    await (0,promises_.cp)(top, home, { recursive: true, verbatimSymlinks: true });
}
/** Removes a file or a tree, also one whose directories were made read-only (by an agent, to keep it). */
async function remove(target) {
    try {
        await (0,promises_.rm)(target, { recursive: true, force: true });
    }
    catch {
        await writable(target).catch(() => { });
        await (0,promises_.rm)(target, { recursive: true, force: true }).catch((e) => {
            throw new InstallError(`Could not install the Cursor CLI: ${target} cannot be replaced (${why(e)}).`);
        });
    }
}
async function writable(dir) {
    const st = await (0,promises_.lstat)(dir);
    if (!st.isDirectory())
        return;
    await (0,promises_.chmod)(dir, 0o700);
    for (const name of await (0,promises_.readdir)(dir))
        await writable(external_node_path_default().join(dir, name));
}
/**
 * The current build: the latest-version endpoint (often 403), else the build the install script names
 * (served only to a curl-like User-Agent). A mirror serves the script at `<base>/install`.
 */
async function latest(base, log) {
    const problems = [];
    try {
        const text = (await getText(`${base}/lab/latest-version`, log)).trim();
        if (install/* BUILD */.Bv.test(text))
            return text;
        problems.push("latest-version: not a build name");
    }
    catch (e) {
        problems.push(`latest-version: ${why(e)}`);
    }
    const script = base === DEFAULT_BASE ? "https://cursor.com/install" : `${base}/install`;
    try {
        const text = await getText(script, log, { "user-agent": "curl/8.5.0" });
        const named = /\/lab\/(\d{4}\.\d{2}\.\d{2}-[0-9a-f]{7,40})\//.exec(text)?.[1];
        if (named) {
            log(`The latest Cursor CLI build, from the install script: ${named}`);
            return named;
        }
        problems.push("install script: names no build");
    }
    catch (e) {
        problems.push(`install script: ${why(e)}`);
    }
    throw new InstallError(`Could not find the latest Cursor CLI build (${problems.join("; ")}); set cursor-version to a build.`);
}
function launcher(dir, target) {
    const found = launcherIn(dir, target, (name) => (0,external_node_fs_.existsSync)(external_node_path_default().join(dir, name)));
    if (typeof found !== "string")
        return found;
    throw new InstallError(`Could not install the Cursor CLI: its package has ${found} (in ${dir}).`);
}


/***/ }),

/***/ 5474:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DH: () => (/* binding */ Mismatch),
/* harmony export */   Qq: () => (/* binding */ checkInstall),
/* harmony export */   Xx: () => (/* binding */ recordManifest),
/* harmony export */   YE: () => (/* binding */ manifestFile),
/* harmony export */   checkUnchanged: () => (/* binding */ checkUnchanged)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _tar_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8176);
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

/***/ 8176:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Sd: () => (/* binding */ MAX_ENTRIES),
/* harmony export */   Tx: () => (/* binding */ MAX_UNPACKED_BYTES),
/* harmony export */   bo: () => (/* binding */ unpackTarGz),
/* harmony export */   d8: () => (/* binding */ UnpackRefused)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8522);
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_zlib__WEBPACK_IMPORTED_MODULE_3__);
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
const BLOCK = 512;
/** Why the package is not unpacked, in a few words (the installer makes it its one line). */
class UnpackRefused extends Error {
}
const KINDS = {
    "1": "a hard link",
    "3": "a character device",
    "4": "a block device",
    "6": "a FIFO",
};
/** Unpacks `archive` into `dest` (which must not exist yet) under the rules above. */
async function unpackTarGz(archive, dest) {
    const file = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.createReadStream)(archive);
    const gunzip = file.pipe((0,node_zlib__WEBPACK_IMPORTED_MODULE_3__.createGunzip)());
    file.on("error", (e) => gunzip.destroy(e));
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(dest, { mode: 0o755 });
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.chmod)(dest, 0o755);
    try {
        await readEntries(new Blocks(gunzip[Symbol.asyncIterator]()), new Writer(dest));
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
/** Creates the entries, each only where the rules allow; the package's top directory stripped. */
class Writer {
    root;
    dirs = new Set([""]);
    links = new Set();
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
        const full = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(this.root, ...rel.split("/"));
        if (e.type === "5") {
            if (!this.dirs.has(rel))
                await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(full, { mode: 0o755 });
            this.dirs.add(rel);
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.chmod)(full, 0o755);
        }
        else if (e.type === "2") {
            this.checkLink(rel, e.link);
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.symlink)(e.link, full);
            this.links.add(rel);
        }
        else {
            // O_EXCL: never through whatever is already there (a link made by an earlier entry).
            const fh = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.open)(full, "wx", 0o600);
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
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(this.root, ...parts.slice(0, i)), { mode: 0o755 });
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.chmod)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(this.root, ...parts.slice(0, i)), 0o755);
            this.dirs.add(dir);
        }
    }
    checkLink(rel, target) {
        const inside = node_path__WEBPACK_IMPORTED_MODULE_2___default().posix.normalize(node_path__WEBPACK_IMPORTED_MODULE_2___default().posix.join(node_path__WEBPACK_IMPORTED_MODULE_2___default().posix.dirname(rel), target));
        if (target === "" ||
            target.startsWith("/") ||
            /^[A-Za-z]:|\\/.test(target) ||
            inside === ".." ||
            inside.startsWith("../")) {
            throw new UnpackRefused(`the package holds a link that leaves it (${shown(rel)} -> ${shown(target)}): only links inside are kept`);
        }
    }
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


/***/ })

};

//# sourceMappingURL=89.index.js.map