import { Inject, Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { changesCatalog, READ_MODEL_CHANGES_CHANNEL, READ_MODELS_REBUILT, type ReadModelChange } from '@shelf/contracts';
import etag from 'etag';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { ReadModels } from '../read-models';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';
import { routeOf } from './answered-route';
import type { HeaderList } from './security-headers';

interface CachedResponse {
  body: Buffer;
  etag: string;
  /** The headers of a 304 (the validators), and of a 200: those and the body's type and length. */
  notModified: HeaderList;
  ok: HeaderList;
  /** The route pattern that made the answer, for the request metrics of the answers served from here. */
  route: string;
  /** When it is no longer served (performance.now): checked with the clock the request was timed by. */
  expires: number;
  /** The whole heads as last sent, joined once with the security headers they were sent with (one of two fixed lists). */
  heads?: { security: HeaderList; ok: string[]; notModified: string[] };
}

/** The request a controller answers: its path and query, and the route Express matched. */
type AnsweredRequest = IncomingMessage & { originalUrl: string };

/** How long a public answer is reused at most; random recommendations change this often. */
const TTL_MS = 60_000;
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';

/**
 * Hot public answers, serialised once and served from memory before Express and Nest see the request (see
 * front-door.ts). A catalog change announced by the workers empties it; so does a rebuild, once the new read models
 * are looked up.
 */
@Injectable()
export class ResponseCache implements OnModuleInit, BeforeApplicationShutdown {
  // Without lru-cache's own expiry, whose clock and timers cost a cached answer more than its lookup.
  private readonly entries = new LRUCache<string, CachedResponse>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + 256,
  });
  private readonly subscriber: Redis;
  private readonly clearListeners: (() => void)[] = [];
  /** How many times the cache was emptied: an answer made while it was is not kept (it may predate the change). */
  private emptied = 0;

  constructor(
    @Inject(SERVICE_ENV) env: ServiceEnv,
    private readonly readModels: ReadModels,
  ) {
    this.subscriber = new Redis(env.redisUrl);
    this.subscriber.on('error', () => undefined);
  }

  onModuleInit(): void {
    this.subscriber.on('message', (_channel: string, message: string) => {
      // Comments and reader marks change no cached answer; an unreadable message clears, to be safe.
      const change = parseChange(message);
      // After a rebuild, answers come from the new collections: look them up before answering again.
      if (change?.eventType === READ_MODELS_REBUILT) void this.readModels.refresh().catch(() => undefined).finally(() => this.clear());
      else if (!change || changesCatalog(change.eventType)) this.clear();
    });
    // After a reconnect, changes may have been missed.
    this.subscriber.on('ready', () => this.clear());
    this.subscriber.subscribe(READ_MODEL_CHANGES_CHANNEL).catch(() => undefined);
  }

  /** Calls `listener` whenever the cache is emptied, for caches of what is made from the same answers (rendered pages). */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }

  private clear(): void {
    this.emptied += 1;
    this.entries.clear();
    for (const listener of this.clearListeners) listener();
  }

  /**
   * The answer to a GET of `req`'s URL (path and query) that `answer` gives, for the controller to send; remembered
   * unless the cache was emptied while it was being made.
   */
  async remember<T>(req: AnsweredRequest, answer: () => Promise<T>): Promise<T> {
    const emptied = this.emptied;
    const body = await answer();
    if (emptied !== this.emptied) return body;
    const bytes = Buffer.from(JSON.stringify(body));
    const tag = etag(bytes, { weak: true });
    const notModified = ['Cache-Control', PUBLIC_CACHE_CONTROL, 'ETag', tag];
    const ok = [...notModified, 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(bytes.length)];
    this.entries.set(req.originalUrl, { body: bytes, etag: tag, notModified, ok, route: routeOf(req) ?? 'unmatched', expires: performance.now() + TTL_MS });
    return body;
  }

  /**
   * Answers a remembered GET (304 when the client has it) with `headers` beside its own, in one write of the head;
   * the route pattern that made the answer, or undefined when there is nothing remembered as of `now`
   * (performance.now).
   */
  serve(req: IncomingMessage, res: ServerResponse, headers: HeaderList, now: number): string | undefined {
    const hit = this.entries.get(req.url!);
    if (!hit || hit.expires <= now) return undefined;
    if (hit.heads?.security !== headers) hit.heads = { security: headers, ok: headers.concat(hit.ok), notModified: headers.concat(hit.notModified) };
    if (req.headers['if-none-match'] === hit.etag) res.writeHead(304, hit.heads.notModified).end();
    else res.writeHead(200, hit.heads.ok).end(hit.body);
    return hit.route;
  }

  beforeApplicationShutdown(): void {
    this.subscriber.disconnect();
  }
}

function parseChange(message: string): ReadModelChange | null {
  try {
    return JSON.parse(message) as ReadModelChange;
  } catch {
    return null;
  }
}
