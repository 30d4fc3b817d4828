// What other modules may use of the search-presets module (its Nest module class is `search-presets.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './infrastructure/search-presets-read-store';
