import { Injectable } from '@nestjs/common';
import type { FeedFormat } from '@shelf/contracts';
import etag from 'etag';
import { LRUCache } from 'lru-cache';
import { ResponseCache } from '../../../platform/http/response-cache';
import { type FeedContent, feedDocument, type FeedSite } from './feed-document';

/** A feed as sent: its bytes and validators. */
export interface FeedAnswer {
  body: Buffer;
  /** Strong: of the bytes. */
  etag: string;
  /** HTTP date of the feed's `updated`. */
  lastModified: string;
}

const TTL_MS = 60_000;

export function feedAnswer(site: FeedSite, content: FeedContent, format: FeedFormat): FeedAnswer {
  const body = Buffer.from(feedDocument(site, content, format));
  return { body, etag: etag(body), lastModified: new Date(content.updated).toUTCString() };
}

/**
 * The public feeds made lately (a minute at most, 16 MB), forgotten whenever the API's response cache is (any catalog
 * change, a rebuild), as the rendered pages are. Reading-shelf feeds are never kept: a shelf or an address changes
 * without a catalog change.
 */
@Injectable()
export class FeedCache {
  private readonly entries = new LRUCache<string, FeedAnswer>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (answer) => answer.body.length + 256, ttl: TTL_MS });

  constructor(responses: ResponseCache) {
    responses.onClear(() => this.entries.clear());
  }

  async remembered(key: string, make: () => Promise<FeedAnswer>): Promise<FeedAnswer> {
    const kept = this.entries.get(key);
    if (kept) return kept;
    const made = await make();
    this.entries.set(key, made);
    return made;
  }
}
