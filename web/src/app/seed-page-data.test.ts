import type { EmbeddedPageData } from '@shelf/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { chapterPageResponse } from '../features/chapter/chapter-page.fixture';
import { chapterKeys, paragraphCountKeys } from '../features/chapter';
import { seedPageData } from './seed-page-data';

const renderedAt = Date.now() - 5_000;
const chapterPage = (paragraphs?: Record<string, number>): EmbeddedPageData => ({
  renderedAt,
  data: { page: 'chapter', bookId: 12, bookIDSlug: '12-the-moons-reply', chapterID: '102', answer: { data: chapterPageResponse(102) }, paragraphs },
});

describe('seedPageData', () => {
  it("puts a chapter page's paragraph counts under their own query, as fetched when the page was rendered", () => {
    const queryClient = new QueryClient();
    seedPageData(queryClient, chapterPage({ '0123456789abcd': 2 }));
    expect(queryClient.getQueryData(chapterKeys.page('12-the-moons-reply', '102'))).toEqual(chapterPageResponse(102));
    const counts = queryClient.getQueryState(paragraphCountKeys.chapter(12, 102));
    expect(counts?.data).toEqual({ paragraphs: { '0123456789abcd': 2 } });
    expect(counts).toMatchObject({ status: 'success', dataUpdatedAt: renderedAt, fetchStatus: 'idle' });
  });

  it('seeds no counts when the page has none, or the chapter was refused', () => {
    const queryClient = new QueryClient();
    seedPageData(queryClient, chapterPage());
    const missing: EmbeddedPageData = {
      renderedAt,
      data: { page: 'chapter', bookId: 12, bookIDSlug: '12-the-moons-reply', chapterID: '999', answer: { error: { status: 404, message: 'Chapter not found' } }, paragraphs: {} },
    };
    seedPageData(queryClient, missing);
    expect(queryClient.getQueryCache().findAll({ queryKey: paragraphCountKeys.all })).toHaveLength(0);
    expect(queryClient.getQueryState(chapterKeys.page('12-the-moons-reply', '999'))).toMatchObject({ status: 'error', errorUpdatedAt: renderedAt });
  });
});
