import { Controller, Get, Query, Req, UseGuards } from '@nestjs/common';
import type { SearchResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { SearchUnreadQuery } from '../application/search-unread.query';

/**
 * "Hide stories I have read or shelved": the search with the reader's own stories left out. Never cached (it is one
 * reader's); the front door counts it against the same search limit as GET /api/searchbook.
 */
@Controller('user/searchbook')
@UseGuards(UserGuard)
export class SearchUnreadController {
  constructor(private readonly search: SearchUnreadQuery) {}

  @Get()
  find(@Req() req: Request, @Query() query: Record<string, unknown>): Promise<SearchResponse> {
    return this.search.execute(claimsOf(req).sub, query);
  }
}
