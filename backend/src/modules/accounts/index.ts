// What other modules may use of the accounts module (its Nest module class is `accounts.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './application/account-directory';
export * from './application/account-erasure';
export * from './application/change-operator-role.command';
export * from './application/lift-commenting-suspension.command';
export * from './application/suspend-commenting.command';
export * from './domain/user-state';
export * from './infrastructure/erasure-announcements';
export * from './infrastructure/users-read-store';
