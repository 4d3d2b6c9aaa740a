/**
 * JSON Schema validation (draft 2020-12, ajv), loaded only when a contract is asked for. The schema is the
 * workflow's (on a pull request, the base commit's); the value is the agent's. Errors are quoted with their
 * JSON paths, the first few.
 *
 * Bounded in time: a schema's `pattern` runs on the agent's text, and V8's backtracking engine takes
 * exponential time on a pattern such as `^(a|aa)+$` against a long run of `a` (the step would be held
 * until the runner kills it). Patterns run on RE2 (re2js: linear time, no backreferences or lookaround; a
 * schema that uses them is refused when it is compiled). The value is at most 1 MiB and 64 levels deep
 * (./contract.ts), so one validation is bounded too; `uniqueItems`, quadratic in ajv, is checked by
 * hashing (./unique.ts).
 */
import type { FuncKeywordDefinition } from "ajv";
import { RE2JS } from "re2js";
import { firstDuplicate } from "./unique.js";
import { type Validator, validatorOf } from "./validator.js";

/** ajv's options, here and for the review schema's validator compiled at build time (same errors). */
export const AJV_OPTIONS = { allErrors: true, strict: false } as const;

/** Compiles `schema`; throws a one-line error when it is not a valid schema. */
export async function compileSchema(schema: unknown): Promise<Validator> {
  // A CommonJS module: its class is a named export under Node, the default one once bundled.
  const mod = (await import("ajv/dist/2020.js")) as unknown as {
    Ajv2020?: typeof import("ajv/dist/2020.js").Ajv2020;
    default?: { Ajv2020?: typeof import("ajv/dist/2020.js").Ajv2020 };
  };
  const Ajv2020 = mod.Ajv2020 ?? mod.default?.Ajv2020;
  if (!Ajv2020) throw new Error("the JSON Schema validator could not be loaded");
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { regExp: linearRegExp } });
  ajv.removeKeyword("uniqueItems").addKeyword(UNIQUE_ITEMS);
  let check: ReturnType<typeof ajv.compile>;
  try {
    check = ajv.compile(schema as object);
  } catch (e) {
    throw new Error((e as Error).message.split("\n")[0]);
  }
  return validatorOf(check);
}

/** `uniqueItems` in linear time, with ajv's own error (the pair of items found equal). */
const uniqueItems: NonNullable<FuncKeywordDefinition["validate"]> = (unique: boolean, items: unknown[]) => {
  const found = unique ? firstDuplicate(items) : undefined;
  if (!found) return true;
  const message = `must NOT have duplicate items (items ## ${found.j} and ${found.i} are identical)`;
  uniqueItems.errors = [{ keyword: "uniqueItems", params: found, message }];
  return false;
};

const UNIQUE_ITEMS: FuncKeywordDefinition = {
  keyword: "uniqueItems",
  type: "array",
  schemaType: "boolean",
  errors: true,
  validate: uniqueItems,
};

/** ajv's regular-expression engine, as RE2: `test` searches, as a JSON Schema `pattern` does. */
const linearRegExp = Object.assign(
  (pattern: string, flags: string) => {
    const re = RE2JS.compile(pattern, flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0);
    // ajv keeps one compiled pattern per `toString()`: without its own, every pattern would be the first.
    return { test: (s: string) => re.matcher(s).find(), toString: () => `/${pattern}/${flags}` };
  },
  // Only for ajv's standalone code, never generated with this engine (the review schema's validator, made
  // at build time, runs its own pattern on V8's: ./review-validator.generated.js).
  { code: 'require("re2js").RE2JS' },
);
