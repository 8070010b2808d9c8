// ESLint (flat config): typescript-eslint's recommended rules without type information (a type-aware run
// costs minutes on this codebase and `tsc --noEmit` already runs in `npm test`), React's hook rules, and the
// shape of the code as import boundaries (eslint-plugin-boundaries). Formatting is Prettier's (.prettierrc.json):
// eslint-config-prettier turns off every rule it would fight.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import boundaries from "eslint-plugin-boundaries";
import prettier from "eslint-config-prettier";
import globals from "globals";

/**
 * The elements of the code (eslint-plugin-boundaries): each file belongs to the first pattern that matches it.
 * A feature is a folder under features/, the same name in contracts/, api/ and dapp/.
 */
const ELEMENTS = [
  { type: "api-feature", pattern: "api/src/features/*", capture: ["feature"] },
  // Ledgers and the other outside data sources (government figures): clients that know no feature.
  { type: "api-ledgers", pattern: "api/src/(ledgers|sources)" },
  { type: "api-shared", pattern: "api/src/(shared|http|db|web|testing)" },
  { type: "api-core", pattern: "api/src" },
  { type: "dapp-feature", pattern: "dapp/src/features/*", capture: ["feature"] },
  { type: "dapp-app", pattern: "dapp/src/app" },
  { type: "dapp-shared", pattern: "dapp/src/(lib|components|config|testing|types)" },
  { type: "dapp-entry", pattern: "dapp/src" },
];

/** A selector of elements of these types (as a `from`), and the same as a list of `to` targets. */
const el = (...types) => ({ element: { types: { anyOf: types } } });
const to = (...types) => types.map((type) => ({ element: { type } }));

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      "artifacts/**",
      "cache/**",
      "dist/**",
      "dapp/dist/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "data/**",
      "types/**",
      "contracts/generated/**",
      ".bench/**",
      ".prof/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_`-prefixed names are deliberately unused (a destructured field left out, a required parameter).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Hardhat's config and a few scripts load CommonJS modules on purpose.
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    files: ["dapp/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // The shape: features never import another feature; ledgers and shared code import no feature. Tests and their
    // fixtures may reach across (a database test stores a real mint record; a page test renders with the app's theme).
    files: ["api/src/**/*.ts", "dapp/src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/testing/**", "**/fixtures/**", "**/fixtures.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": ELEMENTS,
      "boundaries/include": ["api/src/**/*", "dapp/src/**/*"],
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs"] } },
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          policies: [
            {
              from: el("api-feature"),
              disallow: {
                to: [
                  { element: { type: "api-feature", captured: { feature: "!{{ from.element.captured.feature }}" } } },
                  ...to("dapp-feature", "dapp-shared", "dapp-app"),
                ],
              },
              message:
                "A feature never imports another feature: what one offers another goes through its exports, wired in api/src/app.ts",
            },
            {
              from: el("api-ledgers", "api-shared"),
              disallow: { to: to("api-feature", "dapp-feature", "dapp-shared", "dapp-app") },
              message: "Ledgers and shared code know no feature",
            },
            {
              from: el("dapp-feature"),
              disallow: {
                to: [
                  { element: { type: "dapp-feature", captured: { feature: "!{{ from.element.captured.feature }}" } } },
                  ...to("dapp-app", "api-ledgers", "api-core"),
                ],
              },
              message:
                "A dapp feature never imports another feature or the app: shared needs live in dapp/src/lib or dapp/src/components",
            },
            {
              from: el("dapp-shared"),
              disallow: { to: to("dapp-feature", "dapp-app", "api-ledgers", "api-core") },
              message: "Shared dapp code knows no feature, and of the API only its contracts, schemas and constants",
            },
          ],
        },
      ],
    },
  },
  {
    // The dapp reaches the API only through its public surface (contracts, schemas, constants).
    files: ["dapp/src/**/*.{ts,tsx}"],
    ignores: ["dapp/src/**/*.test.{ts,tsx}", "dapp/src/**/testing/**", "dapp/src/**/fixtures/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]",
          message: "No API path in the dapp: call the endpoint of the feature's contract (lib/endpoint-client.ts)",
        },
      ],
    },
  },
  prettier,
);
