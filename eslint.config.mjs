// ESLint flat config (CONTRIBUTING.md "Lint and format"): typescript-eslint's recommended
// type-checked rules, as vscode-eslint, yaml-language-server and vscode-json-languageservice run
// them, tuned to what this code already does deliberately. Formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'out/',
      'dist/',
      'node_modules/',
      '.vscode-test/',
      'test/fixtures/',
      'test/.tmp/',
      'bench/.cache/',
      'bench/fixtures/',
      '**/*.js',
      '**/*.mjs',
      '**/*.lua',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are already errors in tsc (noUnusedLocals/noUnusedParameters); `_` marks a
      // deliberately ignored parameter.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Values parsed from JSON are `unknown` and narrowed by hand; the few `any`s come from
      // library typings (jsonc-parser, vscode-jsonrpc) at the edges.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // Template literals print numbers and names on purpose.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
      // Handlers registered with the LSP connection and vscode return promises by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      // Control-character classes in regular expressions are what the strict-JSON and
      // terminal-escaping rules are about (SPEC §2, §7).
      'no-control-regex': 'off',
      '@typescript-eslint/require-await': 'off',
      // The strict-JSON scanner compares jsonc-parser's token kinds with a numeric mirror of its const
      // enums (parseTokens.ts), which the enum-comparison rule cannot see through.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // A variable a closure reads before its one assignment (a timer, a reader) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Tests and the benchmark assert on shapes they just built.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Assertion messages print whatever a failing value is; rejections carry plain test data.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
);
