// What other modules may use of the comments module (its Nest module class is `comments.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './application/erase-comment-author.command';
export * from './domain/comment-decisions';
export * from './domain/comment-messages';
export * from './domain/comment-state';
export * from './infrastructure/comment-repository';
export * from './infrastructure/comment-threads';
