/**
 * The delivery itself, once it is known what goes where (./gate.ts, ./target.ts): one commit made through
 * GitHub's git data API, then the branch moved onto it (`push`) or a new branch and a pull request
 * (`pull-request`). Never a force: a branch that moved is written only when the changes apply cleanly on
 * its new head (./clean.ts), and a push that GitHub refuses as not a fast-forward (someone pushed between
 * our read and our write) is read again and tried again, {@link PUSH_ATTEMPTS} times in all. Whatever
 * fails, it fails in one line, and the patch and the report stay as they are.
 */
import type { DeliveryEntry } from "../changes/entries.js";
import { named } from "../changes/named.js";
import type { GitData } from "../github/git-data.js";
import { conflicts } from "./clean.js";
import { problem, type Step } from "./problems.js";
import type { Target } from "./target.js";
import { type Blobs, makeTree } from "./tree.js";

/** A push tried this many times in all, each on the branch's head read again. */
export const PUSH_ATTEMPTS = 3;

export interface Plan {
  target: Target;
  /** The commit checked out before the agent: what the changes are changes of. */
  base: string;
  entries: readonly DeliveryEntry[];
  /** `pull-request`: the new branch. */
  newBranch: string;
  allowDefaultBranch: boolean;
  message: string;
  title: string;
  body: string;
}

export type Delivery =
  | { kind: "delivered"; branch: string; commit: string; pull?: { number: number; url: string } }
  | { kind: "failed"; why: string };

const failed = (why: string): Delivery => ({ kind: "failed", why });

export async function deliver(gh: GitData, plan: Plan): Promise<Delivery> {
  const at = { step: "read" as Step };
  try {
    return plan.target.mode === "push" ? await push(gh, plan, at) : await pullRequest(gh, plan, at);
  } catch (e) {
    return failed(problem(at.step, e));
  }
}

async function push(gh: GitData, plan: Plan, at: { step: Step }): Promise<Delivery> {
  const { branch } = plan.target;
  if (!plan.allowDefaultBranch && branch === (await gh.defaultBranch())) {
    return failed(
      `deliver: push onto ${branch}, the repository's default branch, is refused; set allow-default-branch: true to allow it`,
    );
  }
  const baseTree = await gh.commitTree(plan.base);
  if (!baseTree) return failed(notOnGitHub(plan.base));
  const blobs: Blobs = new Map();
  for (let attempt = 1; ; attempt++) {
    at.step = "read";
    const head = await gh.branchHead(branch);
    if (!head) return failed(`branch ${branch} is not on GitHub: nothing to push onto`);
    const on = await onto(gh, plan, baseTree, head);
    if (on.kind === "conflict") return failed(on.why);
    at.step = "write";
    const tree = await makeTree(gh, on.tree, plan.entries, blobs);
    const commit = await gh.createCommit(plan.message, tree, head);
    if ((await gh.moveBranch(branch, commit)) === "moved") return { kind: "delivered", branch, commit };
    if (attempt >= PUSH_ATTEMPTS) {
      return failed(
        `branch ${branch} moved during each of ${PUSH_ATTEMPTS} attempts to push onto it; nothing was pushed`,
      );
    }
  }
}

async function pullRequest(gh: GitData, plan: Plan, at: { step: Step }): Promise<Delivery> {
  const into = plan.target.branch;
  const name = plan.newBranch;
  if ((await gh.branchHead(name)) !== undefined) {
    return failed(
      `branch ${name} already exists: nothing is written over it (give input branch another name)`,
    );
  }
  const baseTree = await gh.commitTree(plan.base);
  if (!baseTree) return failed(notOnGitHub(plan.base));
  let parent = plan.base;
  let parentTree = baseTree;
  if (plan.target.onHead) {
    const head = await gh.branchHead(into);
    if (!head) return failed(`branch ${into} is not on GitHub: no pull request can go into it`);
    const on = await onto(gh, { ...plan, target: { ...plan.target, branch: into } }, baseTree, head);
    if (on.kind === "conflict") return failed(on.why);
    parent = head;
    parentTree = on.tree;
  }
  at.step = "write";
  const tree = await makeTree(gh, parentTree, plan.entries, new Map());
  const commit = await gh.createCommit(plan.message, tree, parent);
  await gh.createBranch(name, commit);
  at.step = "pull";
  try {
    const pull = await gh.createPull(name, into, plan.title, plan.body);
    return { kind: "delivered", branch: name, commit, pull };
  } catch (e) {
    return failed(`${problem("pull", e)}; the commit ${commit} is on branch ${name}`);
  }
}

type Onto = { kind: "tree"; tree: string } | { kind: "conflict"; why: string };

/** The tree to make the commit on: `head`'s, when the changes apply there cleanly. */
async function onto(gh: GitData, plan: Plan, baseTree: string, head: string): Promise<Onto> {
  if (head === plan.base) return { kind: "tree", tree: baseTree };
  const headTree = await gh.commitTree(head);
  if (!headTree) return { kind: "conflict", why: notOnGitHub(head) };
  const paths = plan.entries.map((e) => e.path);
  const both = await conflicts(gh, baseTree, headTree, paths);
  if (both.length === 0) return { kind: "tree", tree: headTree };
  return {
    kind: "conflict",
    why: `branch ${plan.target.branch} is at ${head}, not at ${plan.base} where the agent started, and the changes do not apply there cleanly (changed on both: ${named(both)}); nothing was delivered, the patch is kept`,
  };
}

const notOnGitHub = (sha: string) =>
  `commit ${sha} is not on GitHub (a commit made in the job before the agent?): there is nothing to build on`;
