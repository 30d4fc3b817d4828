import type { BookPageResponse, HomeResponse } from '@shelf/contracts';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '../../../domain/domain-error';
import type { DependencyWatch } from '../../../platform/dependency-watch';
import { RequestDeadline } from '../../../platform/request-deadline';
import type { GetBookPageQuery } from '../../catalog/application/get-book-page.query';
import type { GetCategoryPageQuery } from '../../catalog/application/get-category-page.query';
import type { GetChapterPageQuery } from '../../catalog/application/get-chapter-page.query';
import type { GetHomeQuery } from '../../catalog/application/get-home.query';
import { PageAnswers } from '../application/page-answers';
import type { CommentThreads } from '../../comments/infrastructure/comment-threads';
import { PageCache } from '../application/page-cache';
import type { ResponseCache } from '../../../platform/http/response-cache';
import { WebAppBuild } from '../infrastructure/web-app-build';
import { ServerRenderedPages } from './server-rendered-pages';

/**
 * A built web app in a folder: index.html, the manifest and a server build that renders the answer's title as the
 * page (or its refusal's message), and takes /searchbook for a page the browser renders.
 */
function webBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'shelf-pages-'));
  mkdirSync(join(root, 'dist', '.vite'), { recursive: true });
  mkdirSync(join(root, 'dist-server'));
  writeFileSync(join(root, 'dist', 'index.html'), '<html><head><meta charset="UTF-8" /><title>Novel Shelf</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(root, 'dist', '.vite', 'manifest.json'), '{}');
  writeFileSync(join(root, 'dist', 'ads.js'), '');
  writeFileSync(
    join(root, 'dist-server', 'entry-server.cjs'),
    `exports.createPageRenderer = async () => ({
      requestOf: (url) => (url.startsWith('/searchbook') ? null : url === '/' ? { page: 'home' } : { page: 'story', bookId: Number.parseInt(url.slice(1), 10) }),
      render: (url, { data }) => {
        const answer = data.answer;
        const text = 'error' in answer ? answer.error.message : data.page === 'home' ? answer.data.latestBooks[0].english_book_name : answer.data.bookDetails.english_book_name;
        return { html: '<h1>' + text + '</h1>', title: text, description: 'About ' + text, modules: [] };
      },
    });`,
  );
  return root;
}

const home = { latestBooks: [{ english_book_name: 'Golden Stage' }], randomBLBooks: [], randomNonBLBooks: [] } as unknown as HomeResponse;

describe('ServerRenderedPages', () => {
  let root: string;
  let server: Server;
  let base: string;
  let storeDown = false;
  /** A store that takes the request and never answers, as the watch sees it. */
  let storeStalled = false;

  beforeAll(async () => {
    root = webBuild();
    const books = {
      execute: async (bookId: number) => {
        if (storeDown) throw new Error('store unavailable');
        if (storeStalled) return new Promise<never>(() => undefined);
        if (bookId !== 12) throw new DomainError('not-found', 'Book not found.');
        return { bookDetails: { english_book_name: 'Golden Stage' } } as BookPageResponse;
      },
    } as unknown as GetBookPageQuery;
    const answers = new PageAnswers({ execute: async () => home } as unknown as GetHomeQuery, {} as GetCategoryPageQuery, books, {} as GetChapterPageQuery, {} as CommentThreads);
    const cache = new PageCache({ onClear: () => undefined } as unknown as ResponseCache);
    const watch = { away: () => (storeStalled ? 'store' : null) } as DependencyWatch;
    const web = new WebAppBuild();
    await web.load(join(root, 'dist'));
    const pages = new ServerRenderedPages(answers, cache, new RequestDeadline(watch), web);
    const app = express();
    app.use(pages.handler(['/api/']));
    // What the static files answer: index.html, for the browser to render.
    app.use((_req, res) => res.send('index.html'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('sends home and a story rendered, with their data and an ETag, and a 304 to a browser that has the page', async () => {
    const page = await fetch(`${base}/12-golden-stage`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).toContain('<div id="root"><h1>Golden Stage</h1></div><script type="application/json" id="page-data">');
    expect(html).toContain('<title>Golden Stage</title>');
    const again = await fetch(`${base}/12-golden-stage`, { headers: { 'If-None-Match': page.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(await (await fetch(`${base}/`)).text()).toContain('<h1>Golden Stage</h1>');
  });

  it("answers a missing story with its not-found page and 404, the API's message in its data", async () => {
    const page = await fetch(`${base}/99-nothing`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain('<h1>Book not found.</h1>');
    expect(html).toContain('"error":{"status":404,"message":"Book not found."}');
  });

  it("answers a page whose answer the store does not give in time 503 with Retry-After, drawn from the API's refusal", async () => {
    storeStalled = true;
    const page = await fetch(`${base}/12-golden-stage?stalled`).finally(() => (storeStalled = false));
    expect([page.status, page.headers.get('retry-after'), page.headers.get('cache-control')]).toEqual([503, '5', 'no-store']);
    const html = await page.text();
    expect(html).toContain('<h1>The site is temporarily unavailable. Please try again shortly.</h1>');
    expect(html).toContain('"error":{"status":503,"message":"The site is temporarily unavailable. Please try again shortly."}');
    // Not kept: once the store answers, the page is the story's.
    expect(await (await fetch(`${base}/12-golden-stage?stalled`)).text()).toContain('<h1>Golden Stage</h1>');
  });

  it('leaves other pages, files, the API and a page it cannot render (a failure that is not an outage) to what follows', async () => {
    for (const path of ['/searchbook?book_name=x', '/ads.js', '/api/12']) {
      expect([path, await (await fetch(`${base}${path}`)).text()]).toEqual([path, 'index.html']);
    }
    storeDown = true;
    const page = await fetch(`${base}/12-golden-stage?fresh`);
    storeDown = false;
    expect([page.status, await page.text()]).toEqual([200, 'index.html']);
  });
});
