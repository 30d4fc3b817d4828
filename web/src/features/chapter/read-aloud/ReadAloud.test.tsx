import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_VOICES_TEXT } from '../../reader-settings/speech';
import { PLACE_MOVED_EVENT } from '../../reading-progress/use-record-progress';
import { type FakeSpeech, installFakeSpeech } from '../../../test/fake-speech';
import { renderWithProviders } from '../../../test/render';
import { ReadAloud } from './ReadAloud';
import { READ_ALOUD_CURRENT_CLASS, useReadAloud } from './use-read-aloud';

const CHAPTERS: Record<string, string[]> = {
  '1': ['The rain began at dusk.', 'Shixiong waited by the gate.', 'Nobody came.'],
  '2': ['Morning, and the mountain was white.', 'He went down alone.'],
};

function Chapter() {
  const chapter = useParams().chapter!;
  const page = useRef<HTMLDivElement>(null);
  const next = CHAPTERS[String(Number(chapter) + 1)] ? `/book/${Number(chapter) + 1}` : null;
  const readAloud = useReadAloud(page, Number(chapter), next);
  return (
    <article>
      <ReadAloud {...readAloud} />
      <div ref={page}>
        <div className="chapter-text">
          {CHAPTERS[chapter].map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      </div>
      <span data-testid="where">{useLocation().pathname}</span>
    </article>
  );
}

const renderChapter = (path = '/book/1') =>
  renderWithProviders(
    <Routes>
      <Route path="/book/:chapter" element={<Chapter />} />
    </Routes>,
    path,
  );
const highlighted = () => [...document.querySelectorAll(`.${READ_ALOUD_CURRENT_CLASS}`)].map((block) => block.textContent);

describe('read aloud', () => {
  let uninstall = () => undefined as void;
  afterEach(() => uninstall());
  /** A stand-in speech engine on window for this case, listing `voices`. */
  const withSpeech = (...voices: Parameters<typeof installFakeSpeech>) => {
    const installed = installFakeSpeech(...voices);
    uninstall = installed.uninstall;
    return installed.speech;
  };

  const listening = async (speech: FakeSpeech, text: string) => {
    await waitFor(() => expect(speech.speaking).toBe(text));
    expect(highlighted()).toEqual([text]);
  };

  it('reads the chapter block by block, highlighting the one being read, then goes on into the next chapter', async () => {
    const speech = withSpeech();
    renderChapter();
    fireEvent.click(screen.getByRole('button', { name: 'Listen' }));
    await listening(speech, 'The rain began at dusk.');
    expect(screen.getByRole('group', { name: 'Read aloud' })).toBeInTheDocument();
    act(() => speech.finish());
    await listening(speech, 'Shixiong waited by the gate.');
    act(() => speech.finish());
    act(() => speech.finish());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/book/2'));
    await listening(speech, 'Morning, and the mountain was white.');
    act(() => speech.finish());
    act(() => speech.finish());
    // The last chapter read to its end: the reading is over.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Read aloud' })).not.toBeInTheDocument());
    expect(highlighted()).toEqual([]);
    expect(screen.getByTestId('where')).toHaveTextContent('/book/2');
  });

  it('pauses, resumes and stops from the player', async () => {
    const speech = withSpeech();
    renderChapter();
    fireEvent.click(screen.getByRole('button', { name: 'Listen' }));
    await listening(speech, 'The rain began at dusk.');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(speech.paused).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(speech.paused).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(speech.speaking).toBeUndefined();
    expect(highlighted()).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Read aloud' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Listen' })).toBeEnabled();
  });

  it('says so where the browser has no voices', async () => {
    const speech = withSpeech([]);
    renderChapter();
    fireEvent.click(screen.getByRole('button', { name: 'Listen' }));
    expect(await screen.findByText(NO_VOICES_TEXT, undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(speech.spoken).toEqual([]);
  });

  it('says so where the browser has no speech at all', async () => {
    renderChapter();
    fireEvent.click(screen.getByRole('button', { name: 'Listen' }));
    expect(await screen.findByText(NO_VOICES_TEXT)).toBeInTheDocument();
  });

  it("moves the reader's place with each block, and scrolls at once while the page is hidden (the screen off)", async () => {
    const speech = withSpeech();
    const moves: Event[] = [];
    const onMove = (event: Event) => moves.push(event);
    window.addEventListener(PLACE_MOVED_EVENT, onMove);
    // Every block below the screen, so each one is scrolled to; the page hidden.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 5_000, bottom: 5_040 } as DOMRect);
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      renderChapter();
      fireEvent.click(screen.getByRole('button', { name: 'Listen' }));
      await listening(speech, 'The rain began at dusk.');
      act(() => speech.finish());
      await listening(speech, 'Shixiong waited by the gate.');
      expect(moves).toHaveLength(2);
      expect(scrolled.mock.calls).toEqual([[{ block: 'center', behavior: 'auto' }], [{ block: 'center', behavior: 'auto' }]]);
    } finally {
      window.removeEventListener(PLACE_MOVED_EVENT, onMove);
      vi.restoreAllMocks();
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });
});
