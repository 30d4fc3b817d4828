import { Injectable } from '@nestjs/common';
import type { PageAnswer, PageData, PageRequest } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { GetBookPageQuery, GetCategoryPageQuery, GetChapterPageQuery, GetHomeQuery } from '../../catalog';
import { CommentThreads } from '../../comments';

/**
 * The answers server-rendered pages show, from the same queries (and read models) as the API's GET /api/… routes. A
 * missing story, chapter or category is the API's 404 and its message; anything else that fails is thrown.
 */
@Injectable()
export class PageAnswers {
  constructor(
    private readonly home: GetHomeQuery,
    private readonly categories: GetCategoryPageQuery,
    private readonly books: GetBookPageQuery,
    private readonly chapters: GetChapterPageQuery,
    private readonly threads: CommentThreads,
  ) {}

  async of(request: PageRequest): Promise<PageData> {
    switch (request.page) {
      case 'home':
        return { ...request, answer: await answer(this.home.execute()) };
      case 'story':
        return { ...request, answer: await answer(this.books.execute(request.bookId)) };
      case 'chapter': {
        // The chapter's paragraph counts beside it, from the same read as the API's paragraph-counts (one `_id` read).
        const chapter = { book_id: request.bookId, chapter_id: Number(request.chapterID) };
        const [page, paragraphs] = await Promise.all([answer(this.chapters.execute(chapter.book_id, chapter.chapter_id)), this.threads.paragraphCounts(chapter)]);
        return { ...request, answer: page, paragraphs: paragraphs ?? {} };
      }
      case 'category':
        return { ...request, answer: await answer(this.categories.execute(request.category, request.value, { pageNum: String(request.pageNum) })) };
    }
  }
}

async function answer<T>(query: Promise<T>): Promise<PageAnswer<T>> {
  try {
    return { data: await query };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not-found') return { error: { status: 404, message: error.message } };
    throw error;
  }
}
