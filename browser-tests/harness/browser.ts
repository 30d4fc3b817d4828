import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

/** Debian's Chromium, headless; no browser is ever downloaded. CHROME_PATH points elsewhere if needed. */
const launchOptions = { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] };

export function launchChromium(): Promise<Browser> {
  return chromium.launch(launchOptions);
}

/** A browser with a profile of its own in `userDataDir`, not an incognito context: where Chromium lets a site install. */
export function launchChromiumProfile(userDataDir: string, options: BrowserContextOptions): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...launchOptions, ...options });
}
