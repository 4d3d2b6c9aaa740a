/**
 * JSON Schema validation (draft 2020-12, ajv), loaded only when a contract is asked for. The schema is the
 * workflow's (on a pull request, the base commit's); the value is the agent's. Errors are quoted with their
 * JSON paths, the first few.
 *
 * Bounded in time: a schema's `pattern` runs on the agent's text, and V8's backtracking engine takes
 * exponential time on a pattern such as `^(a|aa)+$` against a long run of `a` (the step would be held
 * until the runner kills it). Patterns run on RE2 (re2js: linear time, no backreferences or lookaround; a
 * schema that uses them is refused when it is compiled). The value is at most 1 MiB and 64 levels deep
 * (./contract.ts), so one validation is bounded too.
 */
import type { ErrorObject } from "ajv";
import { RE2JS } from "re2js";

/** Errors quoted in the `error` output. */
const QUOTED_ERRORS = 5;

export type Validator = (value: unknown) => { ok: true } | { ok: false; errors: string[] };

/**
 * Compiles `schema`; throws a one-line error when it is not a valid schema. `ours`: the action's own
 * review schema, whose path pattern needs lookahead and is linear as written: V8's engine runs it.
 */
export async function compileSchema(schema: unknown, ours = false): Promise<Validator> {
  // A CommonJS module: its class is a named export under Node, the default one once bundled.
  const mod = (await import("ajv/dist/2020.js")) as unknown as {
    Ajv2020?: typeof import("ajv/dist/2020.js").Ajv2020;
    default?: { Ajv2020?: typeof import("ajv/dist/2020.js").Ajv2020 };
  };
  const Ajv2020 = mod.Ajv2020 ?? mod.default?.Ajv2020;
  if (!Ajv2020) throw new Error("the JSON Schema validator could not be loaded");
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    ...(ours ? {} : { code: { regExp: linearRegExp } }),
  });
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

/** ajv's regular-expression engine, as RE2: `test` searches, as a JSON Schema `pattern` does. */
const linearRegExp = Object.assign(
  (pattern: string, flags: string) => {
    const re = RE2JS.compile(pattern, flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0);
    // ajv keeps one compiled pattern per `toString()`: without its own, every pattern would be the first.
    return { test: (s: string) => re.matcher(s).find(), toString: () => `/${pattern}/${flags}` };
  },
  // Only for ajv's standalone code, which the action never generates.
  { code: 'require("re2js").RE2JS' },
);
