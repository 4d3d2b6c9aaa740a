/**
 * The structured-output inputs, read with the others (src/settings.ts): `output-schema` (JSON or YAML
 * text), `output-schema-file` (a path, relative to the workspace), `review`, `fail-on-severity`. Only the
 * text is read here; it is parsed and compiled (YAML, ajv: loaded on demand) by ./load.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { InputError } from "../base/errors.js";

/** The severities a finding can have, most severe first; `fail-on-severity` names one of them. */
export const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface ContractSettings {
  /** The schema as given, and which input gave it (for errors). */
  schema?: { text: string; from: "output-schema" | "output-schema-file" };
  review: boolean;
  failOnSeverity: Severity | "none";
}

/** Largest schema read (bytes): it is appended to the prompt, which the OS caps at 128 KiB. */
const MAX_SCHEMA_BYTES = 64 * 1024;

export function readContractInputs(
  get: (name: "output-schema" | "output-schema-file" | "review" | "fail-on-severity") => string,
  workspace: string,
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
  let schema: ContractSettings["schema"];
  if (text) schema = { text, from: "output-schema" };
  else if (file) {
    const p = path.resolve(workspace, file);
    let content: string;
    try {
      content = readFileSync(p, "utf8");
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new InputError(
        "output-schema-file",
        `cannot read '${p}': ${code === "ENOENT" ? "no such file" : (code ?? "error")}`,
      );
    }
    schema = { text: content, from: "output-schema-file" };
  }
  if (schema && Buffer.byteLength(schema.text) > MAX_SCHEMA_BYTES) {
    throw new InputError(schema.from, `the schema is larger than ${MAX_SCHEMA_BYTES / 1024} KiB`);
  }
  return { schema, review, failOnSeverity: sev as Severity | "none" };
}
