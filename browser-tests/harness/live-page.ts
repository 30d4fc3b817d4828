import { LiveRequest, type ThreadRef } from '@shelf/contracts';
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
 * Opens `path` and resolves once the page's live socket has sent `request` with `payload` and had it acknowledged. The
 * socket's frames are watched from its creation on, so none is missed.
 */
async function openJoining(page: Page, path: string, request: string, payload: object, timeoutMs: number): Promise<void> {
  // socket.io frames: '42<id>["book:join.v1",{"book_id":…}]' goes out, '43<id>[{"ok":true}]' answers it.
  const sentFrame = JSON.stringify([request, payload]);
  let joined = () => {};
  const acknowledged = new Promise<void>((resolve) => (joined = resolve));
  const watch = (ws: WebSocket) => {
    if (!ws.url().includes('/realtime/')) return;
    let ackId: string | null = null;
    ws.on('framesent', (frame) => {
      const sent = /^42(\d+)(.*)$/s.exec(String(frame.payload));
      if (sent && sent[2] === sentFrame) ackId = sent[1];
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
      new Promise((_, fail) => (timer = setTimeout(() => fail(new Error(`the page's ${sentFrame} was not acknowledged`)), timeoutMs))),
    ]);
  } finally {
    clearTimeout(timer);
    page.off('websocket', watch);
  }
}

/** Opens `path` and resolves once the page's live socket has joined the room of book `bookId` (its acknowledgement arrived). */
export const openBookPage = (page: Page, path: string, bookId: number, timeoutMs = 15_000): Promise<void> =>
  openJoining(page, path, LiveRequest.BookJoin, { book_id: bookId }, timeoutMs);

/**
 * Opens the chapter page at `path` and resolves once its live socket has joined the chapter's comment thread (which the
 * page follows for its paragraph counts before its comments are drawn).
 */
export const openChapterThread = (page: Page, path: string, thread: ThreadRef, timeoutMs = 15_000): Promise<void> =>
  openJoining(page, path, LiveRequest.ThreadJoin, { book_id: thread.book_id, chapter_id: thread.chapter_id }, timeoutMs);

/** Marks the document, to prove later that a change came without a reload. */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
export const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
