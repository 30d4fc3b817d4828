import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerStorage } from '@nestjs/throttler';
import { FEED_MEDIA_TYPES, type FeedFormat } from '@shelf/contracts';
import type { Request, Response } from 'express';
import { DomainError } from '../../../domain/domain-error';
import { overLimit } from '../../../platform/rate-limits/rate-limit';
import { type FeedAnswer, feedAnswer, FeedCache } from '../application/feed-cache';
import { FeedQueries, NO_SUCH_FEED } from '../application/feed-queries';
import { FeedAddresses } from '../infrastructure/feed-addresses';
import { FEED_RATE_LIMIT } from './feed-limits';
import { feedBookId, feedFile } from './feed-file';
import { notModified } from '../../../platform/http/not-modified';

const PUBLIC_FEED_CACHE = 'public, max-age=300';
const PRIVATE_FEED_CACHE = 'private, max-age=60';

/**
 * The feeds, RSS 2.0 and Atom 1.0: `/api/feeds/latest.{rss,atom}`, `/api/feeds/stories/{book id}.{rss,atom}` and
 * `/api/feeds/reading/{token}.{rss,atom}`. Each answer has an ETag (of its bytes) and a Last-Modified (its newest
 * chapter, or later), and a request that names either as the client has it gets 304. Every request, 304 or not,
 * counts against the client's feed limit. The public feeds are kept a minute, and forgotten on any catalog change.
 */
@Controller('feeds')
export class FeedsController {
  constructor(
    private readonly queries: FeedQueries,
    private readonly addresses: FeedAddresses,
    private readonly cache: FeedCache,
    @InjectThrottlerStorage() private readonly attempts: ThrottlerStorage,
  ) {}

  @Get('reading/:file')
  async reading(@Req() req: Request, @Res() res: Response, @Param('file') file: string): Promise<void> {
    await this.count(req);
    const { name, format } = feedFile(file);
    if (name.length > 200) throw new DomainError('not-found', NO_SUCH_FEED);
    const answer = feedAnswer(this.addresses.site, await this.queries.reading(name), format);
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Referrer-Policy', 'no-referrer');
    this.send(req, res, answer, format, PRIVATE_FEED_CACHE);
  }

  @Get('stories/:file')
  async story(@Req() req: Request, @Res() res: Response, @Param('file') file: string): Promise<void> {
    await this.count(req);
    const { name, format } = feedFile(file);
    const bookId = feedBookId(name);
    const answer = await this.cache.remembered(`story:${bookId}:${format}`, async () => feedAnswer(this.addresses.site, await this.queries.story(bookId), format));
    this.send(req, res, answer, format, PUBLIC_FEED_CACHE);
  }

  @Get(':file')
  async latest(@Req() req: Request, @Res() res: Response, @Param('file') file: string): Promise<void> {
    await this.count(req);
    const { name, format } = feedFile(file);
    if (name !== 'latest') throw new DomainError('not-found', NO_SUCH_FEED);
    const answer = await this.cache.remembered(`latest:${format}`, async () => feedAnswer(this.addresses.site, await this.queries.latest(), format));
    this.send(req, res, answer, format, PUBLIC_FEED_CACHE);
  }

  private async count(req: Request): Promise<void> {
    if (await overLimit(this.attempts, FEED_RATE_LIMIT, req.ip ?? '')) throw new DomainError('too-many', FEED_RATE_LIMIT.message);
  }

  /** 304 when the client's copy is this one (If-None-Match, else If-Modified-Since), else the feed. */
  private send(req: Request, res: Response, answer: FeedAnswer, format: FeedFormat, cacheControl: string): void {
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', answer.etag);
    res.setHeader('Last-Modified', answer.lastModified);
    if (notModified(req.headers, answer.etag, answer.lastModified)) {
      res.status(304).end();
      return;
    }
    res.type(`${FEED_MEDIA_TYPES[format]}; charset=utf-8`).send(answer.body);
  }
}
