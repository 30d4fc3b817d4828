import { Inject, Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { changesCatalog, READ_MODEL_CHANGES_CHANNEL, READ_MODELS_REBUILT, type ReadModelChange } from '@shelf/contracts';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';
import { ReadModels } from '../../../platform/read-models';

export interface RenderedDocument {
  status: number;
  html: string;
  etag: string;
}

/** As long as the API's own answers are reused (response-cache.ts): random recommendations change this often. */
const TTL_MS = 60_000;

/**
 * Rendered pages by address, reused for a minute, and forgotten as soon as the workers announce a change to the
 * catalog (or a rebuild of the read models), as the API's response cache is: a page never shows an older catalog than
 * the API answers.
 */
@Injectable()
export class PageCache implements OnModuleInit, BeforeApplicationShutdown {
  private readonly pages = new LRUCache<string, RenderedDocument>({
    maxSize: 32 * 1024 * 1024,
    ttl: TTL_MS,
    sizeCalculation: (page) => page.html.length + 64,
  });
  private readonly subscriber: Redis;

  constructor(
    @Inject(SERVICE_ENV) env: ServiceEnv,
    private readonly readModels: ReadModels,
  ) {
    this.subscriber = new Redis(env.redisUrl);
    this.subscriber.on('error', () => undefined);
  }

  onModuleInit(): void {
    this.subscriber.on('message', (_channel: string, message: string) => {
      const change = parseChange(message);
      // After a rebuild, pages come from the new collections: look them up before rendering again.
      if (change?.eventType === READ_MODELS_REBUILT) void this.readModels.refresh().catch(() => undefined).finally(() => this.pages.clear());
      else if (!change || changesCatalog(change.eventType)) this.pages.clear();
    });
    // After a reconnect, changes may have been missed.
    this.subscriber.on('ready', () => this.pages.clear());
    this.subscriber.subscribe(READ_MODEL_CHANGES_CHANNEL).catch(() => undefined);
  }

  get(url: string): RenderedDocument | undefined {
    return this.pages.get(url);
  }

  set(url: string, page: RenderedDocument): void {
    this.pages.set(url, page);
  }

  beforeApplicationShutdown(): void {
    this.subscriber.disconnect();
  }
}

/** An announced change; null when unreadable (which clears, to be safe). Comments and reader marks change no page. */
function parseChange(message: string): ReadModelChange | null {
  try {
    return JSON.parse(message) as ReadModelChange;
  } catch {
    return null;
  }
}
