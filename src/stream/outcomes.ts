/**
 * The outcome vocabulary: every key a tool call's `result` may hold as its outcome, and what each one says
 * happened. The one table: the stream reads it to tell the outcome from the metadata beside it (`pid`,
 * `sandboxPolicy`, in any order), src/tools/ to say what the call did (docs/stream-format.md "Outcomes").
 * The CLI adds keys as it adds tools; a key not here is an unknown outcome, never taken for an error.
 */

/**
 * What an outcome says of the call. `pending`: neither success nor failure (accepted, handed off, still
 * running); `needs-approval`: it waits for an approval a headless run cannot give; `failed`: the tool ran
 * and what it acted on said no; `errored`: the tool itself could not work (it broke, was not found, timed
 * out, or its sandbox or disk could not have it).
 */
export type OutcomeMeaning = "succeeded" | "pending" | "needs-approval" | "rejected" | "failed" | "errored";

export interface KnownOutcome {
  means: OutcomeMeaning;
  /** A few words for a reader, when the value itself says nothing more. */
  words: string;
}

const table = {
  success: { means: "succeeded", words: "done" },
  complete: { means: "succeeded", words: "complete" },
  registered: { means: "succeeded", words: "registered" },
  startSuccess: { means: "succeeded", words: "started" },
  saveSuccess: { means: "succeeded", words: "saved" },
  discardSuccess: { means: "succeeded", words: "discarded" },
  approved: { means: "pending", words: "approved" },
  async: { means: "pending", words: "running in the background" },
  stillRunning: { means: "pending", words: "still running" },
  needsConfirmation: { means: "needs-approval", words: "needs approval" },
  rejected: { means: "rejected", words: "rejected" },
  failure: { means: "failed", words: "failed" },
  permissionDenied: { means: "failed", words: "permission denied" },
  readPermissionDenied: { means: "failed", words: "read permission denied" },
  writePermissionDenied: { means: "failed", words: "write permission denied" },
  fileNotFound: { means: "failed", words: "file not found" },
  notFound: { means: "failed", words: "not found" },
  notFile: { means: "failed", words: "not a file" },
  invalidFile: { means: "failed", words: "invalid file" },
  fileBusy: { means: "failed", words: "file busy" },
  error: { means: "errored", words: "error" },
  spawnError: { means: "errored", words: "could not start" },
  timeout: { means: "errored", words: "timed out" },
  noSpace: { means: "errored", words: "no space left" },
  sandboxUnsupported: { means: "errored", words: "sandbox unsupported" },
  serverNotFound: { means: "errored", words: "MCP server not found" },
  toolNotFound: { means: "errored", words: "tool not found" },
} as const satisfies Record<string, KnownOutcome>;

export type OutcomeKey = keyof typeof table;

/** Every outcome key the action knows, with its meaning. */
export const OUTCOMES: Readonly<Record<OutcomeKey, KnownOutcome>> = table;

/** The key's entry; undefined for a key the action does not know (or one of Object's own names). */
export function knownOutcome(key: string): KnownOutcome | undefined {
  return Object.hasOwn(table, key) ? OUTCOMES[key as OutcomeKey] : undefined;
}
