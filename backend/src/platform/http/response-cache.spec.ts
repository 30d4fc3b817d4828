import { CatalogEventType, READ_MODEL_CHANGES_CHANNEL, SocialEventType } from '@shelf/contracts';
import type { Redis } from 'ioredis';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceEnv } from '../config/service-env';
import type { ReadModels } from '../read-models';
import { nameRoute } from './answered-route';
import { ResponseCache } from './response-cache';

/** A response that records the head and body it was given. */
function recordingResponse() {
  const sent: { status?: number; headers?: readonly string[]; body?: Buffer } = {};
  const res = {
    writeHead: (status: number, headers: readonly string[]) => {
      Object.assign(sent, { status, headers });
      return { end: (body?: Buffer) => Object.assign(sent, { body }) };
    },
  } as unknown as ServerResponse;
  return { res, sent };
}

describe('ResponseCache', () => {
  // Its Redis subscriber is never reached here (nothing listens on port 1): the cache itself is what is tested.
  const cache = new ResponseCache({ redisUrl: 'redis://127.0.0.1:1' } as ServiceEnv, {} as ReadModels);
  afterAll(() => cache.beforeApplicationShutdown());

  it('serves a remembered answer with the given headers first, by its URL, for 60 seconds of the request clock', async () => {
    const answered = { originalUrl: '/api/searchbook?page=1' } as IncomingMessage & { originalUrl: string };
    nameRoute(answered, '/api/searchbook');
    const clock = jest.spyOn(performance, 'now').mockReturnValue(5_000);
    await cache.remember(answered, async () => ({ books: ['Golden Stage'] }));
    clock.mockRestore();
    const request = { url: '/api/searchbook?page=1', headers: {} } as IncomingMessage;

    const fresh = recordingResponse();
    expect(cache.serve(request, fresh.res, ['X-Frame-Options', 'DENY'], 5_000 + 59_999)).toBe('/api/searchbook');
    expect(fresh.sent.status).toBe(200);
    expect(fresh.sent.headers?.slice(0, 4)).toEqual(['X-Frame-Options', 'DENY', 'Cache-Control', 'public, max-age=30']);
    expect(JSON.parse(fresh.sent.body!.toString())).toEqual({ books: ['Golden Stage'] });

    const stale = recordingResponse();
    expect(cache.serve(request, stale.res, ['X-Frame-Options', 'DENY'], 5_000 + 60_000)).toBeUndefined();
    expect(stale.sent.status).toBeUndefined();
    expect(cache.serve({ url: '/api/searchbook?page=2', headers: {} } as IncomingMessage, recordingResponse().res, [], 5_000)).toBeUndefined();
  });

  it('answers 304 without a body when the client has the answer', async () => {
    const answered = { originalUrl: '/api/' } as IncomingMessage & { originalUrl: string };
    nameRoute(answered, '/api/');
    await cache.remember(answered, async () => ({ latestBooks: [] }));
    const first = recordingResponse();
    cache.serve({ url: '/api/', headers: {} } as IncomingMessage, first.res, [], performance.now());
    const etag = first.sent.headers![first.sent.headers!.indexOf('ETag') + 1];
    const again = recordingResponse();
    expect(cache.serve({ url: '/api/', headers: { 'if-none-match': etag } } as IncomingMessage, again.res, [], performance.now())).toBe('/api/');
    expect(again.sent.status).toBe(304);
    expect(again.sent.body).toBeUndefined();
  });

  it('does not remember an answer made while a catalog change emptied the cache (it may predate the change)', async () => {
    cache.onModuleInit();
    const announce = (change: object) => (cache as unknown as { subscriber: Redis }).subscriber.emit('message', READ_MODEL_CHANGES_CHANNEL, JSON.stringify(change));
    const answered = { originalUrl: '/api/12' } as IncomingMessage & { originalUrl: string };
    nameRoute(answered, '/api/:bookIdSlug');
    const served = () => cache.serve({ url: '/api/12', headers: {} } as IncomingMessage, recordingResponse().res, [], performance.now());

    let finish!: (answer: { title: string }) => void;
    const before = cache.remember(answered, () => new Promise((resolve) => (finish = resolve)));
    announce({ eventType: CatalogEventType.ChapterUpdated, streamId: 'book-12' });
    finish({ title: 'The Ferry' });
    expect(await before).toEqual({ title: 'The Ferry' });
    expect(served()).toBeUndefined();

    // A comment changes no cached answer: what was being made meanwhile is remembered.
    const during = cache.remember(answered, () => new Promise((resolve) => (finish = resolve)));
    announce({ eventType: SocialEventType.CommentPosted, streamId: 'comment-1' });
    finish({ title: 'The Night Ferry' });
    await during;
    expect(served()).toBe('/api/:bookIdSlug');
  });
});
