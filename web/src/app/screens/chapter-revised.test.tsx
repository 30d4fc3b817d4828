import '../../test/jsdom-polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSessionAtom } from '../../shared/state/session.atoms';
import { getAppStore } from '../../shared/state/store';
import { emptySocialAnswer, json, stubFetch } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { BOOK_SLUG, chapterPageResponse } from '../../features/chapter/chapter-page.fixture';
import { ChapterScreen } from '../page-code';
import { preloadEveryLazyComponent } from '../../shared/ui/lazy-component';

// The chapter page's code, and the parts it loads on demand, are loaded before the cases (as the server does).
beforeAll(async () => {
  await ChapterScreen.preload();
  await preloadEveryLazyComponent();
});

const user = { user_id: 'u1', username: 'reader', email: 'reader@example.com', email_verified: true };

/** The chapter page of a signed-in reader, the account answering each record of their place with `revised`. */
function renderChapter(chapterId: number, { revised, chaptersRevised }: { revised: boolean; chaptersRevised: number[] }) {
  getAppStore().set(startSessionAtom, { token: 't', refreshToken: 'r', user });
  stubFetch((url, init) => {
    const social = emptySocialAnswer(url);
    if (social) return social;
    if (url === '/api/user/reading-progress' && init.method === 'POST') return json(200, { message: 'Progress saved.', recorded: true, revised });
    if (url.startsWith('/api/user/reading-progress?')) return json(200, { progress: null, chapters_read: [101, 102, 103], chapters_revised: chaptersRevised });
    if (url.startsWith(`/api/${BOOK_SLUG}/`)) return json(200, chapterPageResponse(Number(url.split('/').pop())));
    return json(404, { message: 'Not found' });
  });
  renderWithProviders(
    <Routes>
      <Route path="/:bookIDSlug/:chapterID" element={<ChapterScreen />} />
    </Routes>,
    `/${BOOK_SLUG}/${chapterId}`,
  );
}

describe('a chapter revised since the reader read it', () => {
  it('says so on opening when the account answers that its text changed, and marks the revised chapters in the list', async () => {
    renderChapter(102, { revised: true, chaptersRevised: [103] });
    expect(await screen.findByText('This chapter was revised since you last read it.', {}, { timeout: 3_000 })).toHaveAttribute('role', 'status');
    fireEvent.click(screen.getAllByRole('button', { name: 'Chapters' })[0]);
    const list = within(await screen.findByRole('dialog', { name: 'Chapters' }));
    const marked = await list.findAllByText('Revised since you read');
    expect(marked).toHaveLength(1);
    expect(marked[0].closest('li')).toHaveTextContent('Chapter 3: Night Rain');
  });

  it('says nothing when the chapter is as the reader read it', async () => {
    renderChapter(102, { revised: false, chaptersRevised: [] });
    await screen.findByRole('heading', { level: 1, name: 'Chapter 2: Night Rain' });
    await waitFor(() => expect(screen.queryByText('This chapter was revised since you last read it.')).toBeNull(), { timeout: 1_500 });
    await new Promise((done) => setTimeout(done, 1_000));
    expect(screen.queryByText('This chapter was revised since you last read it.')).toBeNull();
  });
});
