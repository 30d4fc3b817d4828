// What other modules may use of the likes module (its Nest module class is `likes.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './api/like-dtos';
export * from './application/like-story.command';
export * from './infrastructure/liked-stories-read-models';
