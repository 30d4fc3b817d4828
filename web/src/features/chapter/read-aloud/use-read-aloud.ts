import { atom, useAtom, useAtomValue } from 'jotai';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { READ_ALOUD_SPEEDS, readAloudSpeedIndexAtom, readAloudVoiceAtom, loadVoices, speechEngine, voiceNamed } from '../../reader-settings';
import { PLACE_MOVED_EVENT } from '../../reading-progress';
import { firstInView, keepInView, readableBlocks } from './read-aloud-blocks';
import { ReadAloudSession } from './read-aloud-session';

/** The block being read aloud carries this class (its highlight). */
export const READ_ALOUD_CURRENT_CLASS = 'read-aloud-current';
/** How long a chapter opened by read aloud may take to draw its text before listening gives up. */
const TEXT_WAIT_MS = 5000;

export type ReadAloudState = 'idle' | 'starting' | 'playing' | 'paused' | 'unavailable';

/** Set when a reading ran to the end of a chapter and opened the next: that chapter starts reading at its top. */
const continueAloudAtom = atom(false);

const blocksIn = (page: HTMLElement | null): HTMLElement[] => {
  const text = page?.querySelector<HTMLElement>('.chapter-text');
  return text ? readableBlocks(text) : [];
};

/** The chapter's blocks once drawn (a chapter opened in the app draws its text after its first render). */
function drawnBlocks(page: RefObject<HTMLElement | null>): Promise<HTMLElement[]> {
  const started = Date.now();
  return new Promise((resolve) => {
    const look = () => {
      const blocks = blocksIn(page.current);
      if (blocks.length > 0 || Date.now() - started > TEXT_WAIT_MS) resolve(blocks);
      else setTimeout(look, 50);
    };
    look();
  });
}

/**
 * Reads the chapter in `page` aloud with the browser's speech synthesis, from the first block on screen: the block
 * being read is highlighted and kept in view, and the reader's place follows it (PLACE_MOVED_EVENT, for a hidden page
 * too, which gets no scroll events); at the end
 * of the chapter the next one (`nextPath`) opens and is read from its top. Stops when the chapter is left.
 */
export function useReadAloud(page: RefObject<HTMLElement | null>, chapterId: number, nextPath: string | null) {
  // The state of this chapter's reading: another chapter's is over.
  const [reading, setReading] = useState<{ chapterId: number; state: ReadAloudState }>({ chapterId, state: 'idle' });
  const state = reading.chapterId === chapterId ? reading.state : 'idle';
  const setState = useCallback((next: ReadAloudState) => setReading({ chapterId, state: next }), [chapterId]);
  const speedIndex = useAtomValue(readAloudSpeedIndexAtom);
  const voiceURI = useAtomValue(readAloudVoiceAtom);
  const [continuing, setContinuing] = useAtom(continueAloudAtom);
  const navigate = useNavigate();
  const session = useRef<ReadAloudSession | null>(null);
  const marked = useRef<HTMLElement | null>(null);
  // Counts the readings ended: a start still waiting for voices or text when its reading was stopped gives up.
  const ended = useRef(0);
  // Read when a block starts or the chapter ends, so the latest choice and link apply.
  const latest = useRef({ speedIndex, voiceURI, nextPath, navigate });
  useEffect(() => {
    latest.current = { speedIndex, voiceURI, nextPath, navigate };
  });

  const mark = useCallback((block: HTMLElement | null) => {
    marked.current?.classList.remove(READ_ALOUD_CURRENT_CLASS);
    marked.current = block;
    if (block) {
      block.classList.add(READ_ALOUD_CURRENT_CLASS);
      keepInView(block);
      // The place is the reader's place, recorded even while the page is hidden and gets no scroll events.
      window.dispatchEvent(new Event(PLACE_MOVED_EVENT));
    }
  }, []);

  const end = useCallback(() => {
    ended.current += 1;
    session.current?.stop();
    session.current = null;
    mark(null);
  }, [mark]);

  const play = useCallback(
    async (from: 'on screen' | 'top') => {
      end();
      const mine = ended.current;
      const engine = speechEngine();
      const voices = await (engine ? loadVoices(engine) : Promise.resolve([]));
      if (ended.current !== mine) return;
      if (!engine || voices.length === 0) return setState('unavailable');
      const blocks = await drawnBlocks(page);
      if (ended.current !== mine) return;
      if (blocks.length === 0) return setState('idle');
      const reading = new ReadAloudSession(
        engine,
        blocks.map((block) => block.textContent ?? ''),
        () => ({ voice: voiceNamed(voices, latest.current.voiceURI), rate: READ_ALOUD_SPEEDS[latest.current.speedIndex] }),
        {
          onBlock: (index) => mark(blocks[index]),
          onEnd: () => {
            end();
            const { nextPath: next, navigate: go } = latest.current;
            if (next === null) return setState('idle');
            setContinuing(true);
            void go(next);
          },
          onError: () => {
            end();
            setState('idle');
          },
        },
      );
      session.current = reading;
      setState('playing');
      reading.start(from === 'top' ? 0 : firstInView(blocks));
    },
    [end, mark, page, setContinuing, setState],
  );

  // A new chapter: what was being read stops; one opened by a reading that reached the end of the last goes on.
  useEffect(() => end, [chapterId, end]);
  useEffect(() => {
    if (!continuing) return;
    // After this render is on screen: the reading looks for the chapter's drawn text.
    const timer = setTimeout(() => {
      setContinuing(false);
      void play('top');
    });
    return () => clearTimeout(timer);
  }, [chapterId, continuing, play, setContinuing]);

  return {
    state,
    listen: () => {
      setState('starting');
      void play('on screen');
    },
    pause: () => {
      session.current?.pause();
      setState('paused');
    },
    resume: () => {
      session.current?.resume();
      setState('playing');
    },
    stop: () => {
      end();
      setState('idle');
    },
  };
}
