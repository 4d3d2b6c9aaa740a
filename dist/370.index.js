export const id = 370;
export const ids = [370];
export const modules = {

/***/ 28370:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  compileSchema: () => (/* binding */ compileSchema)
});

// UNUSED EXPORTS: AJV_OPTIONS

// EXTERNAL MODULE: ./node_modules/re2js/build/index.js
var build = __webpack_require__(2856);
;// CONCATENATED MODULE: ./src/structured/unique.ts
/**
 * JSON Schema's `uniqueItems`, checked in time linear in the array's size. ajv compares every pair of items
 * with a deep equality unless the schema says the items are scalars: quadratic, and a structured block of
 * 600 KB (~55,000 small objects) held the event loop for 42–45 s, past every deadline. Here each item is
 * written once in a canonical form (object keys sorted), and two items are equal as JSON values exactly
 * when their forms are the same string; a map of the forms finds the first repeat.
 */
/** The first item equal to an earlier one, with that earlier one's index; undefined when all differ. */
function firstDuplicate(items) {
    const seen = new Map();
    for (let i = 0; i < items.length; i++) {
        const form = canonical(items[i]);
        const j = seen.get(form);
        if (j !== undefined)
            return { i, j };
        seen.set(form, i);
    }
    return undefined;
}
/**
 * A JSON value as text that is the same for equal values: keys sorted, no spaces. The value comes from
 * `JSON.parse` of a block no deeper than MAX_NESTING_DEPTH (./contract.ts), so the recursion is bounded;
 * numbers are written as JSON writes them (0 and -0 alike, as ajv's equality has them).
 */
function canonical(v) {
    if (v === null || typeof v !== "object")
        return JSON.stringify(v) ?? "null";
    if (Array.isArray(v))
        return `[${v.map(canonical).join(",")}]`;
    const o = v;
    const keys = Object.keys(o).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(",")}}`;
}

// EXTERNAL MODULE: ./src/structured/validator.ts
var validator = __webpack_require__(88317);
;// CONCATENATED MODULE: ./src/structured/validate.ts



/** ajv's options, here and for the review schema's validator compiled at build time (same errors). */
const AJV_OPTIONS = { allErrors: true, strict: false };
/** Compiles `schema`; throws a one-line error when it is not a valid schema. */
async function compileSchema(schema) {
    // A CommonJS module: its class is a named export under Node, the default one once bundled.
    const mod = (await __webpack_require__.e(/* import() */ 210).then(__webpack_require__.t.bind(__webpack_require__, 52210, 23)));
    const Ajv2020 = mod.Ajv2020 ?? mod.default?.Ajv2020;
    if (!Ajv2020)
        throw new Error("the JSON Schema validator could not be loaded");
    const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { regExp: linearRegExp } });
    ajv.removeKeyword("uniqueItems").addKeyword(UNIQUE_ITEMS);
    let check;
    try {
        check = ajv.compile(schema);
    }
    catch (e) {
        throw new Error(e.message.split("\n")[0]);
    }
    return (0,validator/* validatorOf */.q)(check);
}
/** `uniqueItems` in linear time, with ajv's own error (the pair of items found equal). */
const uniqueItems = (unique, items) => {
    const found = unique ? firstDuplicate(items) : undefined;
    if (!found)
        return true;
    const message = `must NOT have duplicate items (items ## ${found.j} and ${found.i} are identical)`;
    uniqueItems.errors = [{ keyword: "uniqueItems", params: found, message }];
    return false;
};
const UNIQUE_ITEMS = {
    keyword: "uniqueItems",
    type: "array",
    schemaType: "boolean",
    errors: true,
    validate: uniqueItems,
};
/** ajv's regular-expression engine, as RE2: `test` searches, as a JSON Schema `pattern` does. */
const linearRegExp = Object.assign((pattern, flags) => {
    const re = build/* RE2JS */.L3.compile(pattern, flags.includes("i") ? build/* RE2JS */.L3.CASE_INSENSITIVE : 0);
    // ajv keeps one compiled pattern per `toString()`: without its own, every pattern would be the first.
    return { test: (s) => re.matcher(s).find(), toString: () => `/${pattern}/${flags}` };
}, 
// Only for ajv's standalone code, never generated with this engine (the review schema's validator, made
// at build time, runs its own pattern on V8's: ./review-validator.generated.js).
{ code: 'require("re2js").RE2JS' });


/***/ })

};

//# sourceMappingURL=370.index.js.map