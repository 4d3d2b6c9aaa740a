export const id = 513;
export const ids = [513];
export const modules = {

/***/ 9513:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   compileSchema: () => (/* binding */ compileSchema)
/* harmony export */ });
/* unused harmony export AJV_OPTIONS */
/* harmony import */ var re2js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2856);
/* harmony import */ var _validator_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8317);
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


/** ajv's options, here and for the review schema's validator compiled at build time (same errors). */
const AJV_OPTIONS = { allErrors: true, strict: false };
/** Compiles `schema`; throws a one-line error when it is not a valid schema. */
async function compileSchema(schema) {
    // A CommonJS module: its class is a named export under Node, the default one once bundled.
    const mod = (await __webpack_require__.e(/* import() */ 210).then(__webpack_require__.t.bind(__webpack_require__, 2210, 23)));
    const Ajv2020 = mod.Ajv2020 ?? mod.default?.Ajv2020;
    if (!Ajv2020)
        throw new Error("the JSON Schema validator could not be loaded");
    const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { regExp: linearRegExp } });
    let check;
    try {
        check = ajv.compile(schema);
    }
    catch (e) {
        throw new Error(e.message.split("\n")[0]);
    }
    return (0,_validator_js__WEBPACK_IMPORTED_MODULE_0__/* .validatorOf */ .q)(check);
}
/** ajv's regular-expression engine, as RE2: `test` searches, as a JSON Schema `pattern` does. */
const linearRegExp = Object.assign((pattern, flags) => {
    const re = re2js__WEBPACK_IMPORTED_MODULE_1__/* .RE2JS */ .L3.compile(pattern, flags.includes("i") ? re2js__WEBPACK_IMPORTED_MODULE_1__/* .RE2JS */ .L3.CASE_INSENSITIVE : 0);
    // ajv keeps one compiled pattern per `toString()`: without its own, every pattern would be the first.
    return { test: (s) => re.matcher(s).find(), toString: () => `/${pattern}/${flags}` };
}, 
// Only for ajv's standalone code, never generated with this engine (the review schema's validator, made
// at build time, runs its own pattern on V8's: ./review-validator.generated.js).
{ code: 'require("re2js").RE2JS' });


/***/ })

};

//# sourceMappingURL=513.index.js.map