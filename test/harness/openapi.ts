/**
 * GitHub's own API description (`@octokit/openapi`, api.github.com) as the judge of the stand-in: every
 * request the action makes and every response the stand-in gives is checked against the operation's
 * schema, with a real JSON-Schema validator (ajv).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";
import type { RecordedRequest } from "./github-api.js";

type Doc = { paths: Record<string, Record<string, Operation>> };
type Operation = {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
};

let parsed: Doc | undefined;
let loaded: { doc: Doc; ajv: Ajv; routes: { re: RegExp; path: string }[] } | undefined;

/** The description as published: enough for the examples (the stand-in's answers). */
function read(): Doc {
  if (parsed) return parsed;
  const file = createRequire(import.meta.url).resolve("@octokit/openapi/generated/api.github.com.json");
  parsed = JSON.parse(readFileSync(file, "utf8")) as Doc;
  return parsed;
}

/**
 * The description made ready to judge exchanges (nullable enums widened, which touches no example) and
 * given to ajv. Only the tests that check exchanges pay for it (~1 s a worker); the stand-in needs only
 * {@link read}.
 */
function load() {
  if (loaded) return loaded;
  const doc = read();
  allowNullEnums(doc);
  allowNullUntyped(doc);
  // OpenAPI 3.0 schemas: `nullable`, formats and vendor keywords are not checked as JSON Schema keywords.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(doc, "github");
  const routes = Object.keys(doc.paths).map((p) => ({
    path: p,
    re: new RegExp(
      `^${p.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, "[^/]+")}$`,
    ),
  }));
  loaded = { doc, ajv, routes };
  return loaded;
}

/**
 * OpenAPI 3.0's `nullable: true` lets a value be null, but ajv (JSON Schema) still holds it to an `enum`
 * without null: GitHub answers `start_side: null` on a one-line review comment, which its description
 * types as a nullable enum of `LEFT`/`RIGHT`. Null is added to every nullable enum, nothing else.
 */
function allowNullEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) allowNullEnums(item);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const o = node as Record<string, unknown>;
  if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum.push(null);
  for (const value of Object.values(o)) allowNullEnums(value);
}

/**
 * ajv accepts `nullable` only beside a `type`; GitHub's description also puts it beside a bare
 * `oneOf`/`anyOf`/`allOf` (a commit's `author` is a user or an empty object, or null). Such a schema
 * becomes "it, or null", which is what OpenAPI 3.0 means by it.
 */
function allowNullUntyped(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) allowNullUntyped(item);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const o = node as Record<string, unknown>;
  for (const value of Object.values(o)) allowNullUntyped(value);
  if (o.nullable !== true || o.type !== undefined) return;
  const { nullable: _, ...rest } = o;
  for (const key of Object.keys(o)) delete o[key];
  o.anyOf = [rest, { type: "null" }];
}

const compiled = new Map<string, ValidateFunction>();

function validator(pointer: string): ValidateFunction {
  let v = compiled.get(pointer);
  if (!v) {
    v = load().ajv.compile({ $ref: `github#${pointer}` });
    compiled.set(pointer, v);
  }
  return v;
}

const pointerPart = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * What GitHub's description says is wrong with a recorded exchange: the operation exists, the request body
 * fits it, the status is one it declares, and (with `responses`) the response body fits its schema.
 * Empty when nothing is.
 */
export function checkExchange(r: RecordedRequest, opts: { responses?: boolean } = {}): string[] {
  const { doc, routes } = load();
  // GitHub's pagination links name the repository by id, a path its description does not list.
  const path = r.path.replace(/^\/repositories\/\d+\//, "/repos/{owner}/{repo}/");
  const route = routes.find((x) => x.re.test(path));
  const method = r.method.toLowerCase();
  if (!route || !doc.paths[route.path]?.[method])
    return [`${r.method} ${r.path}: no such operation in GitHub's API`];
  const op = doc.paths[route.path]![method]!;
  const base = `/paths/${pointerPart(route.path)}/${method}`;
  const problems: string[] = [];
  if (r.body !== undefined && op.requestBody?.content?.["application/json"]?.schema) {
    const v = validator(`${base}/requestBody/content/application~1json/schema`);
    if (!v(r.body)) problems.push(`${r.method} ${r.path} request: ${JSON.stringify(v.errors?.slice(0, 3))}`);
  }
  const declared = op.responses[String(r.status)];
  if (!declared) return [...problems, `${r.method} ${r.path}: status ${r.status} is not one GitHub answers`];
  const pointer = declared.$ref
    ? `${declared.$ref.slice(1)}/content/application~1json/schema`
    : `${base}/responses/${r.status}/content/application~1json/schema`;
  const hasSchema = declared.$ref ? true : declared.content?.["application/json"]?.schema !== undefined;
  if (opts.responses && hasSchema && r.response !== undefined) {
    const v = validator(pointer);
    if (!v(r.response))
      problems.push(`${r.method} ${r.path} ${r.status}: ${JSON.stringify(v.errors?.slice(0, 3))}`);
  }
  return problems;
}

/**
 * GitHub's own example response of an operation (from its API description), deep-copied: the stand-in
 * answers with it, its modelled fields overridden, so that every field a client may read is there.
 */
export function githubExample(path: string, method: string, status: string): Record<string, unknown> {
  const doc = read();
  const content = (doc.paths[path]?.[method]?.responses[status]?.content?.["application/json"] ?? {}) as {
    examples?: Record<string, { value?: unknown; $ref?: string }>;
  };
  const first = Object.values(content.examples ?? {})[0];
  const components = (doc as unknown as { components: { examples: Record<string, { value: unknown }> } })
    .components;
  const value = first?.$ref ? components.examples[first.$ref.split("/").pop() ?? ""]?.value : first?.value;
  if (value === undefined) throw new Error(`no example for ${method.toUpperCase()} ${path} ${status}`);
  return structuredClone(Array.isArray(value) ? value[0] : value) as Record<string, unknown>;
}
