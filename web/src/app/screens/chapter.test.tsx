import '../../test/jsdom-polyfills';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySocialAnswer } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { BOOK_SLUG, chapterPageResponse } from '../../features/chapter/chapter-page.fixture';
import { ChapterScreen } from '../page-code';
import { preloadEveryLazyComponent } from '../../shared/ui/lazy-component';

// The chapter page's code, and the parts it loads on demand, are loaded before the cases (as the server does).
beforeAll(async () => {
  await ChapterScreen.preload();
  await preloadEveryLazyComponent();
});

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderChapter(chapterId: number, response: (id: number) => unknown = chapterPageResponse) {
  const fetchMock = vi.fn(async (url: string) => {
    const social = emptySocialAnswer(url);
    if (social) return social;
    const id = Number(url.split('/').pop());
    if (!url.startsWith(`/api/${BOOK_SLUG}/`)) return new Response('{"message":"Not found"}', { status: 404 });
    return Response.json(response(id));
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <>
      <Routes>
        <Route path="/:bookIDSlug/:chapterID" element={<ChapterScreen />} />
      </Routes>
      <Location />
    </>,
    `/${BOOK_SLUG}/${chapterId}`,
  );
  return fetchMock;
}

const location = () => screen.getByTestId('location').textContent;

describe('ChapterScreen', () => {
  it('shows Loading, then the book title linked to the book, the chapter title, word count and text', async () => {
    const fetchMock = renderChapter(102);
    expect(screen.getByText('Loading')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Chapter 2: Night Rain' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(`/api/${BOOK_SLUG}/102`, expect.anything());
    expect(screen.getByRole('link', { name: "The Moon's Reply!" })).toHaveAttribute('href', `/${BOOK_SLUG}`);
    expect(screen.getByText('1,234 words')).toBeInTheDocument();
    expect(screen.getByText('window').tagName).toBe('STRONG');
    expect(document.title).toBe("Chapter 2: Night Rain - The Moon's Reply! | Novel Shelf");
    // The like button and the comment section.
    expect(await within(document.getElementById('chapter-like')!).findByText('Be the first to like this story!')).toBeInTheDocument();
    expect(await within(document.getElementById('chapter-comments')!).findByText('Nobody is here yet. Be the first to comment!')).toBeInTheDocument();
  });

  it('shows Error when the chapter cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Internal server error"}', { status: 500 })));
    renderWithProviders(
      <Routes>
        <Route path="/:bookIDSlug/:chapterID" element={<ChapterScreen />} />
      </Routes>,
      `/${BOOK_SLUG}/2`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error$/);
  });

  it('shows the not-found page, with a search by title, for a chapter that does not exist', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Chapter not found"}', { status: 404 })));
    renderWithProviders(
      <Routes>
        <Route path="/:bookIDSlug/:chapterID" element={<ChapterScreen />} />
      </Routes>,
      `/${BOOK_SLUG}/999`,
    );
    expect(await screen.findByRole('heading', { name: 'Chapter not found' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search stories by title' })).toBeInTheDocument();
  });

  it('shows home for a path that names no book id and chapter id', async () => {
    const fetchMock = vi.fn(async () => Response.json({ latestBooks: [], randomBLBooks: [], randomNonBLBooks: [] }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <Routes>
        <Route path="/:bookIDSlug/:chapterID" element={<ChapterScreen />} />
      </Routes>,
      '/some-page/chapter-one',
    );
    expect(await screen.findByRole('heading', { name: 'Latest Updates' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/', expect.anything());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('links Previous Chapter, Index and Next Chapter', async () => {
    renderChapter(102);
    const nav = within(await screen.findByRole('navigation', { name: 'Chapter navigation' }));
    expect(nav.getByRole('link', { name: 'Previous Chapter' })).toHaveAttribute('href', `/${BOOK_SLUG}/101`);
    expect(nav.getByRole('link', { name: 'Index' })).toHaveAttribute('href', `/${BOOK_SLUG}`);
    expect(nav.getByRole('link', { name: 'Next Chapter' })).toHaveAttribute('href', `/${BOOK_SLUG}/103`);
    expect(nav.queryByText(/^Next:/)).toBeNull();
  });

  it("links the next book with 'Next:' after the last chapter", async () => {
    renderChapter(103);
    const nav = within(await screen.findByRole('navigation', { name: 'Chapter navigation' }));
    expect(nav.queryByRole('link', { name: 'Next Chapter' })).toBeNull();
    expect(nav.getByRole('link', { name: 'Next: Snow & Ashes: Part II' })).toHaveAttribute('href', '/13-snow-ashes-part-ii');
  });

  it('shows Footnote, Author Note and TL Note only when present', async () => {
    renderChapter(101, (id) => chapterPageResponse(id, { footnote: 'A *jin* is half a kilo.', chapter_tl_note: 'Thanks for reading!' }));
    expect(await screen.findByRole('complementary', { name: 'Footnote' })).toHaveTextContent('A jin is half a kilo.');
    expect(screen.getByRole('complementary', { name: 'TL Note' })).toHaveTextContent('Thanks for reading!');
    expect(screen.queryByRole('complementary', { name: 'Author Note' })).toBeNull();
  });

  it('goes to the next and previous chapter with the arrow keys, but not with Alt or from a text field', async () => {
    renderChapter(102);
    await screen.findByRole('heading', { level: 1, name: 'Chapter 2: Night Rain' });

    fireEvent.keyDown(window, { key: 'ArrowRight', altKey: true });
    expect(location()).toBe(`/${BOOK_SLUG}/102`);
    const field = document.body.appendChild(document.createElement('input'));
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    expect(location()).toBe(`/${BOOK_SLUG}/102`);
    field.remove();

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(location()).toBe(`/${BOOK_SLUG}/103`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Chapter 3: Night Rain' })).toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(location()).toBe(`/${BOOK_SLUG}/102`);
  });

  it('does not leave the last chapter with the right arrow', async () => {
    renderChapter(103);
    await screen.findByRole('heading', { level: 1, name: 'Chapter 3: Night Rain' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(location()).toBe(`/${BOOK_SLUG}/103`);
  });

  describe('mobile bar', () => {
    let now = 0;
    beforeEach(() => {
      vi.spyOn(Date, 'now').mockImplementation(() => now);
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    function press(target: Element, from: [number, number], to: [number, number], ms: number) {
      fireEvent.pointerDown(target, { clientX: from[0], clientY: from[1], isPrimary: true });
      now += ms;
      fireEvent.pointerUp(target, { clientX: to[0], clientY: to[1], isPrimary: true });
    }

    const mobileBar = () => screen.queryByRole('navigation', { name: 'Reader controls (mobile)' });

    it('toggles on a short, still tap on the page, and ignores drags and long presses', async () => {
      renderChapter(102);
      const page = await screen.findByTestId('chapter-page');
      const paragraph = within(page).getByText(/The rain had not stopped/);
      expect(mobileBar()).toBeNull();

      press(paragraph, [50, 50], [59, 50], 200);
      expect(mobileBar()).toBeInTheDocument();
      press(paragraph, [50, 50], [50, 50], 201);
      expect(mobileBar()).toBeInTheDocument();
      press(paragraph, [50, 50], [50, 60], 100);
      expect(mobileBar()).toBeInTheDocument();
      press(paragraph, [50, 50], [52, 52], 80);
      expect(mobileBar()).toBeNull();
    });

    it('leaves the bar alone on a tap that lands on a link or button in the text', async () => {
      renderChapter(102, (id) => chapterPageResponse(id, { content: 'See [the glossary](/glossary) first.' }));
      const link = await screen.findByRole('link', { name: 'the glossary' });
      press(link, [5, 5], [5, 5], 50);
      expect(mobileBar()).toBeNull();
      press(link.parentElement!, [5, 5], [5, 5], 50);
      expect(mobileBar()).toBeInTheDocument();
    });

    it('holds previous, next, book, chapter list, comments and settings', async () => {
      renderChapter(102);
      press(await screen.findByTestId('chapter-page'), [10, 10], [10, 10], 50);
      const bar = within(mobileBar()!);
      expect(bar.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', `/${BOOK_SLUG}/101`);
      expect(bar.getByRole('link', { name: 'Next' })).toHaveAttribute('href', `/${BOOK_SLUG}/103`);
      expect(bar.getByRole('link', { name: 'Book' })).toHaveAttribute('href', `/${BOOK_SLUG}`);
      const scrolled: Element[] = [];
      Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
        scrolled.push(this);
      };
      fireEvent.click(bar.getByRole('button', { name: 'Comments' }));
      expect(scrolled).toEqual([document.getElementById('chapter-comments')]);

      fireEvent.click(bar.getByRole('button', { name: 'Chapters' }));
      const list = await screen.findByRole('dialog', { name: 'Chapters' });
      expect(within(list).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([101, 102, 103].map((id) => `/${BOOK_SLUG}/${id}`));
      expect(within(list).getByRole('link', { name: 'Chapter 2: Night Rain' })).toHaveAttribute('aria-current', 'page');
      fireEvent.click(within(list).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();

      fireEvent.click(bar.getByRole('button', { name: 'Settings' }));
      const settings = await screen.findByRole('dialog', { name: 'Reader settings' });
      expect(within(settings).getByRole('group', { name: 'Font size' })).toBeInTheDocument();
    });
  });
});

describe('chapter ads', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('come after the paragraphs where the running word count reaches 50, 200, 400, 600 and 800', async () => {
    // Ten paragraphs of 30, 30, 90, 60, 190, 190, 30, 170, 20 and 90 words: totals 60, 210, 400, 620 and 810 follow
    // paragraphs 2, 4, 5, 7 and 9.
    const sizes = [30, 30, 90, 60, 190, 190, 30, 170, 20, 90];
    const content = sizes.map((words, i) => `P${i + 1} ${'word '.repeat(words - 1).trim()}`).join('\n\n');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderChapter(101, (id) => chapterPageResponse(id, { content }));
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('[data-ad-slot]')).toBeNull(); // ads wait 1 second
    act(() => vi.advanceTimersByTime(1000));

    const text = document.querySelector('.chapter-text')!;
    const ads = [...text.querySelectorAll('[data-ad-slot]')];
    expect(ads.map((ad) => ad.previousElementSibling?.lastElementChild?.textContent?.split(' ')[0])).toEqual(['P2', 'P4', 'P5', 'P7', 'P9']);
    expect(text.querySelectorAll('p')).toHaveLength(10);
  });
});
