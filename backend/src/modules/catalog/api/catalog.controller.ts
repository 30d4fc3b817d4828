import { BadRequestException, Controller, Get, Header, NotFoundException, Param, Query, Req } from '@nestjs/common';
import {
  type BookPageListResponse,
  type BookPageResponse,
  type Category,
  CATEGORIES,
  type ChapterPageResponse,
  DIVERSITIES,
  GENRES,
  type HomeResponse,
  SETTINGS,
  TAGS,
} from '@shelf/contracts';
import type { Request } from 'express';
import { PUBLIC_CACHE_CONTROL, ResponseCache } from '../../../platform/http/response-cache';
import { GetBookPageQuery } from '../application/get-book-page.query';
import { GetCategoryPageQuery } from '../application/get-category-page.query';
import { GetChapterPageQuery } from '../application/get-chapter-page.query';
import { GetHomeQuery } from '../application/get-home.query';
import { parsePageNum } from './parse-search-params';

const categoryValues: Record<Category, readonly string[]> = { diversity: DIVERSITIES, setting: SETTINGS, genre: GENRES, tag: TAGS };

/** The book id of a `{bookIDSlug}`: the text before the first dash, a positive whole number. */
function bookIdOf(slug: string): number {
  const id = slug.split('-', 1)[0];
  if (!/^[1-9]\d{0,9}$/.test(id)) throw new BadRequestException('Invalid book id.');
  return Number(id);
}

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
    return this.cache.remember(req, await this.home.execute());
  }

  @Get(':bookIdSlug')
  @Header('Cache-Control', PUBLIC_CACHE_CONTROL)
  async getBook(@Req() req: Request, @Param('bookIdSlug') slug: string): Promise<BookPageResponse> {
    return this.cache.remember(req, await this.books.execute(bookIdOf(slug)));
  }

  /** Either a category listing (/api/genre/Romance) or a chapter (/api/12-some-book/3). */
  @Get(':first/:second')
  @Header('Cache-Control', PUBLIC_CACHE_CONTROL)
  async getCategoryOrChapter(
    @Req() req: Request,
    @Param('first') first: string,
    @Param('second') second: string,
    @Query() query: Record<string, unknown>,
  ): Promise<BookPageListResponse | ChapterPageResponse> {
    if ((CATEGORIES as readonly string[]).includes(first)) {
      const category = first as Category;
      if (!categoryValues[category].includes(second)) throw new NotFoundException(`There is no ${category} called "${second}".`);
      return this.cache.remember(req, await this.categories.execute(category, second, parsePageNum(query)));
    }
    if (!/^[1-9]\d{0,9}$/.test(second)) throw new BadRequestException('Invalid chapter id.');
    return this.cache.remember(req, await this.chapters.execute(bookIdOf(first), Number(second)));
  }
}
