// What other modules may use of the mutes module (its Nest module class is `mutes.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './infrastructure/mutes-read-store';
