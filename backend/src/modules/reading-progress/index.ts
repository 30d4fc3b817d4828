// What other modules may use of the reading-progress module (its Nest module class is `reading-progress.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './infrastructure/reading-progress-read-store';
export * from './infrastructure/reader-settings-read-store';
