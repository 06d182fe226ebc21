// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/** Import boundaries of ARCHITECTURE.md, enforced here so that breaking one fails `npm run lint`. */
const otherModuleInternals = {
  regex: String.raw`^\.\./(?!\.)[^/]+/(?!index\.ts$).+`,
  message: 'A module uses another module only through its index.ts (ARCHITECTURE.md, dependency rules).',
};
const serverOrGames = {
  regex: String.raw`(^@kometa/(server|games)(/|$))|(apps/(server|games)/)|(^(\.\./)+(server|games)/)`,
  message: 'The web never imports the server or the game server; it talks to them over HTTP.',
};
const anyApp = {
  regex: String.raw`(^@kometa/(server|web|games|e2e)(/|$))|(^(\.\./)+apps/)`,
  message: 'Packages never import apps.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/data/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'bench/results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No export * barrels: name what a module exports.' },
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'process.env is read only in config.ts files.',
        },
        {
          selector: "MemberExpression[object.name=/^(request|req|reply|app)$/][property.name='log']",
          message: "Fastify's logger is off (ADR 008): log with request.ctx.log or the platform logger.",
        },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/config.ts', '**/config.server.ts', '**/*.config.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No export * barrels: name what a module exports.' },
        {
          selector: "MemberExpression[object.name=/^(request|req|reply|app)$/][property.name='log']",
          message: "Fastify's logger is off (ADR 008): log with request.ctx.log or the platform logger.",
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals] }] },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`/modules/`,
              message: 'Platform code holds no business rules and never imports a module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOrGames] }] },
  },
  {
    // What the browser loads never carries zod: from the contracts' root only types; values come from
    // their zod-free subpaths (errors, payment-status, signature, gift-kinds, …). Server-only modules
    // (*.server.ts) may import anything.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/**/*.server.ts', 'apps/web/app/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverOrGames],
          paths: [
            {
              name: '@kometa/contracts',
              allowTypeImports: true,
              message:
                "The contracts' root carries zod: in code the browser loads, import only types from it, and values from a zod-free subpath.",
            },
          ],
        },
      ],
    },
  },
  {
    // The site's layers (ARCHITECTURE.md): routes compose features; a feature uses ui/ and lib/, never
    // another feature (what two features share moves to ui/ or lib/, or the route composes them).
    // The back office (ADR 028) is layered the same way (App.tsx composes its features).
    files: ['apps/web/app/**/*.{ts,tsx}', 'apps/backoffice/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'apps/web/app/features/*', capture: ['feature'] },
        { type: 'web-feature', pattern: 'apps/backoffice/src/features/*', capture: ['feature'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                  },
                },
              },
              message:
                'Features never import features (ARCHITECTURE.md): move the shared piece to ui/ or lib/, or let the route compose them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The back office (ADR 028) runs in the browser and talks to the server over HTTP only.
    files: ['apps/backoffice/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOrGames] }] },
  },
  {
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [anyApp] }] },
  },
);
