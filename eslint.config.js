// @ts-check
import js from "@eslint/js";
import astro from "eslint-plugin-astro";
// @ts-expect-error: the plugin ships no types
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { layerRules } from "./eslint.layers.js";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "dist-server/",
      ".astro/",
      ".netlify/",
      ".data/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
      "supabase/migrations/meta/",
      "src/platform/pdf/fonts.generated.ts",
      "src/features/customer-page/quote-total.generated.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mts,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, "react-hooks": reactHooks },
    rules: { ...jsxA11y.flatConfigs.recommended.rules, ...reactHooks.configs.recommended.rules },
  },
  ...layerRules,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
