/**
 * What a compiled JSON Schema answers, the same for a schema compiled at run time (./validate.ts) and the
 * review schema's validator compiled when the action was built (./review-validator.generated.js): valid, or
 * the first few errors quoted with their JSON paths.
 */
import type { ErrorObject } from "ajv";

/** Errors quoted in the `error` output. */
const QUOTED_ERRORS = 5;

export type Validator = (value: unknown) => { ok: true } | { ok: false; errors: string[] };

/** ajv's validating function, compiled either way. */
export interface AjvCheck {
  (value: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export function validatorOf(check: AjvCheck): Validator {
  return (value) => {
    if (check(value)) return { ok: true };
    return { ok: false, errors: (check.errors ?? []).slice(0, QUOTED_ERRORS).map(describe) };
  };
}

function describe(e: ErrorObject): string {
  const at = e.instancePath === "" ? "(the object)" : e.instancePath;
  const extra =
    e.keyword === "additionalProperties"
      ? `: ${String((e.params as { additionalProperty?: string }).additionalProperty)}`
      : e.keyword === "enum"
        ? ` (${(e.params as { allowedValues?: unknown[] }).allowedValues?.join(", ")})`
        : "";
  return `${at} ${e.message ?? e.keyword}${extra}`;
}
