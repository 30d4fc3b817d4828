import type { Page, WebSocket } from 'playwright-core';
import { inject } from 'vitest';

/** Opens `path` and resolves once the page's live socket has joined the comment thread (its ack arrived). */
export async function openThread(page: Page, path: string): Promise<void> {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/realtime/'));
  await page.goto(`${inject('site').baseUrl}${path}`);
  const ws = await socket;
  // socket.io frames: '42["thread:join.v1",…]' (LiveRequest.ThreadJoin) goes out, '43…[{"ok":true}]' is its acknowledgement.
  await ws.waitForEvent('framereceived', { predicate: (frame) => /^43\d*\[\{"ok":true\}\]$/.test(String(frame.payload)), timeout: 15_000 });
}

/**
 * Opens `path` and resolves once the page's live socket has joined the room of book `bookId` (its acknowledgement
 * arrived). The socket's frames are watched from its creation on, so none is missed.
 */
export async function openBookPage(page: Page, path: string, bookId: number, timeoutMs = 15_000): Promise<void> {
  let joined = () => {};
  const acknowledged = new Promise<void>((resolve) => (joined = resolve));
  const watch = (ws: WebSocket) => {
    if (!ws.url().includes('/realtime/')) return;
    // socket.io frames: '42<id>["book:join.v1",{"book_id":…}]' (LiveRequest.BookJoin) goes out, '43<id>[{"ok":true}]' answers it.
    let ackId: string | null = null;
    ws.on('framesent', (frame) => {
      const sent = /^42(\d+)\["book:join\.v1",\{"book_id":(\d+)\}\]$/.exec(String(frame.payload));
      if (sent && Number(sent[2]) === bookId) ackId = sent[1];
    });
    ws.on('framereceived', (frame) => {
      if (ackId !== null && String(frame.payload) === `43${ackId}[{"ok":true}]`) joined();
    });
  };
  let timer: NodeJS.Timeout | undefined;
  page.on('websocket', watch);
  try {
    await page.goto(`${inject('site').baseUrl}${path}`);
    await Promise.race([
      acknowledged,
      new Promise((_, fail) => (timer = setTimeout(() => fail(new Error(`the page did not join book ${bookId}'s room`)), timeoutMs))),
    ]);
  } finally {
    clearTimeout(timer);
    page.off('websocket', watch);
  }
}

/** Marks the document, to prove later that a change came without a reload. */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
export const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
