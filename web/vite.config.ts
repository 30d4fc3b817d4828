import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@shelf/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
  },
  // `npm run dev -w web` talks to the API that `npm start` runs (which also serves the queue dashboard at /admin/queues).
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/realtime': { target: 'ws://127.0.0.1:8080', ws: true },
      '/admin/queues': 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
