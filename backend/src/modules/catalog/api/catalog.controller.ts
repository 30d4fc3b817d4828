import { Controller, Get, Header, Param, Query, Req } from '@nestjs/common';
import type { BookPageListResponse, BookPageResponse, ChapterPageResponse, HomeResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { PUBLIC_CACHE_CONTROL, ResponseCache } from '../../../platform/http/response-cache';
import { GetBookPageQuery } from '../application/get-book-page.query';
import { GetCategoryPageQuery } from '../application/get-category-page.query';
import { GetChapterPageQuery } from '../application/get-chapter-page.query';
import { GetHomeQuery } from '../application/get-home.query';
import { bookIdOf, BookPageParams, CategoryOrChapterParams, isCategory } from './catalog-params';

/**
 * The public catalog. Registered after every other controller: its `/:slug` routes would otherwise take paths
 * such as /api/searchbook. Answers are remembered in the response cache and carry ETags.
 */
@Controller()
export class CatalogController {
  constructor(
    private readonly cache: ResponseCache,
    private readonly home: GetHomeQuery,
    private readonly categories: GetCategoryPageQuery,
    private readonly books: GetBookPageQuery,
    private readonly chapters: GetChapterPageQuery,
  ) {}

  @Get()
  @Header('Cache-Control', PUBLIC_CACHE_CONTROL)
  async getHome(@Req() req: Request): Promise<HomeResponse> {
    return this.cache.remember(req, () => this.home.execute());
  }

  @Get(':bookIdSlug')
  @Header('Cache-Control', PUBLIC_CACHE_CONTROL)
  async getBook(@Req() req: Request, @Param() params: BookPageParams): Promise<BookPageResponse> {
    return this.cache.remember(req, () => this.books.execute(bookIdOf(params.bookIdSlug)));
  }

  /** Either a category listing (/api/genre/Romance) or a chapter (/api/12-some-book/3). */
  @Get(':first/:second')
  @Header('Cache-Control', PUBLIC_CACHE_CONTROL)
  async getCategoryOrChapter(
    @Req() req: Request,
    @Param() params: CategoryOrChapterParams,
    @Query() query: Record<string, unknown>,
  ): Promise<BookPageListResponse | ChapterPageResponse> {
    const { first, second } = params;
    if (isCategory(first)) return this.cache.remember(req, () => this.categories.execute(first, second, query));
    return this.cache.remember(req, () => this.chapters.execute(bookIdOf(first), Number(second)));
  }
}
