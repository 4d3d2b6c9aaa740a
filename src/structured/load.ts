/**
 * The contract of a run, ready before the agent starts: the schema parsed (JSON, else YAML) and compiled
 * (ajv, draft 2020-12), or the built-in review schema; a bad schema is a one-line input error. Loaded only
 * when a contract is asked for (start-up: ajv and yaml are not small).
 */
import { InputError } from "../base/errors.js";
import { MAX_NESTING_DEPTH } from "../base/limits.js";
import type { SchemaSource } from "../settings/contract.js";
import { REVIEW_SCHEMA } from "./contract.js";
import { type Validator, validatorOf } from "./validator.js";

export interface Contract {
  schema: unknown;
  validate: Validator;
  review: boolean;
}

/** The contract's inputs, with a schema file's text read (src/run/contract.ts reads it). */
export interface ContractToLoad {
  review: boolean;
  schema?: { text: string; from: SchemaSource["from"] };
}

export async function loadContract(c: ContractToLoad): Promise<Contract | undefined> {
  if (c.review) {
    // Compiled when the action was built (ajv's standalone code): loading ajv and compiling the schema
    // took ~110 ms of CPU a review run. Its path pattern needs lookahead and is linear as written, so it
    // runs on V8's engine, not RE2. test/unit/review-validator.test.ts regenerates it and holds it to
    // REVIEW_SCHEMA.
    const { validate } = await import("./review-validator.generated.js");
    return { schema: REVIEW_SCHEMA, validate: validatorOf(validate), review: true };
  }
  if (!c.schema) return undefined;
  const { text, from } = c.schema;
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    try {
      const { parse } = await import("yaml");
      schema = parse(text);
    } catch (e) {
      throw new InputError(from, `neither JSON nor YAML: ${(e as Error).message.split("\n")[0]}`);
    }
  }
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    throw new InputError(from, "a JSON Schema is an object");
  }
  // ajv compiles a schema recursively: one nested without end would overflow the stack (the review
  // schema, the deepest real one here, nests 6 levels).
  if (depthOver(schema, MAX_NESTING_DEPTH)) {
    throw new InputError(from, `the schema nests deeper than ${MAX_NESTING_DEPTH} levels`);
  }
  const { compileSchema } = await import("./validate.js");
  try {
    return { schema, validate: await compileSchema(schema), review: false };
  } catch (e) {
    throw new InputError(from, `not a valid JSON Schema: ${(e as Error).message}`);
  }
}

/** Whether `value` nests objects or arrays deeper than `max`: a walk with a stack of its own, no recursion. */
function depthOver(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
