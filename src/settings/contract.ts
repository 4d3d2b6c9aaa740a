/**
 * The structured-output inputs, read with the others (src/settings.ts): `output-schema` (JSON or YAML
 * text), `output-schema-file` (a path, relative to the workspace), `review`, `fail-on-severity`. Only the
 * text is read here; it is parsed and compiled (YAML, ajv: loaded on demand) by ./load.ts.
 */
import { InputError } from "../base/errors.js";
import { INPUT_FILE_MAX_BYTES, type InputRoots, readInputFile } from "./input-file.js";

/** The severities a finding can have, most severe first; `fail-on-severity` names one of them. */
export const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * The schema as given: the text, or the file that holds it. A file is read once the run is admitted
 * (src/run/contract.ts): on a pull request its protected configuration, this file among it, is the base
 * commit's by then, so a pull request cannot loosen the schema that gates it.
 */
export type SchemaSource =
  | { from: "output-schema"; text: string }
  | { from: "output-schema-file"; file: string; roots: InputRoots };

export interface ContractSettings {
  schema?: SchemaSource;
  review: boolean;
  failOnSeverity: Severity | "none";
}

/** Largest schema read (bytes): it is appended to the prompt, which the OS caps at 128 KiB. */
const MAX_SCHEMA_BYTES = 64 * 1024;

export function readContractInputs(
  get: (name: "output-schema" | "output-schema-file" | "review" | "fail-on-severity") => string,
  roots: InputRoots,
  bool: (name: "review") => boolean,
): ContractSettings {
  const text = get("output-schema");
  const file = get("output-schema-file");
  const review = bool("review");
  if (text && file) {
    throw new InputError("output-schema-file", "give output-schema or output-schema-file, not both");
  }
  if (review && (text || file)) {
    throw new InputError(
      text ? "output-schema" : "output-schema-file",
      "review has its own schema: use review or an output schema, not both",
    );
  }
  const sev = get("fail-on-severity").toLowerCase();
  if (sev !== "none" && !(SEVERITIES as readonly string[]).includes(sev)) {
    throw new InputError("fail-on-severity", `'${sev}' is not one of none, ${SEVERITIES.join(", ")}`);
  }
  if (sev !== "none" && !review) {
    throw new InputError("fail-on-severity", "it gates on a review's findings: set review: true as well");
  }
  let schema: SchemaSource | undefined;
  if (text) schema = { text, from: "output-schema" };
  // Read now too, for the errors (a missing file, a link out of the workspace) to come before anything runs.
  else if (file) schema = { file: readSchemaFile(file, roots).path, roots, from: "output-schema-file" };
  if (schema?.from === "output-schema") checkSchemaSize(schema.text, schema.from);
  return { schema, review, failOnSeverity: sev as Severity | "none" };
}

/** A schema file's text, through the checks every input file gets (./input-file.ts). */
export function readSchemaFile(file: string, roots: InputRoots): { path: string; text: string } {
  const read = readInputFile("output-schema-file", file, roots, INPUT_FILE_MAX_BYTES);
  checkSchemaSize(read.text, "output-schema-file");
  return read;
}

function checkSchemaSize(text: string, from: SchemaSource["from"]): void {
  if (Buffer.byteLength(text) > MAX_SCHEMA_BYTES) {
    throw new InputError(from, `the schema is larger than ${MAX_SCHEMA_BYTES / 1024} KiB`);
  }
}
