import { Injectable } from '@nestjs/common';
import type { FeedFormat } from '@shelf/contracts';
import etag from 'etag';
import { MadeFromAnswers } from '../../../platform/http/made-from-answers';
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

export function feedAnswer(site: FeedSite, content: FeedContent, format: FeedFormat): FeedAnswer {
  const body = Buffer.from(feedDocument(site, content, format));
  return { body, etag: etag(body), lastModified: new Date(content.updated).toUTCString() };
}

/**
 * The public feeds made lately (16 MB at most), reused and forgotten as the API's answers are (made-from-answers.ts).
 * Reading-shelf feeds are never kept: a shelf or an address changes without a catalog change.
 */
@Injectable()
export class FeedCache extends MadeFromAnswers<FeedAnswer> {
  constructor(responses: ResponseCache) {
    super(responses, 16 * 1024 * 1024, (answer) => answer.body.length + 256);
  }
}
