/**
 * Where a delivery goes, from the event alone (pure): the branch that was checked out (on an event about a
 * pull request, its head branch), and whether the commit is to be made on that branch's current head
 * rather than on the commit checked out.
 *
 * On a pull request the checkout is usually GitHub's merge commit (`refs/pull/N/merge`, actions/checkout's
 * default), which is on no branch: a commit on top of it would carry the merge of the base into the
 * head. So on a pull request the commit is always made on the head branch's current head, under the same
 * rule as a branch that moved (./clean.ts): every changed path must be as it is in the checked-out commit.
 */
import type { RunContext } from "../github/context.js";
import type { DeliverSettings } from "../settings/deliver.js";

export interface Target {
  mode: "pull-request" | "push";
  /** The branch that was checked out: `push` commits onto it, `pull-request` opens its pull request into it. */
  branch: string;
  /** The commit goes on `branch`'s current head (a pull request's head), not on the checked-out commit. */
  onHead: boolean;
}

export type Targeted = { kind: "target"; target: Target } | { kind: "refused"; why: string };

export function chooseTarget(settings: DeliverSettings, context: RunContext): Targeted {
  const mode = settings.mode;
  if (mode === "none") return { kind: "refused", why: "deliver is none" };
  const pr = context.pullRequest;
  if (pr && !pr.headUnknown) {
    if (pr.fromFork !== false) {
      return {
        kind: "refused",
        why: `pull request #${pr.issue}'s branch is in a fork: nothing is delivered to a fork's branch`,
      };
    }
    const head = pr.head?.ref;
    if (!head)
      return { kind: "refused", why: `the event does not name pull request #${pr.issue}'s head branch` };
    return { kind: "target", target: { mode, branch: head, onHead: true } };
  }
  const ref = context.ref ?? "";
  if (!ref.startsWith("refs/heads/")) {
    return {
      kind: "refused",
      why: `the run's ref ${JSON.stringify(ref)} is not a branch: there is no branch to deliver to`,
    };
  }
  // A comment on a pull request whose head could not be asked of GitHub (run/deliver.ts asks) stays here:
  // the run's own branch (GITHUB_REF, the default branch), under the default branch's rule.
  return {
    kind: "target",
    target: { mode, branch: ref.slice("refs/heads/".length), onHead: mode === "push" },
  };
}
