// What other modules may use of the catalog module (its Nest module class is `catalog.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './api/search-rate-limit';
export * from './application/catalog-lists';
export * from './application/cover-svg';
export * from './application/get-book-page.query';
export * from './application/get-category-page.query';
export * from './application/get-chapter-page.query';
export * from './application/get-home.query';
export * from './application/parse-search-params';
export * from './import-format/chapter-file';
export * from './infrastructure/catalog-read-store';
