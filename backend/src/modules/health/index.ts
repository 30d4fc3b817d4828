// What other modules may use of the health module (its Nest module class is `health.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './infrastructure/projection-progress';
