import { Controller, Get, Logger, Param, Req, Res } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerException, ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { DomainError } from '../../../domain/domain-error';
import { notModified } from '../../../platform/http/not-modified';
import { awayDependency, SERVICE_UNAVAILABLE_MESSAGE, setUnavailableHeaders } from '../../../platform/http/service-unavailable';
import { overLimit } from '../../../platform/rate-limits/rate-limit';
import { type Ebook, EbooksUnavailableError, StoryEbooks } from '../application/story-ebooks';
import { EPUB_MEDIA_TYPE } from '../application/epub-package';
import { EbookDownloadLimit, EbookMessage } from './ebook-limits';

/** Browsers and proxies may keep the file, and ask whether it changed (its ETag) before they use it again. */
const EBOOK_CACHE_CONTROL = 'public, no-cache';

/**
 * GET /api/books/{book_id}/epub: the story as an EPUB 3 file, for anyone, signed in or not. Every request counts
 * against the client address's hourly limit. The answer has an ETag that changes with the story, and a request naming
 * it gets 304. The checks, the limit and the book's lookup run under the request deadline; a file not kept yet is
 * built and sent after the route has returned (a long story takes longer than the deadline to build, and each of its
 * store calls has its own bound): a store away during the build is answered 503 with Retry-After, as elsewhere.
 */
@Controller('books')
export class EbooksController {
  private readonly logger = new Logger(EbooksController.name);

  constructor(
    private readonly ebooks: StoryEbooks,
    @InjectThrottlerStorage() private readonly attempts: ThrottlerStorage,
  ) {}

  @Get(':bookId/epub')
  async epub(@Req() req: Request, @Res() res: Response, @Param('bookId') bookIdText: string): Promise<void> {
    if (await overLimit(this.attempts, EbookDownloadLimit, req.ip ?? '')) throw new ThrottlerException(EbookMessage.tooMany);
    const bookId = /^[1-9]\d{0,9}$/.test(bookIdText) ? Number(bookIdText) : null;
    const book = bookId === null ? null : await this.ebooks.book(bookId);
    if (!book) throw new DomainError('not-found', EbookMessage.notFound);
    const tag = this.ebooks.tagOf(book);
    const etag = `"${tag}"`;
    res.setHeader('Cache-Control', EBOOK_CACHE_CONTROL);
    res.setHeader('ETag', etag);
    if (notModified({ 'if-none-match': req.headers['if-none-match'] }, etag, '')) {
      res.status(304).end();
      return;
    }
    const kept = this.ebooks.kept(tag);
    if (kept) return send(res, kept);
    void this.ebooks.file(book, tag).then(
      (file) => send(res, file),
      (error: unknown) => this.refuse(res, error),
    );
  }

  /** A build that failed: 503 while the store is away or no book can be made here, else 500 (and logged). */
  private refuse(res: Response, error: unknown): void {
    if (res.headersSent || res.destroyed) return;
    const unavailable = awayDependency(error) !== null || error instanceof EbooksUnavailableError;
    if (!unavailable) this.logger.error(`an e-book build failed: ${error instanceof Error ? error.stack : String(error)}`);
    res.removeHeader('ETag');
    res.removeHeader('Cache-Control');
    if (unavailable) setUnavailableHeaders(res);
    const status = unavailable ? 503 : 500;
    const message = error instanceof EbooksUnavailableError ? error.message : unavailable ? SERVICE_UNAVAILABLE_MESSAGE : 'Internal server error';
    res.status(status).json({ statusCode: status, message });
  }
}

function send(res: Response, file: Ebook): void {
  if (res.destroyed) return;
  res.status(200);
  res.setHeader('Content-Type', EPUB_MEDIA_TYPE);
  res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  res.setHeader('Last-Modified', new Date(file.modified).toUTCString());
  res.end(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}
