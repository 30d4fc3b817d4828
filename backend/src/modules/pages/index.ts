// What other modules may use of the pages module (its Nest module class is `pages.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './api/server-rendered-pages';
export * from './infrastructure/web-app-build';
