import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * react-router's build creates each of its components with an unmarked `React.forwardRef(…)` call and names it with a
 * `displayName` assignment, which a bundler must keep: every component (Form, NavLink, its own Link with data-router
 * prefetching …) would ship whether used or not. Marked pure and unnamed, the unused ones drop out of the entry
 * (about 4 KB gzipped with shared/ui/Link).
 */
const pureRouterComponents: Plugin = {
  name: 'pure-router-components',
  apply: 'build',
  transform(code, id) {
    if (!/node_modules\/react-router\/dist\/production\/chunk-[^/]+\.mjs$/.test(id)) return null;
    return code.replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(').replace(/^\w+\.displayName = "\w+";$/gm, '');
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), pureRouterComponents],
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
