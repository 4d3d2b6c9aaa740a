export const id = 849;
export const ids = [849];
export const modules = {

/***/ 7849:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  loadContract: () => (/* binding */ loadContract)
});

// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/structured/contract.ts
var contract = __webpack_require__(853);
// EXTERNAL MODULE: ./node_modules/re2js/build/index.js
var build = __webpack_require__(2856);
;// CONCATENATED MODULE: ./src/structured/validate.ts

/** Errors quoted in the `error` output. */
const QUOTED_ERRORS = 5;
/**
 * Compiles `schema`; throws a one-line error when it is not a valid schema. `ours`: the action's own
 * review schema, whose path pattern needs lookahead and is linear as written: V8's engine runs it.
 */
async function compileSchema(schema, ours = false) {
    // A CommonJS module: its class is a named export under Node, the default one once bundled.
    const mod = (await __webpack_require__.e(/* import() */ 210).then(__webpack_require__.t.bind(__webpack_require__, 2210, 23)));
    const Ajv2020 = mod.Ajv2020 ?? mod.default?.Ajv2020;
    if (!Ajv2020)
        throw new Error("the JSON Schema validator could not be loaded");
    const ajv = new Ajv2020({
        allErrors: true,
        strict: false,
        ...(ours ? {} : { code: { regExp: linearRegExp } }),
    });
    let check;
    try {
        check = ajv.compile(schema);
    }
    catch (e) {
        throw new Error(e.message.split("\n")[0]);
    }
    return (value) => {
        if (check(value))
            return { ok: true };
        return { ok: false, errors: (check.errors ?? []).slice(0, QUOTED_ERRORS).map(describe) };
    };
}
function describe(e) {
    const at = e.instancePath === "" ? "(the object)" : e.instancePath;
    const extra = e.keyword === "additionalProperties"
        ? `: ${String(e.params.additionalProperty)}`
        : e.keyword === "enum"
            ? ` (${e.params.allowedValues?.join(", ")})`
            : "";
    return `${at} ${e.message ?? e.keyword}${extra}`;
}
/** ajv's regular-expression engine, as RE2: `test` searches, as a JSON Schema `pattern` does. */
const linearRegExp = Object.assign((pattern, flags) => {
    const re = build/* RE2JS */.L3.compile(pattern, flags.includes("i") ? build/* RE2JS */.L3.CASE_INSENSITIVE : 0);
    // ajv keeps one compiled pattern per `toString()`: without its own, every pattern would be the first.
    return { test: (s) => re.matcher(s).find(), toString: () => `/${pattern}/${flags}` };
}, 
// Only for ajv's standalone code, which the action never generates.
{ code: 'require("re2js").RE2JS' });

;// CONCATENATED MODULE: ./src/structured/load.ts
/**
 * The contract of a run, ready before the agent starts: the schema parsed (JSON, else YAML) and compiled
 * (ajv, draft 2020-12), or the built-in review schema; a bad schema is a one-line input error. Loaded only
 * when a contract is asked for (start-up: ajv and yaml are not small).
 */



async function loadContract(c) {
    if (c.review)
        return { schema: contract.REVIEW_SCHEMA, validate: await compileSchema(contract.REVIEW_SCHEMA, true), review: true };
    if (!c.schema)
        return undefined;
    const { text, from } = c.schema;
    let schema;
    try {
        schema = JSON.parse(text);
    }
    catch {
        try {
            const { parse } = await __webpack_require__.e(/* import() */ 815).then(__webpack_require__.t.bind(__webpack_require__, 8815, 19));
            schema = parse(text);
        }
        catch (e) {
            throw new errors/* InputError */.d(from, `neither JSON nor YAML: ${e.message.split("\n")[0]}`);
        }
    }
    if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
        throw new errors/* InputError */.d(from, "a JSON Schema is an object");
    }
    // ajv compiles a schema recursively: one nested without end would overflow the stack.
    if (depthOver(schema, MAX_SCHEMA_DEPTH)) {
        throw new errors/* InputError */.d(from, `the schema nests deeper than ${MAX_SCHEMA_DEPTH} levels`);
    }
    try {
        return { schema, validate: await compileSchema(schema), review: false };
    }
    catch (e) {
        throw new errors/* InputError */.d(from, `not a valid JSON Schema: ${e.message}`);
    }
}
/** Deeper than any real schema goes (the review schema: 6). */
const MAX_SCHEMA_DEPTH = 64;
/** Whether `value` nests objects or arrays deeper than `max`: a walk with a stack of its own, no recursion. */
function depthOver(value, max) {
    const stack = [[value, 1]];
    while (stack.length > 0) {
        const [v, depth] = stack.pop();
        if (v === null || typeof v !== "object")
            continue;
        if (depth > max)
            return true;
        for (const child of Object.values(v))
            stack.push([child, depth + 1]);
    }
    return false;
}


/***/ })

};

//# sourceMappingURL=849.index.js.map