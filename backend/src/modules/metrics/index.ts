// What other modules may use of the metrics module (its Nest module class is `metrics.module.ts`); the rest is its own.
// ESLint refuses imports of another module's insides (eslint.config.mjs, "module faces").
export * from './api/metrics-endpoint';
export * from './application/http-metrics';
