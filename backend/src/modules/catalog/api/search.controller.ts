import { Controller, Get, Query, Req } from '@nestjs/common';
import type { SearchResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { ResponseCache } from '../../../platform/http/response-cache';
import { SearchBooksQuery } from '../application/search-books.query';

/** GET /api/searchbook. The front door counts each search against the client's rate limit before it gets here. */
@Controller('searchbook')
export class SearchController {
  constructor(
    private readonly cache: ResponseCache,
    private readonly search: SearchBooksQuery,
  ) {}

  @Get()
  async find(@Req() req: Request, @Query() query: Record<string, unknown>): Promise<SearchResponse> {
    return this.cache.remember(req, () => this.search.execute(query));
  }
}
