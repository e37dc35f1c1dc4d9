// ESLint for the JavaScript browserkit evaluates in pages (src/browserkit/_async/js/*.js).
// `nox -s lint` runs it after `npm ci`; so can `npx eslint src/browserkit/_async/js`.
"use strict";

const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  {
    // Each file is one function expression (or an IIFE) that Playwright or CDP
    // evaluates, so its only top-level statement is a bare expression. The
    // recommended set has no rule against that, so nothing is turned off; do
    // not add no-unused-expressions, which would flag every file.
    ...js.configs.recommended,
    files: ["src/browserkit/_async/js/**/*.js"],
    languageOptions: {
      ecmaVersion: "latest",
      // Pages run these as classic scripts, never as modules.
      sourceType: "script",
      globals: globals.browser,
    },
  },
];
