export const id = 89;
export const ids = [89];
export const modules = {

/***/ 67089:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  installAgent: () => (/* binding */ installAgent)
});

// UNUSED EXPORTS: InstallError

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/settings/install.ts
var install = __webpack_require__(88642);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
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
var errors = __webpack_require__(34758);
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
var install_manifest = __webpack_require__(25474);
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

// EXTERNAL MODULE: ./src/install/tar.ts + 1 modules
var tar = __webpack_require__(2930);
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
 * installed, and cursor-sha256 is then its manifest's. With cursor-sha256 pinned, never: the manifest
 * is a file of the cache too, and whoever can write the cache can write one that names the pin over files
 * of their own. A pin is checked against what runs, the package downloaded in this run, every run.
 */
async function fromCache(s, build, home, target, log) {
    if (!(0,external_node_fs_.existsSync)(`${home}.complete`))
        return undefined;
    if (s.sha256) {
        log(`cursor-sha256 is pinned: the tool cache's copy of ${build} is not taken on its manifest's word (anyone who can write the cache can write one); downloading it`);
        return undefined;
    }
    const check = await (0,install_manifest/* checkInstall */.Qq)(home, build);
    const where = `Cursor CLI ${build} in the tool cache (${home})`;
    if (!("manifest" in check)) {
        log(`${where} is not what was installed (${check.why}): installing it again`);
        return undefined;
    }
    const { manifest } = check;
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
    const tc = await Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(838), __webpack_require__.e(88), __webpack_require__.e(805)]).then(__webpack_require__.bind(__webpack_require__, 59805));
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


/***/ })

};

//# sourceMappingURL=89.index.js.map