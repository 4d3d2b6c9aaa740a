export const id = 327;
export const ids = [327];
export const modules = {

/***/ 327:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   applyContract: () => (/* binding */ applyContract)
/* harmony export */ });
/* harmony import */ var _contract_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(853);

function applyContract(contract, message, failOnSeverity, verdict) {
    const outputs = { "structured-output": "", findings: "" };
    const fail = (error) => ({
        outputs,
        verdict: verdict.conclusion === "success" ? { ...verdict, conclusion: "failure", error } : verdict,
    });
    const what = contract.review ? "review" : "structured output";
    const found = (0,_contract_js__WEBPACK_IMPORTED_MODULE_0__.extractContract)(message);
    if (!found.ok)
        return fail(`The agent's ${what} is missing: ${found.error}.`);
    const checked = contract.validate(found.value);
    if (!checked.ok) {
        return fail(`The agent's ${what} does not match the schema: ${checked.errors.join("; ")}.`);
    }
    outputs["structured-output"] = JSON.stringify(found.value);
    if (!contract.review)
        return { outputs, verdict };
    const review = found.value;
    outputs.findings = JSON.stringify(review.findings);
    // Not gated here: a finding that fails the repository check (src/review/judge.ts) must not fail the
    // gate too. The threshold goes with the review to where its valid findings are known.
    return { outputs, review: { ...review, failOnSeverity }, verdict };
}


/***/ })

};

//# sourceMappingURL=327.index.js.map