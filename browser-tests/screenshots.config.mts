import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run screenshots:comments`: the comment section, read aloud, glossary, paragraph comments and e-book screenshots in docs/screenshots/, taken from the site as `npm start` runs
// it (the browser tests' harness), with the content they show created through the API.
export default defineConfig({
  resolve: { alias: { '@shelf/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) } },
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['browser-tests/screenshots/**/*.shot.ts'],
    environment: 'node',
    globalSetup: ['browser-tests/harness/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
    teardownTimeout: 60_000,
  },
});
