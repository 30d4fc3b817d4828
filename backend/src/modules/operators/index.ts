// What other modules may use of the operators module (its Nest module class is `operators.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './api/operator.guard';
export * from './api/queue-dashboard';
