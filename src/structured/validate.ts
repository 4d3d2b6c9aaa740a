/**
 * JSON Schema validation (draft 2020-12, ajv), loaded only when a contract is asked for. The schema is the
 * workflow's (trusted); the value is the agent's. Errors are quoted with their JSON paths, the first few.
 */
import type { ErrorObject } from "ajv";

/** Errors quoted in the `error` output. */
const QUOTED_ERRORS = 5;

export type Validator = (value: unknown) => { ok: true } | { ok: false; errors: string[] };

/** Compiles `schema`; throws a one-line error when it is not a valid schema. */
export async function compileSchema(schema: unknown): Promise<Validator> {
  // A CommonJS module: its class is a named export under Node, the default one once bundled.
  const mod = (await import("ajv/dist/2020.js")) as unknown as {
    Ajv2020?: typeof import("ajv/dist/2020.js").Ajv2020;
    default?: { Ajv2020?: typeof import("ajv/dist/2020.js").Ajv2020 };
  };
  const Ajv2020 = mod.Ajv2020 ?? mod.default?.Ajv2020;
  if (!Ajv2020) throw new Error("the JSON Schema validator could not be loaded");
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  let check: ReturnType<typeof ajv.compile>;
  try {
    check = ajv.compile(schema as object);
  } catch (e) {
    throw new Error((e as Error).message.split("\n")[0]);
  }
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
