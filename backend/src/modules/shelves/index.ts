// What other modules may use of the shelves module (its Nest module class is `shelves.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './infrastructure/shelves-read-store';
