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

// EXTERNAL MODULE: ./src/settings.ts + 3 modules
var settings = __webpack_require__(6515);
// EXTERNAL MODULE: ./src/structured/contract.ts
var contract = __webpack_require__(853);
;// CONCATENATED MODULE: ./src/structured/validate.ts
/** Errors quoted in the `error` output. */
const QUOTED_ERRORS = 5;
/** Compiles `schema`; throws a one-line error when it is not a valid schema. */
async function compileSchema(schema) {
    // A CommonJS module: its class is a named export under Node, the default one once bundled.
    const mod = (await __webpack_require__.e(/* import() */ 210).then(__webpack_require__.t.bind(__webpack_require__, 2210, 23)));
    const Ajv2020 = mod.Ajv2020 ?? mod.default?.Ajv2020;
    if (!Ajv2020)
        throw new Error("the JSON Schema validator could not be loaded");
    const ajv = new Ajv2020({ allErrors: true, strict: false });
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

;// CONCATENATED MODULE: ./src/structured/load.ts
/**
 * The contract of a run, ready before the agent starts: the schema parsed (JSON, else YAML) and compiled
 * (ajv, draft 2020-12), or the built-in review schema; a bad schema is a one-line input error. Loaded only
 * when a contract is asked for (start-up: ajv and yaml are not small).
 */



async function loadContract(c) {
    if (c.review)
        return { schema: contract.REVIEW_SCHEMA, validate: await compileSchema(contract.REVIEW_SCHEMA), review: true };
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
            throw new settings/* InputError */.dz(from, `neither JSON nor YAML: ${e.message.split("\n")[0]}`);
        }
    }
    if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
        throw new settings/* InputError */.dz(from, "a JSON Schema is an object");
    }
    try {
        return { schema, validate: await compileSchema(schema), review: false };
    }
    catch (e) {
        throw new settings/* InputError */.dz(from, `not a valid JSON Schema: ${e.message}`);
    }
}


/***/ })

};

//# sourceMappingURL=849.index.js.map