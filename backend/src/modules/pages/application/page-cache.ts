import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ResponseCache } from '../../../platform/http/response-cache';

export interface RenderedDocument {
  status: number;
  html: string;
  etag: string;
}

/** As long as the API's own answers are reused (response-cache.ts): random recommendations change this often. */
const TTL_MS = 60_000;

/**
 * Rendered pages by address, reused for a minute, and forgotten whenever the API's response cache is (a catalog change
 * the workers announce, a rebuild of the read models, a reconnect): a page never shows an older catalog than the API
 * answers.
 */
@Injectable()
export class PageCache {
  private readonly pages = new LRUCache<string, RenderedDocument>({
    maxSize: 32 * 1024 * 1024,
    ttl: TTL_MS,
    sizeCalculation: (page) => page.html.length + 64,
  });

  constructor(answers: ResponseCache) {
    answers.onClear(() => this.pages.clear());
  }

  get(url: string): RenderedDocument | undefined {
    return this.pages.get(url);
  }

  set(url: string, page: RenderedDocument): void {
    this.pages.set(url, page);
  }
}
