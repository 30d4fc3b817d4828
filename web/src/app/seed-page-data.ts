import type { EmbeddedPageData, PageData } from '@shelf/contracts';
import type { QueryClient, QueryKey, QueryState } from '@tanstack/react-query';
import { bookKeys } from '../features/book-page';
import { categoryKeys } from '../features/category';
import { chapterKeys } from '../features/chapter';
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

/**
 * Puts the answer a page was rendered from into the query cache, as if fetched when the page was rendered: the page
 * renders from it (on the server, and hydrating in the browser) and the browser does not fetch it again while fresh.
 * A refusal (a missing story) is kept as the query's error, as the API client would have thrown it.
 */
export function seedPageData(queryClient: QueryClient, { renderedAt, data }: EmbeddedPageData): void {
  const { answer } = data;
  const queryKey = queryKeyOf(data);
  const answered = 'data' in answer;
  const state: QueryState = {
    data: answered ? answer.data : undefined,
    dataUpdateCount: answered ? 1 : 0,
    dataUpdatedAt: answered ? renderedAt : 0,
    error: answered ? null : new ApiError(answer.error.status, answer.error.message),
    errorUpdateCount: answered ? 0 : 1,
    errorUpdatedAt: answered ? 0 : renderedAt,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: answered ? 'success' : 'error',
    fetchStatus: 'idle',
  };
  queryClient.getQueryCache().build(queryClient, { queryKey }, state);
}
