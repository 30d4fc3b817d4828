// What other modules may use of the feeds module (its Nest module class is `feeds.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './infrastructure/feed-addresses';
export * from './infrastructure/feed-tokens-read-store';
