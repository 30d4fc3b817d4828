import type { ChapterPageResponse } from '@shelf/contracts';
import { act } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { readLocalProgress } from './local-progress';
import { PLACE_MOVED_EVENT, useRecordProgress } from './use-record-progress';

const page = {
  chapterContent: { book_id: 7, chapter_id: 3, title: 'The Gate' },
  bookDetails: { book_id: 7, english_book_name: 'Snow on the Roof', description: '' },
} as unknown as ChapterPageResponse;

/** Where the top of the chapter's text (ten screens tall) is. */
let top = 0;
function Chapter() {
  const text = useRef<HTMLDivElement>(null);
  useRecordProgress(page, text);
  return <div ref={text} />;
}

describe("the reader's place", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    top = 0;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top, height: window.innerHeight * 10 }) as DOMRect);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  // The share of the text seen: the first screen of ten at the top, six screens of ten half-way down.
  const place = () => readLocalProgress().b7?.position;

  it('is recorded when something moves it without a scroll event, as read aloud does on a hidden page', async () => {
    renderWithProviders(<Chapter />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(place()).toBe(0.1);

    // Half-way down the text; a hidden page gets no scroll event, only the place-moved one.
    top = -window.innerHeight * 5;
    act(() => void window.dispatchEvent(new Event(PLACE_MOVED_EVENT)));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(place()).toBe(0.6);
  });

  it('is not recorded again while nothing moves it', async () => {
    renderWithProviders(<Chapter />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    top = -window.innerHeight * 5;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(place()).toBe(0.1);
  });
});
