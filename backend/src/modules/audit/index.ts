// What other modules may use of the audit module (its Nest module class is `audit.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './infrastructure/audit-trail-read-store';
