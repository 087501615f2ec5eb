// The linter, configured once for the whole tree (`npm run lint`, part of `npm test`). A dotfile:
// the project's top level holds only what the design card lists, so ESLint is pointed at this
// file with --config.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".build/",
      "public/build/",
      "tests/.tmp/",
      ".wrangler/",
      "**/.wrangler/",
      "server/contract/openapi.json",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      // unused bindings are errors, except a leading underscore (a destructured field left out on purpose)
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      // `declare global { interface AppLoadContext extends SiteContext {} }` is how Remix's context is typed
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // a `let` read by a closure before its one assignment (the worker entry's session) stays a let
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // input checks match control characters on purpose: the contract refuses them in text
      "no-control-regex": "off",
      "no-console": "off",
    },
  },
  {
    // type-aware rules for promises: a promise nobody awaits loses its failure (a settlement, a
    // ledger write, a stream send), and an async function where a plain callback is expected
    // runs unobserved. These need the type checker, so they read tsconfig.json's program.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/return-await": ["error", "in-try-catch"],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // the rules of hooks; the React Compiler's extra rules (react-hooks 7's recommended set) are
      // for code the compiler builds, which this app does not use
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
