import type { EmbeddedPageData, PageData, ParagraphCountsResponse } from '@shelf/contracts';
import type { QueryClient, QueryKey, QueryState } from '@tanstack/react-query';
import { bookKeys } from '../features/book-page';
import { categoryKeys } from '../features/category';
import { chapterKeys, paragraphCountKeys } from '../features/chapter';
import { homeKeys } from '../features/home';
import { ApiError } from '../shared/api/api-error';

/** The query of the page that holds the answer. */
function queryKeyOf(data: PageData): QueryKey {
  switch (data.page) {
    case 'home':
      return homeKeys.all;
    case 'story':
      return bookKeys.page(data.bookId);
    case 'chapter':
      return chapterKeys.page(data.bookIDSlug, data.chapterID);
    case 'category':
      return categoryKeys.page(data.category, data.value, data.pageNum);
  }
}

/** A query's state as if its answer (data, or a refusal) was fetched at `at`. */
function fetchedAt(answer: { data: unknown } | { error: ApiError }, at: number): QueryState {
  const answered = 'data' in answer;
  return {
    data: answered ? answer.data : undefined,
    dataUpdateCount: answered ? 1 : 0,
    dataUpdatedAt: answered ? at : 0,
    error: answered ? null : answer.error,
    errorUpdateCount: answered ? 0 : 1,
    errorUpdatedAt: answered ? 0 : at,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: answered ? 'success' : 'error',
    fetchStatus: 'idle',
  };
}

/**
 * Puts the answer a page was rendered from into the query cache, as if fetched when the page was rendered: the page
 * renders from it (on the server, and hydrating in the browser) and the browser does not fetch it again while fresh.
 * A refusal (a missing story) is kept as the query's error, as the API client would have thrown it. A chapter's
 * paragraph comment counts, when the page has them, go under their own query the same way.
 */
export function seedPageData(queryClient: QueryClient, { renderedAt, data }: EmbeddedPageData): void {
  const { answer } = data;
  const cache = queryClient.getQueryCache();
  cache.build(queryClient, { queryKey: queryKeyOf(data) }, fetchedAt('data' in answer ? answer : { error: new ApiError(answer.error.status, answer.error.message) }, renderedAt));
  if (data.page === 'chapter' && data.paragraphs && 'data' in data.answer) {
    const { book_id, chapter_id } = data.answer.data.chapterContent;
    const counts: ParagraphCountsResponse = { paragraphs: data.paragraphs };
    cache.build(queryClient, { queryKey: paragraphCountKeys.chapter(book_id, chapter_id) }, fetchedAt({ data: counts }, renderedAt));
  }
}
