import { Logger } from '@nestjs/common';
import type { PageRenderer } from '@shelf/contracts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PageDocument, type ViteManifest } from '../application/page-document';

/** The web app's server build, beside its browser build (`npm run build -w web` makes both). */
export const serverBuildOf = (webDist: string): string => process.env.WEB_DIST_SERVER ?? join(webDist, '..', 'dist-server');

/** What the API needs of the built web app to render its pages. */
export interface WebBuild {
  renderer: PageRenderer;
  document: PageDocument;
  /** The names at the top of the browser build (assets, ads.js, robots.txt …): addresses that are files, not pages. */
  files: ReadonlySet<string>;
}

interface ServerBuild {
  createPageRenderer(): Promise<PageRenderer>;
}

/**
 * Loads the built web app of `webDist` (a build artifact, never the web app's sources), or null when it has not been
 * built with its server build: pages are then sent as index.html alone, for the browser to render.
 */
export async function loadWebBuild(webDist: string): Promise<WebBuild | null> {
  const entry = join(serverBuildOf(webDist), 'entry-server.cjs');
  const manifest = join(webDist, '.vite', 'manifest.json');
  const template = join(webDist, 'index.html');
  if (![entry, manifest, template].every((file) => existsSync(file))) {
    Logger.warn(`No server build of the web app at ${entry}: pages are rendered in the browser only`, 'Pages');
    return null;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built CommonJS file found at run time by its path
  const build = require(entry) as ServerBuild;
  return {
    renderer: await build.createPageRenderer(),
    document: new PageDocument(readFileSync(template, 'utf8'), JSON.parse(readFileSync(manifest, 'utf8')) as ViteManifest, (file) =>
      readFileSync(join(webDist, file), 'utf8'),
    ),
    files: new Set(readdirSync(webDist)),
  };
}
