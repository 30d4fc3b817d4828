import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type SiteInfo, startSite } from './site';

declare module 'vitest' {
  export interface ProvidedContext {
    site: SiteInfo;
  }
}

/** Vitest global setup: one running site for all browser test files, stopped after them even when tests fail. */
export default async function setup(project: TestProject) {
  const site = await startSite(resolve(import.meta.dirname, '../../test-results/browser-site.log'));
  // A runner stopped by a signal skips the teardown below: take the site down with it.
  const killOnExit = () => site.killNow();
  process.once('exit', killOnExit);
  project.provide('site', { baseUrl: site.baseUrl, mailUrl: site.mailUrl, siteEnv: site.siteEnv, startOutput: site.startOutput });
  return async () => {
    process.off('exit', killOnExit);
    await site.stop();
  };
}
