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
    const findings = review.findings;
    outputs.findings = JSON.stringify(findings);
    const over = (0,_contract_js__WEBPACK_IMPORTED_MODULE_0__.gated)(findings, failOnSeverity);
    if (over.length === 0)
        return { outputs, review, verdict };
    const listed = over
        .slice(0, 10)
        .map((f) => `${f.severity} ${f.path}:${f.line} ${f.title}`)
        .join("; ");
    const more = over.length > 10 ? ` and ${over.length - 10} more` : "";
    return {
        ...fail(`The review reported ${over.length} finding${over.length === 1 ? "" : "s"} at or above ${failOnSeverity}: ${listed}${more}.`),
        review,
    };
}


/***/ })

};

//# sourceMappingURL=327.index.js.map