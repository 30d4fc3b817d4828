import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** Opens `path` and resolves once the page's live socket has joined the comment thread (its ack arrived). */
export async function openThread(page: Page, path: string): Promise<void> {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/realtime/'));
  await page.goto(`${inject('site').baseUrl}${path}`);
  const ws = await socket;
  // socket.io frames: '42["thread:join.v1",…]' (LiveRequest.ThreadJoin) goes out, '43…[{"ok":true}]' is its acknowledgement.
  await ws.waitForEvent('framereceived', { predicate: (frame) => /^43\d*\[\{"ok":true\}\]$/.test(String(frame.payload)), timeout: 15_000 });
}

/** Marks the document, to prove later that a change came without a reload. */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
export const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
