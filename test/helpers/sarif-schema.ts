/**
 * The SARIF 2.1.0 JSON schema as OASIS's SARIF TC published it, from an npm package (not written here):
 * `@microsoft/jest-sarif` ships it as `lib/schemas/sarif-2.1.0-rtm.5.json` (the schema of the 2.1.0
 * standard's final draft, from Microsoft's SARIF SDK; sha256 2d99159a…4de4f8). Compiled with the project's
 * ajv: the file is draft-04, whose only keyword ajv 8 lacks is `id` (draft-07's `$id`; no draft-04-only
 * semantics, such as a boolean `exclusiveMinimum`, appear in it), so that one is renamed. ajv's strict
 * mode is about authoring schemas and refuses some of this one (`required` names not under
 * `properties`), and one pattern (`^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`) is valid only without
 * the `u` flag, as JSON Schema's ECMA-262 patterns are: neither changes what an instance must be.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ErrorObject } from "ajv";

const FILE = "@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json";

/** RFC 3986's characters, and `%` only as the start of an escape. */
const URI_CHARS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/** The schema's three formats (ajv 8 ships none). */
const FORMATS = {
  uri: (s: string) => URI_CHARS.test(s) && URL.canParse(s),
  "uri-reference": (s: string) => URI_CHARS.test(s) && URL.canParse(s, "file:///"),
  "date-time": (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(s),
};

export const sarifSchemaFile = createRequire(import.meta.url).resolve(FILE);

let compiled: (((value: unknown) => boolean) & { errors?: ErrorObject[] | null }) | undefined;

/** The schema's errors for `value` (none: valid). */
export function sarifErrors(value: unknown): ErrorObject[] {
  if (!compiled) {
    const { $schema, id, ...rest } = JSON.parse(readFileSync(sarifSchemaFile, "utf8"));
    if ($schema !== "http://json-schema.org/draft-04/schema#") throw new Error(`unexpected ${$schema}`);
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, formats: FORMATS });
    compiled = ajv.compile({ ...rest, $id: id });
  }
  return compiled(value) ? [] : [...(compiled.errors ?? [])];
}
