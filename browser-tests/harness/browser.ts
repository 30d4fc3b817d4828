import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, headless; no browser is ever downloaded. CHROME_PATH points elsewhere if needed. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
}
