import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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

/**
 * Each built script and style sheet also as `.br` (Brotli at its best) and `.gz` (gzip -9), compressed once here
 * rather than on every request, and smaller than on-the-fly compression makes them: the API
 * (backend/src/platform/http/precompressed-assets.ts) and nginx (`gzip_static`) send these as they are.
 */
const precompressAssets: Plugin = {
  name: 'precompress-assets',
  apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
  writeBundle({ dir }, bundle) {
    for (const file of Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name))) {
      const path = join(dir!, file);
      const content = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
      writeFileSync(`${path}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
    }
  },
};

/**
 * The installable web app: its manifest (linked from index.html) and the service worker of src/service-worker/sw.ts,
 * built with Workbox, which keeps the built files and the app shell for offline use (the app registers it: main.tsx).
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  injectRegister: false,
  // Not the dyslexia-friendly font's style sheet: it loads only for a reader who chooses that font.
  injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png}'], globIgnores: ['ads.js', 'assets/dyslexic-font-*.css'] },
  manifest: {
    name: 'Novel Shelf',
    short_name: 'Novel Shelf',
    description: 'Translated Chinese and Japanese web novels, boys-love first: read, like and discuss every chapter.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#b3123a',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

/**
 * A feature's face (`src/features/<name>/index.ts`, which eslint.config.mjs lets hold nothing but re-exports) has no
 * side effects of its own, and is marked so: a module that imports one thing from a face then brings only that thing
 * and what it needs, not every module the face names (the home page's entry would otherwise take in the code of the
 * features' parts that other pages load on demand).
 */
const sideEffectFreeFaces: Plugin = {
  name: 'side-effect-free-faces',
  transform(code, id) {
    return /\/src\/features\/[^/]+\/index\.ts$/.test(id) ? { code, moduleSideEffects: false } : null;
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), pureRouterComponents, sideEffectFreeFaces, precompressAssets, ...(isSsrBuild ? [] : [installableApp])],
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
    : {
        // The manifest tells the API which styles and scripts a server-rendered page needs.
        manifest: true,
        // A page's code loaded on demand brings its style sheets first, but not a preload link for each script it
        // imports: adding them (14 for a chapter) held the main thread ~200 ms on a 4× slowed CPU just before hydrating,
        // while the browser finds the same scripts one step later in the page's own imports.
        modulePreload: { resolveDependencies: (_file: string, deps: string[]) => deps.filter((dep) => dep.endsWith('.css')) },
        rollupOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
      },
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
    // A file per core at once, in threads (lighter than the default forks): 83 s instead of 144 s on 2 cores.
    pool: 'threads',
    // Beside lint, types and Jest (`npm run test:quick`) a file may wait for a core: no test is about time.
    testTimeout: 15_000,
    maxWorkers: availableParallelism(),
  },
}));
