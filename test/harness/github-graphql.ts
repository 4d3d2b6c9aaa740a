/**
 * GitHub's GraphQL endpoint over the stored repositories. Every document is parsed and validated against
 * GitHub's published schema (@octokit/graphql-schema) before anything runs, so a misspelled field or an
 * argument GitHub does not take is refused as GitHub refuses it (HTTP 200, `errors`). What runs is a
 * small, real part of the schema: `viewer`, `repository` (its id, refs and their commits), `node` for a
 * ref, and `createCommitOnBranch`, which commits in the bare repository with git plumbing and moves the
 * branch only from `expectedHeadOid` (compare-and-swap). Fields the stand-in does not model resolve to
 * null, which the schema turns into an error wherever GitHub promises a value: never a silent guess.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildClientSchema, execute, type GraphQLError, type GraphQLSchema, parse, validate } from "graphql";
import type { RecordedRequest } from "./github-api.js";
import {
  type GitHubGit,
  type MountContext,
  type RouteResult,
  refNodeId,
  type StoredRepository,
} from "./github-git.js";
import { createCommitOnBranch } from "./github-graphql-commit.js";

let schema: GraphQLSchema | undefined;

/** GitHub's schema, built once per process from the published SDL. */
export function githubSchema(): GraphQLSchema {
  if (!schema) {
    // The introspection form, as the package's own validator builds it: its SDL form defines two fields
    // of EnterpriseOwnerInfo twice, which graphql-js refuses to build.
    const entry = fileURLToPath(import.meta.resolve("@octokit/graphql-schema"));
    const json = JSON.parse(readFileSync(path.join(path.dirname(entry), "schema.json"), "utf8"));
    schema = buildClientSchema(json.data ?? json);
  }
  return schema;
}

