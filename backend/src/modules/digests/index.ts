// What other modules may use of the digests module (its Nest module class is `digests.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './application/digest.commands';
export * from './infrastructure/digests-read-store';
