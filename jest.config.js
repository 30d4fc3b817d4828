// Jest runs the server-side suites (contracts, search-index, server-config, read-model-formats, event-log, backend, workers) as projects of one run,
// against the real FerretDB, Redis and SMTP catcher that test/global-setup.cjs starts.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const project = (name, testMatch = ['<rootDir>/src/**/*.spec.ts']) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'node',
  testMatch,
  // meilisearch and feed ship only ES modules; Jest's CommonJS loader needs them transformed.
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(?:meilisearch|feed)/)'],
  moduleNameMapper: {
    '^@shelf/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@shelf/search-index$': '<rootDir>/../search-index/src/index.ts',
    '^@shelf/server-config$': '<rootDir>/../server-config/src/index.ts',
    '^@shelf/read-model-formats$': '<rootDir>/../read-model-formats/src/index.ts',
    '^@shelf/event-log$': '<rootDir>/../event-log/src/index.ts',
    '^@test/support$': '<rootDir>/../test/support.ts',
    '^@test/listening-api$': '<rootDir>/../test/listening-api.ts',
    '^@test/decider-spec$': '<rootDir>/../test/decider-spec.ts',
    '^@test/lint-samples$': '<rootDir>/../test/lint-samples.ts',
  },
});

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    ...['contracts', 'search-index', 'server-config', 'read-model-formats', 'event-log', 'backend', 'workers'].map((name) => project(name)),
    // Whole flows across the API and the workers, as `npm start` runs them; and the API fuzzed (test/fuzz).
    project('test', ['<rootDir>/e2e/**/*.spec.ts', '<rootDir>/fuzz/**/*.spec.ts', '<rootDir>/docs/**/*.spec.ts']),
  ],
  globalSetup: '<rootDir>/test/global-setup.cjs',
  globalTeardown: '<rootDir>/test/global-teardown.cjs',
  testTimeout: 30000,
};