/** An error GitHub reports with a `type` (NOT_FOUND, FORBIDDEN, STALE_DATA, UNPROCESSABLE). */
export class TypedError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** A validation error as GitHub words the commonest one, graphql-js's own words otherwise. */
function validationError(error: GraphQLError) {
  const locations = error.locations ?? [];
  const m = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(error.message);
  if (m) {
    return {
      extensions: { code: "undefinedField", typeName: m[2], fieldName: m[1] },
      locations,
      message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`,
    };
  }
  return { extensions: { code: "validationError" }, locations, message: error.message };
}

function executionError(error: GraphQLError) {
  const type = error.originalError instanceof TypedError ? error.originalError.type : undefined;
  return { ...(type ? { type } : {}), path: error.path, locations: error.locations, message: error.message };
}

/** A commit as GraphQL's `Commit` shows it, read from the repository (parents resolved when asked). */
export function commitNode(repo: StoredRepository, sha: string): Record<string, unknown> {
  const c = repo.git.readCommit(sha);
  const v = repo.git.verification(sha);
  const message = c.message.replace(/\n$/, "");
  const split = message.indexOf("\n\n");
  const person = (p: { name: string; email: string; date: string }) => ({ ...p, user: null });
  return {
    __typename: "Commit",
    id: Buffer.from(`06:Commit${repo.id}:${sha}`).toString("base64"),
    oid: sha,
    abbreviatedOid: sha.slice(0, 7),
    message,
    messageHeadline: split === -1 ? message.split("\n")[0] : message.slice(0, split),
    messageBody: split === -1 ? "" : message.slice(split + 2),
    url: `https://github.com/${repo.fullName}/commit/${sha}`,
    commitUrl: `https://github.com/${repo.fullName}/commit/${sha}`,
    authoredDate: c.author.date,
    committedDate: c.committer.date,
    author: person(c.author),
    committer: person(c.committer),
    tree: {
      __typename: "Tree",
      oid: c.tree,
      id: Buffer.from(`04:Tree${repo.id}:${c.tree}`).toString("base64"),
    },
    parents: ({ first }: { first?: number }) => {
      const nodes = c.parents.slice(0, first ?? 100).map((p) => commitNode(repo, p));
      return { totalCount: c.parents.length, nodes, edges: nodes.map((node) => ({ node })) };
    },
    signature: c.signature
      ? {
          __typename: "SshSignature",
          email: c.committer.email,
          isValid: v.verified,
          state: v.verified ? "VALID" : "UNKNOWN_KEY",
          signature: c.signature,
          payload: c.payload,
          signer: null,
          verifiedAt: v.verified_at,
          wasSignedByGitHub: v.verified,
        }
      : null,
  };
}

/** GraphQL's `Ref`: a branch or tag, its commit, its repository. */
export function refNode(store: GitHubGit, repo: StoredRepository, ref: string): Record<string, unknown> {
  const slash = ref.startsWith("refs/heads/") || ref.startsWith("refs/tags/") ? ref.indexOf("/", 5) + 1 : 0;
  return {
    __typename: "Ref",
    id: refNodeId(repo, ref),
    name: ref.slice(slash),
    prefix: ref.slice(0, slash),
    target: () => {
      const sha = repo.git.refSha(ref);
      return sha ? commitNode(repo, sha) : null;
    },
    repository: () => repositoryNode(store, repo),
  };
}

/** GraphQL's `Repository`, with the fields a delivery needs to find ids and heads. */
export function repositoryNode(store: GitHubGit, repo: StoredRepository): Record<string, unknown> {
  const ref = (qualifiedName: string) => {
    const candidates = qualifiedName.startsWith("refs/")
      ? [qualifiedName]
      : [`refs/heads/${qualifiedName}`, `refs/tags/${qualifiedName}`];
    const found = candidates.find((name) => repo.git.refSha(name) !== undefined);
    return found ? refNode(store, repo, found) : null;
  };
  return {
    __typename: "Repository",
    id: repo.nodeId,
    databaseId: repo.id,
    name: repo.name,
    nameWithOwner: repo.fullName,
    url: `https://github.com/${repo.fullName}`,
    isFork: repo.parent !== undefined,
    owner: {
      __typename: "User",
      login: repo.owner,
      id: Buffer.from(`04:User${repo.owner}`).toString("base64"),
    },
    parent: () => (repo.parent ? repositoryNode(store, repo.parent) : null),
    defaultBranchRef: () => ref(repo.defaultBranch),
    ref: ({ qualifiedName }: { qualifiedName: string }) => ref(qualifiedName),
    viewerPermission: store.permissions.contents === "write" ? "WRITE" : "READ",
  };
}

/** Answers `POST /graphql`: 200 with `data` and/or `errors`, as GitHub does. */
export function graphqlRoute(store: GitHubGit, request: RecordedRequest, ctx: MountContext): RouteResult {
  const body = (request.body ?? {}) as {
    query?: unknown;
    variables?: Record<string, unknown>;
    operationName?: string;
  };
  if (typeof body.query !== "string") {
    return {
      status: 200,
      json: { errors: [{ message: "A query attribute must be specified and must be a string." }] },
    };
  }
  let document: ReturnType<typeof parse>;
  try {
    document = parse(body.query);
  } catch (error) {
    const e = error as GraphQLError;
    return { status: 200, json: { errors: [{ message: e.message, locations: e.locations ?? [] }] } };
  }
  const invalid = validate(githubSchema(), document);
  if (invalid.length > 0) return { status: 200, json: { errors: invalid.map(validationError) } };
  const user = ctx.user() as { login: string; id: number; node_id: string };
  const notFound = (owner: string, name: string) =>
    new TypedError("NOT_FOUND", `Could not resolve to a Repository with the name '${owner}/${name}'.`);
  const rootValue = {
    viewer: { __typename: "User", login: user.login, id: user.node_id, databaseId: user.id, name: null },
    repository: ({ owner, name }: { owner: string; name: string }) => {
      const repo = store.repository(`${owner}/${name}`);
      if (!repo) throw notFound(owner, name);
      return repositoryNode(store, repo);
    },
    node: ({ id }: { id: string }) => {
      const found = store.refById(id);
      return found ? refNode(store, found.repo, found.ref) : null;
    },
    createCommitOnBranch: ({ input }: { input: Record<string, unknown> }) =>
      createCommitOnBranch(store, ctx, input as never),
  };
  const result = execute({
    schema: githubSchema(),
    document,
    rootValue,
    variableValues: body.variables ?? {},
    operationName: body.operationName,
  }) as { data?: unknown; errors?: readonly GraphQLError[] };
  if ("then" in result) throw new Error("the stand-in's resolvers are synchronous");
  return {
    status: 200,
    json: {
      ...(result.data !== undefined ? { data: result.data } : {}),
      ...(result.errors ? { errors: result.errors.map(executionError) } : {}),
    },
  };
}
