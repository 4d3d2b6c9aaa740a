export const id = 232;
export const ids = [232];
export const modules = {

/***/ 88232:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  PUSH_ATTEMPTS: () => (/* binding */ PUSH_ATTEMPTS),
  deliver: () => (/* binding */ deliver)
});

// EXTERNAL MODULE: ./src/changes/named.ts
var named = __webpack_require__(42636);
;// CONCATENATED MODULE: ./src/deliver/clean.ts
/** The changed paths whose entry differs between the trees `from` and `to`, in order. */
async function conflicts(gh, from, to, paths) {
    const trees = new Map();
    const read = (sha) => {
        if (sha === undefined)
            return Promise.resolve(new Map());
        let t = trees.get(sha);
        if (!t) {
            t = gh.tree(sha).then((entries) => new Map(entries.map((e) => [e.path, e])));
            trees.set(sha, t);
        }
        return t;
    };
    const out = [];
    const walk = async (a, b, prefix, rest) => {
        if (a === b)
            return;
        const [left, right] = await Promise.all([read(a), read(b)]);
        for (const [name, below] of groupByFirst(rest)) {
            const x = left.get(name);
            const y = right.get(name);
            if (x?.sha === y?.sha && x?.mode === y?.mode)
                continue;
            if (below.includes(""))
                out.push(`${prefix}${name}`);
            const deeper = below.filter((p) => p !== "");
            if (deeper.length === 0)
                continue;
            const sub = (e) => (e?.type === "tree" ? e.sha : undefined);
            await walk(sub(x), sub(y), `${prefix}${name}/`, deeper);
        }
    };
    await walk(from, to, "", [...paths]);
    const differ = new Set(out);
    return paths.filter((p) => differ.has(p));
}
/** `a/b/c` → `a` with `b/c`; a path that ends at the name gives "". */
function groupByFirst(paths) {
    const groups = new Map();
    for (const p of paths) {
        const i = p.indexOf("/");
        const [name, rest] = i < 0 ? [p, ""] : [p.slice(0, i), p.slice(i + 1)];
        const g = groups.get(name);
        if (g)
            g.push(rest);
        else
            groups.set(name, [rest]);
    }
    return groups;
}

// EXTERNAL MODULE: ./src/deliver/problems.ts
var problems = __webpack_require__(84165);
// EXTERNAL MODULE: ./src/deliver/tree.ts
var deliver_tree = __webpack_require__(56145);
;// CONCATENATED MODULE: ./src/deliver/deliver.ts




/** A push tried this many times in all, each on the branch's head read again. */
const PUSH_ATTEMPTS = 3;
const failed = (why) => ({ kind: "failed", why });
async function deliver(gh, plan) {
    const at = { step: "read" };
    try {
        return plan.target.mode === "push" ? await push(gh, plan, at) : await pullRequest(gh, plan, at);
    }
    catch (e) {
        return failed((0,problems/* problem */.C)(at.step, e));
    }
}
async function push(gh, plan, at) {
    const { branch } = plan.target;
    if (!plan.allowDefaultBranch && branch === (await gh.defaultBranch())) {
        return failed(`deliver: push onto ${branch}, the repository's default branch, is refused; set allow-default-branch: true to allow it`);
    }
    const baseTree = await gh.commitTree(plan.base);
    if (!baseTree)
        return failed(notOnGitHub(plan.base));
    const blobs = new Map();
    for (let attempt = 1;; attempt++) {
        at.step = "read";
        const head = await gh.branchHead(branch);
        if (!head)
            return failed(`branch ${branch} is not on GitHub: nothing to push onto`);
        const on = await onto(gh, plan, baseTree, head);
        if (on.kind === "conflict")
            return failed(on.why);
        at.step = "write";
        const tree = await (0,deliver_tree/* makeTree */.T)(gh, on.tree, plan.entries, blobs);
        const commit = await gh.createCommit(plan.message, tree, head);
        if ((await gh.moveBranch(branch, commit)) === "moved")
            return { kind: "delivered", branch, commit };
        if (attempt >= PUSH_ATTEMPTS) {
            return failed(`branch ${branch} moved during each of ${PUSH_ATTEMPTS} attempts to push onto it; nothing was pushed`);
        }
    }
}
async function pullRequest(gh, plan, at) {
    const into = plan.target.branch;
    const name = plan.newBranch;
    if ((await gh.branchHead(name)) !== undefined) {
        return failed(`branch ${name} already exists: nothing is written over it (give input branch another name)`);
    }
    const baseTree = await gh.commitTree(plan.base);
    if (!baseTree)
        return failed(notOnGitHub(plan.base));
    let parent = plan.base;
    let parentTree = baseTree;
    if (plan.target.onHead) {
        const head = await gh.branchHead(into);
        if (!head)
            return failed(`branch ${into} is not on GitHub: no pull request can go into it`);
        const on = await onto(gh, { ...plan, target: { ...plan.target, branch: into } }, baseTree, head);
        if (on.kind === "conflict")
            return failed(on.why);
        parent = head;
        parentTree = on.tree;
    }
    at.step = "write";
    const tree = await (0,deliver_tree/* makeTree */.T)(gh, parentTree, plan.entries, new Map());
    const commit = await gh.createCommit(plan.message, tree, parent);
    await gh.createBranch(name, commit);
    at.step = "pull";
    try {
        const pull = await gh.createPull(name, into, plan.title, plan.body);
        return { kind: "delivered", branch: name, commit, pull };
    }
    catch (e) {
        return failed(`${(0,problems/* problem */.C)("pull", e)}; the commit ${commit} is on branch ${name}`);
    }
}
/** The tree to make the commit on: `head`'s, when the changes apply there cleanly. */
async function onto(gh, plan, baseTree, head) {
    if (head === plan.base)
        return { kind: "tree", tree: baseTree };
    const headTree = await gh.commitTree(head);
    if (!headTree)
        return { kind: "conflict", why: notOnGitHub(head) };
    const paths = plan.entries.map((e) => e.path);
    const both = await conflicts(gh, baseTree, headTree, paths);
    if (both.length === 0)
        return { kind: "tree", tree: headTree };
    return {
        kind: "conflict",
        why: `branch ${plan.target.branch} is at ${head}, not at ${plan.base} where the agent started, and the changes do not apply there cleanly (changed on both: ${(0,named/* named */.K)(both)}); nothing was delivered, the patch is kept`,
    };
}
const notOnGitHub = (sha) => `commit ${sha} is not on GitHub (a commit made in the job before the agent?): there is nothing to build on`;


/***/ })

};

//# sourceMappingURL=232.index.js.map