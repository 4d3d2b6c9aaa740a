/**
 * What a delivery comes to, as the rest of the run sees it (pure): the four outputs, one line of plain text
 * (the log; the job summary makes it inert), and whether it fails the step.
 */
import type { Delivery } from "./deliver.js";

export interface Delivered {
  outputs: {
    branch: string;
    "commit-sha": string;
    "pull-request-number": string;
    "pull-request-url": string;
  };
  /** One line: the pull request or the commit, or why nothing was delivered. */
  line: string;
  /** A refusal or a failure: the step fails (unless `fail-on-error: false`). Nothing to deliver is not one. */
  failed: boolean;
  /** The pull request, for the job summary's link. */
  pull?: { number: number; url: string };
}

const NONE: Delivered["outputs"] = {
  branch: "",
  "commit-sha": "",
  "pull-request-number": "",
  "pull-request-url": "",
};

export function notDelivered(why: string, failed: boolean): Delivered {
  return { outputs: NONE, line: `Nothing delivered: ${why}.`, failed };
}

export function outcomeOf(done: Delivery): Delivered {
  if (done.kind === "failed") return notDelivered(done.why, true);
  const pull = done.pull;
  return {
    outputs: {
      branch: done.branch,
      "commit-sha": done.commit,
      "pull-request-number": pull ? String(pull.number) : "",
      "pull-request-url": pull?.url ?? "",
    },
    line: pull
      ? `Delivered: pull request #${pull.number} from branch ${done.branch} (commit ${done.commit}): ${pull.url}`
      : `Delivered: commit ${done.commit} pushed onto branch ${done.branch}.`,
    failed: false,
    pull,
  };
}
