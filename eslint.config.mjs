import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A server-rendered page knows it has hydrated by the marks of shared/ui/Boundary (see shared/state/hydration.ts).
const reactSuspense = { name: 'react', importNames: ['Suspense'], message: 'Use shared/ui/Boundary, which marks its hydration.' };
const sharedZone = { regex: '^(\\.\\./)+(app|features)(/|$)', message: 'shared/ imports neither app/ nor features/.' };
// The app's links are shared/ui/Link (react-router's Link brings data-router prefetching into the entry).
const routerLink = { name: 'react-router-dom', importNames: ['Link'], message: 'Use shared/ui/Link.' };
const featureAppZone = { regex: '^(\\.\\./)+app(/|$)', message: 'Features never import app/: move what they need into shared/.' };
// Each web feature's face is its index.ts: another feature, and app/, use it only through that face (`../../likes`,
// `../../likes/index`, `../features/likes`), never its files (`../../likes/components/…`), dynamic import() too; tests
// may reach inside. app/'s own import() of a feature's module is allowed: see the app/ zone below.
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_FACE = "Use another feature through its index.ts (e.g. '../../likes'), not its files: export what is needed there.";
const otherFeatureInsides = (own) => ({
  regex: `^(\\.\\./)+(features/)?(${webFeatures.filter((name) => name !== own).join('|')})/(?!index$)`,
  message: FEATURE_FACE,
});
const otherFeatureLoad = (own) => ({
  selector: `ImportExpression[source.value=/${otherFeatureInsides(own).regex.replaceAll('/', '\\/')}/]`,
  message: FEATURE_FACE,
});
const appFeatureInsides = { regex: '^(\\.\\./)+features/[a-z-]+/(?!index$)', message: FEATURE_FACE };
// A face holds nothing but re-exports, so web/vite.config.ts can mark it free of side effects: what imports one thing
// from it does not bring every module it names into its chunk.
const faceOnlyReexports = {
  selector: 'Program > :not(ExportNamedDeclaration[source])',
  message: "A feature's index.ts only re-exports its files by name: `export { … } from './…'`.",
};

// Another backend module's insides: its layers, reached from a module (`../../other/application/…`) or from outside one
// (`../modules/other/infrastructure/…`).
const MODULE_INSIDES = '^(\\./|(\\.\\./)+)(modules/)?[a-z-]+/(api|application|domain|infrastructure|cli|import-format)(/|$)';
const MODULE_FACE = "Use another module through its index.ts, not its insides: export what it offers there.";

// The workers' projection engine (workers/src/engine/, docs/architecture.md, "The projection engine"): projectors and
// the adapters of its ports depend on it, never the reverse; code outside it uses it only through its index.ts.
const ENGINE_FOREIGN = '^(\\./|(\\.\\./)+)(projections|mail|realtime)(/|$)';
const ENGINE_NO_PROJECTORS =
  'The projection engine holds no projector knowledge: projectors depend on it, never the reverse; reach pushes and mail through engine/ports.ts.';
const ENGINE_INSIDES = '^(\\./|(\\.\\./)+)engine/';
const ENGINE_FACE = "Use the projection engine through its index.ts (e.g. '../engine'), not its files: export what is needed there.";

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', '.tools/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.cjs', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['scripts/**/*.mjs', 'load-tests/bench/**/*.mjs', '**/*.config.{ts,mjs}'], languageOptions: { globals: globals.node } },
  { files: ['load-tests/**/*.js'], languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } } },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules, 'no-restricted-imports': ['error', { paths: [reactSuspense, routerLink] }] },
  },
  // Web import zones (docs/layout.md): `app/` composes features and shared and decides routing; a feature imports
  // neither `app/` nor another feature's files, only its face; `shared/` (what no feature owns) imports neither `app/`
  // nor `features/`. web/src/lint-zones.test.ts proves these rules fire.
  ...webFeatures.flatMap((feature) => [
    {
      files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', { paths: [reactSuspense, routerLink], patterns: [featureAppZone, otherFeatureInsides(feature)] }],
        'no-restricted-syntax': ['error', otherFeatureLoad(feature)],
      },
    },
    {
      files: [`web/src/features/${feature}/**/*.test.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { paths: [reactSuspense, routerLink], patterns: [featureAppZone] }], 'no-restricted-syntax': 'off' },
    },
  ]),
  { files: ['web/src/features/*/index.ts'], rules: { 'no-restricted-syntax': ['error', faceOnlyReexports] } },
  // app/ imports a feature through its face too, but for its own import() of a feature's module: the route table and
  // the screens decide what loads on demand, each such module a chunk of its own (app/page-code.ts names those of the
  // server-rendered pages as Vite's manifest knows them).
  {
    files: ['web/src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [reactSuspense, routerLink], patterns: [appFeatureInsides] }] },
  },
  {
    files: ['web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [reactSuspense, routerLink], patterns: [sharedZone] }],
    },
  },
  { files: ['web/src/shared/ui/Boundary.tsx'], rules: { 'no-restricted-imports': ['error', { paths: [routerLink], patterns: [sharedZone] }] } },
  // The server's domain (docs/layout.md): the shared kernel and each module's domain/ are pure rules,
  // importing no framework, driver or infrastructure. backend/src/domain/domain-imports.spec.ts proves this rule fires.
  {
    files: ['backend/src/domain/**/*.ts', 'backend/src/modules/*/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@nestjs/*', 'mongoose', 'mongodb', 'ioredis', 'bullmq', 'socket.io', 'express'], message: 'The domain imports no framework or driver.' },
            {
              regex: '^\\.\\.?/(.*/)?(event-store|platform|realtime|infrastructure|application|api)(/|$)',
              message: 'The domain imports no infrastructure, application or API code: it gets what it needs passed in.',
            },
          ],
        },
      ],
    },
  },
  // Module faces (docs/architecture.md, "Backend modules"): a backend module uses another only through the other's
  // index.ts (and its Nest module class), dynamic import() too; tests may reach inside. A module's domain may use
  // another's domain (pure rules): the domain rule above governs those files. backend/src/modules/module-faces.spec.ts
  // proves these rules fire.
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'backend/src/domain/**', 'backend/src/modules/*/domain/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: MODULE_INSIDES, message: MODULE_FACE }] }],
      'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${MODULE_INSIDES.replaceAll('/', '\\/')}/]`, message: MODULE_FACE }],
    },
  },
  // The projection engine imports no projector, mail or realtime code, dynamic import() too, its tests included.
  // workers/src/engine/engine-imports.spec.ts proves these rules fire.
  {
    files: ['workers/src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: ENGINE_FOREIGN, message: ENGINE_NO_PROJECTORS }] }],
      'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${ENGINE_FOREIGN.replaceAll('/', '\\/')}/]`, message: ENGINE_NO_PROJECTORS }],
    },
  },
  // The rest of the workers uses the engine only through its face, dynamic import() too; tests may reach inside.
  {
    files: ['workers/src/**/*.ts'],
    ignores: ['workers/src/engine/**', '**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: ENGINE_INSIDES, message: ENGINE_FACE }] }],
      'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${ENGINE_INSIDES.replaceAll('/', '\\/')}/]`, message: ENGINE_FACE }],
    },
  },
  // Nest resolves constructor parameters from their emitted types, so injected classes must be value imports.
  {
    files: ['backend/src/**/*.ts', 'workers/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
