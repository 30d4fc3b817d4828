import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@shelf/contracts', replacement: fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
      // react-router's package exports name only its development build, whose warnings production does not need.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
            { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
          ]
        : []),
    ],
  },
  build: isSsrBuild
    ? {
        // The server build the API loads (src/entry-server.tsx): one CommonJS file with every dependency in it, React's
        // production build included, so the API needs nothing of the web app's at run time.
        outDir: 'dist-server',
        copyPublicDir: false,
        rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false } },
      }
    : // The manifest tells the API which styles and scripts a server-rendered page needs.
      { manifest: true, rollupOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } } },
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
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
}));
