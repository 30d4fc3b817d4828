import { Inject, Injectable } from '@nestjs/common';
import { type FeedFormat, feedPaths, type ReadingFeedAddress } from '@shelf/contracts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';
import type { FeedSite } from '../application/feed-document';

const TOKEN_ID_HEX = 32;

/**
 * The private addresses of Reading-shelf feeds. An address's token is its token id (random, 128 bits, in the log and
 * the read models) followed by an HMAC of it under a key derived from AUTH_SECRET (128 bits, never stored): whoever
 * reads the log or the store cannot make an address, and a changed AUTH_SECRET turns every address off.
 */
@Injectable()
export class FeedAddresses {
  private readonly key: Buffer;
  readonly site: FeedSite;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    this.key = createHmac('sha256', env.authSecret).update('reading-shelf-feed').digest();
    const url = env.publicUrl.replace(/\/+$/, '');
    this.site = { name: 'Novel Shelf', url, host: new URL(url).hostname };
  }

  /** A new token id. */
  newTokenId(): string {
    return randomBytes(TOKEN_ID_HEX / 2).toString('hex');
  }

  /** The secret token of the address named `tokenId`, as its URL carries it. */
  token(tokenId: string): string {
    return tokenId + this.sign(tokenId);
  }

  /** The token id a token names, or null for one this site did not make (its signature is checked in constant time). */
  tokenIdOf(token: string): string | null {
    if (!/^[0-9a-f]{64}$/.test(token)) return null;
    const tokenId = token.slice(0, TOKEN_ID_HEX);
    return timingSafeEqual(Buffer.from(token.slice(TOKEN_ID_HEX)), Buffer.from(this.sign(tokenId))) ? tokenId : null;
  }

  url(path: string): string {
    return `${this.site.url}${path}`;
  }

  /** The reader's whole feed addresses. */
  readingAddress(tokenId: string, createdAt: string): ReadingFeedAddress {
    const token = this.token(tokenId);
    const of = (format: FeedFormat) => this.url(feedPaths.reading(token, format));
    return { rss: of('rss'), atom: of('atom'), created_at: createdAt };
  }

  private sign(tokenId: string): string {
    return createHmac('sha256', this.key).update(tokenId).digest('hex').slice(0, 32);
  }
}
