/**
 * The repositories behind the GitHub stand-in, stored for real: each is a bare git repository (cloned
 * from a working checkout the test made), and every write the API makes is git plumbing on it (blobs by
 * `hash-object`, trees through a temporary index, commits by `commit-tree`, refs by `update-ref` with the
 * old value, so a branch that moved is a refused update, never a lost commit). A test reads the result
 * back with git from `dir`, not from anything the stand-in remembers.
 *
 * GitHub signs the commits it makes itself (the web-flow key); here they are signed with an SSH key made
 * for the store (git's `gpg.format=ssh`), so "verified" is what `git verify-commit` says of the stored
 * object, and a commit made any other way (a teammate's push) is unsigned, as it would be.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const ZERO_OID = "0".repeat(40);

/** A person as a commit names one, with the commit's time (ISO, seconds). */
export interface GitPerson {
  name: string;
  email: string;
  date?: string;
}

export interface TreeEntry {
  mode: string;
  type: "blob" | "tree" | "commit";
  sha: string;
  path: string;
  /** Blobs only. */
  size?: number;
}

/** A change to a tree: a blob's or tree's or submodule's sha at `path`, or `sha: null` to delete it. */
export interface TreeChange {
  path: string;
  mode: string;
  sha: string | null;
}

export interface ParsedCommit {
  sha: string;
  tree: string;
  parents: string[];
  author: Required<GitPerson>;
  committer: Required<GitPerson>;
  message: string;
  /** The armored signature, when the commit carries one. */
  signature?: string;
  /** The commit as signed: the object without its signature header. */
  payload: string;
}

export interface Verification {
  verified: boolean;
  reason: string;
  signature: string | null;
  payload: string | null;
  verified_at: string | null;
}

/** The key GitHub's own commits are signed with, here made per store. */
export interface Signer {
  keyFile: string;
  allowedSigners: string;
}

/** A fresh ed25519 key in `dir`, and the allowed-signers file that trusts it for git. */
export function makeSigner(dir: string): Signer {
  const keyFile = path.join(dir, "web-flow");
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "web-flow", "-f", keyFile]);
  const allowedSigners = path.join(dir, "allowed_signers");
  const publicKey = readFileSync(`${keyFile}.pub`, "utf8").trim();
  writeFileSync(allowedSigners, `noreply@github.com namespaces="git" ${publicKey}\n`);
  return { keyFile, allowedSigners };
}

/** A bare repository and the plumbing the API's writes are made of. */
export class BareRepo {
  constructor(
    readonly dir: string,
    private readonly signer: Signer,
  ) {}

  /** A bare clone of the working checkout `from` (its local branches become the branches). */
  static cloneFrom(from: string, dir: string, signer: Signer): BareRepo {
    execFileSync("git", ["clone", "-q", "--bare", "--no-local", from, dir]);
    const repo = new BareRepo(dir, signer);
    repo.git("remote", "remove", "origin");
    return repo;
  }

  git(...args: string[]): string {
    return this.gitRaw(args).toString("utf8").replace(/\n$/, "");
  }

  gitRaw(args: string[], options: { input?: Buffer | string; env?: Record<string, string> } = {}): Buffer {
    return execFileSync("git", ["-c", "core.hooksPath=/dev/null", ...args], {
      cwd: this.dir,
      input: options.input,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
      maxBuffer: 256 * 1024 * 1024,
    });
  }

  /** `blob`, `tree`, `commit`, `tag`, or undefined when there is no such object. */
  typeOf(sha: string): string | undefined {
    if (!/^[0-9a-f]{40}$/.test(sha)) return undefined;
    try {
      return this.git("cat-file", "-t", sha);
    } catch {
      return undefined;
    }
  }

  writeBlob(content: Buffer): string {
    return this.gitRaw(["hash-object", "-w", "--stdin"], { input: content }).toString("utf8").trim();
  }

  readBlob(sha: string): Buffer {
    return this.gitRaw(["cat-file", "blob", sha]);
  }

  /** The commit a branch points at, or undefined when there is no such branch. */
  head(branch: string): string | undefined {
    return this.refSha(`refs/heads/${branch}`);
  }

  refSha(ref: string): string | undefined {
    try {
      return this.git("rev-parse", "--verify", "--quiet", `${ref}^{}`);
    } catch {
      return undefined;
    }
  }

  /** Full ref names under `prefix` (e.g. `refs/heads/`) and their commits, sorted. */
  refs(prefix = "refs/"): { ref: string; sha: string }[] {
    const out = this.git("for-each-ref", "--format=%(refname) %(objectname)", prefix);
    return out === ""
      ? []
      : out.split("\n").map((line) => {
          const [ref, sha] = line.split(" ") as [string, string];
          return { ref, sha };
        });
  }

  /**
   * Moves `ref` to `sha` only if it is still at `old` (`ZERO_OID`: only if it does not exist yet); false
   * when it was not, so a caller never overwrites what someone else wrote meanwhile.
   */
  updateRef(ref: string, sha: string, old: string): boolean {
    try {
      this.git("update-ref", ref, sha, old);
      return true;
    } catch {
      return false;
    }
  }

  deleteRef(ref: string, old: string): boolean {
    try {
      this.git("update-ref", "-d", ref, old);
      return true;
    } catch {
      return false;
    }
  }

  isAncestor(ancestor: string, of: string): boolean {
    try {
      this.git("merge-base", "--is-ancestor", ancestor, of);
      return true;
    } catch {
      return false;
    }
  }

