import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { READ_MODEL_CHANGES_CHANNEL, type ServiceEnv } from '@shelf/contracts';
import etag from 'etag';
import type { NextFunction, Request, Response } from 'express';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { SERVICE_ENV } from '../service-env.token';

interface CachedResponse {
  body: string;
  etag: string;
}

/** How long a public answer is reused at most; random recommendations change this often. */
const TTL_MS = 60_000;
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';

/**
 * Hot public answers, serialised once and served from memory by `serve` before Nest routes the request. Any
 * read-model change announced by the workers empties it, so a cached answer is never older than the read models
 * by more than the announcement's delay.
 */
@Injectable()
export class ResponseCache implements OnModuleInit, OnApplicationShutdown {
  private readonly entries = new LRUCache<string, CachedResponse>({ maxSize: 64 * 1024 * 1024, ttl: TTL_MS, sizeCalculation: (entry) => entry.body.length + 64 });
  private readonly subscriber: Redis;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    this.subscriber = new Redis(env.redisUrl);
    this.subscriber.on('error', () => undefined);
  }

  onModuleInit(): void {
    this.subscriber.on('message', () => this.entries.clear());
    // After a reconnect, changes may have been missed.
    this.subscriber.on('ready', () => this.entries.clear());
    this.subscriber.subscribe(READ_MODEL_CHANGES_CHANNEL).catch(() => undefined);
  }

  /** Remembers the answer to a GET of `url`; returns the body unchanged for the controller to send. */
  remember<T>(url: string, body: T): T {
    const json = JSON.stringify(body);
    this.entries.set(url, { body: json, etag: etag(json, { weak: true }) });
    return body;
  }

  /** Express middleware: answers a remembered GET at once (304 when the client has it), otherwise passes on. */
  readonly serve = (req: Request, res: Response, next: NextFunction): void => {
    const hit = req.method === 'GET' ? this.entries.get(req.originalUrl) : undefined;
    if (!hit) return next();
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.setHeader('ETag', hit.etag);
    if (req.headers['if-none-match'] === hit.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(hit.body);
  };

  onApplicationShutdown(): void {
    this.subscriber.disconnect();
  }
}
