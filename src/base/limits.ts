/**
 * The sizes the action keeps to, each in one place. GitHub's own limits are in docs/runner.md.
 */

/** The most GitHub takes in one comment or review body, in characters (UTF-16 units); over it: 422. */
export const GITHUB_BODY_CHARS = 65_536;

/** Room left in a comment body for the hidden marker the caller puts before the report. */
export const COMMENT_MARKER_ROOM = 512;

/** A step's job summary: 1 MiB, dropped whole above that (the runner's limit, in bytes). */
export const SUMMARY_MAX_BYTES = 1024 * 1024;

/**
 * Text kept past a cut before redaction, so that a secret straddling the cut is still whole when the
 * redactor sees it: a cut made after redaction can never leave half a secret behind.
 */
export const SECRET_MARGIN = 4 * 1024;

/**
 * Linux refuses a single argument over 128 KiB (MAX_ARG_STRLEN) with E2BIG, and the agent takes its
 * prompt as an argument: say so up front instead of failing to spawn.
 */
export const MAX_PROMPT_BYTES = 128 * 1024 - 1;

/**
 * How deep the agent's text may nest (markdown quotes and lists, a JSON block) or a schema, before the
 * recursive parsers and walkers that read it (marked, ajv, JSON.stringify) could overflow the stack:
 * deeper than any real text or schema goes.
 */
export const MAX_NESTING_DEPTH = 64;

/** Diff text kept over all files of the change summary: twice the job summary's 1 MiB, the largest report there is. */
export const CHANGE_SUMMARY_DIFF_CHARS = 2 * 1024 * 1024;

/**
 * HEAD's content held at once by the change summary: a batch of the end's (changes/head-batches.ts), or
 * what the agent's exit reads when all of its files' content is at most this much (changes/at-exit.ts).
 */
export const HEAD_BYTES_AT_ONCE = 2 * 1024 * 1024;

/**
 * The agent's changes as one patch (output `patch-file`): at most this many bytes. A run that changed more
 * (a generated tree, a model's weights) gets no patch and a notice; the change summary still lists it.
 * GitHub refuses a blob over 100 MiB, and a commit made through its API carries the contents base64 in
 * one request: a delivery of more would fail there anyway.
 */
export const MAX_PATCH_BYTES = 64 * 1024 * 1024;

/**
 * One delivery (src/deliver/) carries at most this many changed files and this many bytes of their
 * content: each is held in memory, sent to GitHub in a request (base64 for a binary file), and a file sent
 * as a blob is one write, which octokit paces at one a second (docs/delivery.md). GitHub's own limit is a
 * blob of 100 MiB; past these the delivery is refused and the patch is kept.
 */
export const MAX_DELIVERY_FILES = 1_000;
export const MAX_DELIVERY_BYTES = 32 * 1024 * 1024;

/**
 * A file whose content is UTF-8 text of at most this many bytes goes into the tree request itself (no blob
 * of its own, so no write of its own); a larger or binary one is a blob.
 */
export const DELIVERY_INLINE_BYTES = 256 * 1024;

/** Files a delivery sends as blobs of their own, at most (a write each, a second apart). */
export const MAX_DELIVERY_BLOBS = 100;

/** The agent's final message in a delivery's commit message, at most (characters, cut after redaction). */
export const COMMIT_MESSAGE_CHARS = 16 * 1024;

/**
 * Conversation mode's task (src/conversation/task.ts), each part capped before it is put together: the
 * request, the issue's or pull request's title and body, and each earlier comment, at most
 * CONVERSATION_TEXT_CHARS characters; a review comment's diff hunk at most CONVERSATION_HUNK_CHARS, its
 * end kept (the line asked about); the latest CONVERSATION_COMMENTS earlier comments by people with write
 * access; the first CONVERSATION_FILES changed files' names; and the whole task at most
 * CONVERSATION_TASK_BYTES of UTF-8 (with the workflow's prompt, never more than MAX_PROMPT_BYTES).
 */
export const CONVERSATION_TEXT_CHARS = 8_000;
export const CONVERSATION_HUNK_CHARS = 4_000;
export const CONVERSATION_COMMENTS = 20;
export const CONVERSATION_FILES = 100;
export const CONVERSATION_TASK_BYTES = 64 * 1024;

/**
 * The requests one conversation run answers at most (docs/conversation.md "No request lost"): its own and
 * the oldest of those no answer has named yet; the rest wait for the next run (the answer says how many).
 */
export const CONVERSATION_REQUESTS = 10;

/**
 * How far before a run's own request it looks for requests not answered yet (hours, by GitHub's times): a
 * run that gave way to a newer one waited behind the one running (a job runs 6 hours at most on GitHub's
 * runners), and older mentions of the phrase (from before the action answered here) are not taken up.
 */
export const CONVERSATION_PENDING_HOURS = 24;