  /** The entries of a tree-ish, one level or (`recursive`) every blob and subtree. */
  lsTree(treeish: string, recursive = false): TreeEntry[] {
    const args = ["ls-tree", "-z", "-l", ...(recursive ? ["-r", "-t"] : []), treeish];
    const out = this.gitRaw(args).toString("utf8");
    return out
      .split("\0")
      .filter(Boolean)
      .map((line) => {
        const tab = line.indexOf("\t");
        const [mode, type, sha, size] = line.slice(0, tab).split(/\s+/) as [string, string, string, string];
        const entry: TreeEntry = { mode, type: type as TreeEntry["type"], sha, path: line.slice(tab + 1) };
        if (type === "blob") entry.size = Number(size);
        return entry;
      });
  }

  /**
   * A new tree: `base` (a tree, or none for an empty one) with `changes` applied, built in a temporary
   * index so that nested paths, whole subtrees (mode 040000) and deletions all go through git itself.
   */
  writeTree(base: string | undefined, changes: TreeChange[]): string {
    const scratch = mkdtempSync(path.join(tmpdir(), "stand-in-index-"));
    const env = { GIT_INDEX_FILE: path.join(scratch, "index"), GIT_LITERAL_PATHSPECS: "1" };
    try {
      const run = (args: string[], input?: string) => this.gitRaw(args, { env, input }).toString("utf8");
      run(base ? ["read-tree", base] : ["read-tree", "--empty"]);
      for (const change of changes) {
        const under = run(["ls-files", "-z", "--", change.path])
          .split("\0")
          .filter((p) => p === change.path || p.startsWith(`${change.path}/`));
        if (under.length > 0) {
          run(["update-index", "-z", "--index-info"], under.map((p) => `0 ${ZERO_OID}\t${p}\0`).join(""));
        }
        if (change.sha === null) continue;
        if (change.mode === "040000") run(["read-tree", `--prefix=${change.path}/`, change.sha]);
        else {
          run(
            ["update-index", "-z", "--add", "--replace", "--index-info"],
            `${change.mode} ${change.sha}\t${change.path}\0`,
          );
        }
      }
      return run(["write-tree"]).trim();
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  /** A commit of `tree` on `parents`, signed with the store's key when `sign` (as GitHub signs its own). */
  writeCommit(input: {
    tree: string;
    parents: string[];
    message: string;
    author: GitPerson;
    committer: GitPerson;
    sign: boolean;
  }): string {
    const now = new Date().toISOString();
    const env = {
      GIT_AUTHOR_NAME: input.author.name,
      GIT_AUTHOR_EMAIL: input.author.email,
      GIT_AUTHOR_DATE: input.author.date ?? now,
      GIT_COMMITTER_NAME: input.committer.name,
      GIT_COMMITTER_EMAIL: input.committer.email,
      GIT_COMMITTER_DATE: input.committer.date ?? now,
    };
    const signing = input.sign
      ? ["-c", "gpg.format=ssh", "-c", `user.signingkey=${this.signer.keyFile}`]
      : ["-c", "commit.gpgsign=false"];
    const args = [
      ...signing,
      "commit-tree",
      input.sign ? "-S" : "--no-gpg-sign",
      ...input.parents.flatMap((p) => ["-p", p]),
      "-F",
      "-",
      input.tree,
    ];
    return this.gitRaw(args, { env, input: input.message }).toString("utf8").trim();
  }

  /** A commit object read back from the repository: its headers, message, and signature if any. */
  readCommit(sha: string): ParsedCommit {
    const raw = this.gitRaw(["cat-file", "commit", sha]).toString("utf8");
    const split = raw.indexOf("\n\n");
    const head = raw.slice(0, split === -1 ? raw.length : split).split("\n");
    const message = split === -1 ? "" : raw.slice(split + 2);
    const parents: string[] = [];
    const kept: string[] = [];
    let tree = "";
    let author = "";
    let committer = "";
    let signature: string[] | undefined;
    let inSignature = false;
    for (const line of head) {
      if (line.startsWith(" ") && inSignature) {
        signature!.push(line.slice(1));
        continue;
      }
      inSignature = false;
      const [key, ...rest] = line.split(" ");
      const value = rest.join(" ");
      if (key === "gpgsig") {
        signature = [value];
        inSignature = true;
        continue;
      }
      kept.push(line);
      if (key === "tree") tree = value;
      else if (key === "parent") parents.push(value);
      else if (key === "author") author = value;
      else if (key === "committer") committer = value;
    }
    const payload = `${kept.join("\n")}\n\n${message}`;
    return {
      sha,
      tree,
      parents,
      author: person(author),
      committer: person(committer),
      message,
      signature: signature?.join("\n"),
      payload,
    };
  }

  /** GitHub's `verification` of a stored commit: what git says of its signature against the store's key. */
  verification(sha: string): Verification {
    const commit = this.readCommit(sha);
    if (!commit.signature) {
      return { verified: false, reason: "unsigned", signature: null, payload: null, verified_at: null };
    }
    let verified = true;
    try {
      this.gitRaw(["-c", `gpg.ssh.allowedSignersFile=${this.signer.allowedSigners}`, "verify-commit", sha]);
    } catch {
      verified = false;
    }
    return {
      verified,
      reason: verified ? "valid" : "unknown_key",
      signature: commit.signature,
      payload: commit.payload,
      verified_at: verified ? commit.committer.date : null,
    };
  }
}

/** `Name <email> 1700000000 +0000` as GitHub shows a person: name, email, ISO date in UTC. */
function person(line: string): Required<GitPerson> {
  const m = /^(.*) <([^>]*)> (\d+) ([+-]\d{4})$/.exec(line);
  if (!m) return { name: line, email: "", date: new Date(0).toISOString() };
  const date = new Date(Number(m[3]) * 1000).toISOString().replace(/\.\d+Z$/, "Z");
  return { name: m[1]!, email: m[2]!, date };
}
