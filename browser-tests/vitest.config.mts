import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:browser`: Playwright (playwright-core + Debian's Chromium) against the site as `npm start` runs it.
export default defineConfig({
  resolve: { alias: { '@shelf/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) } },
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['browser-tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['browser-tests/harness/global-setup.ts'],
    // One site for every file, and two cores: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    // A page on a busy two-core CI machine can take seconds to settle; polls wait that long by default.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // Stopping the site waits for its processes to shut down cleanly.
    teardownTimeout: 60_000,
  },
});
