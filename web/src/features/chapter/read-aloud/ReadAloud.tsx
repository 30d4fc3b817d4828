import { NO_VOICES_TEXT } from '../../reader-settings';
import type { ReadAloudState } from './use-read-aloud';
import './read-aloud.css';

interface ReadAloudProps {
  state: ReadAloudState;
  listen: () => void;
  pause: () => void;
  resume: () => void;
  stop: () => void;
}

/**
 * Read aloud's controls: "Listen" under the chapter's heading (drawn by the server too, so nothing moves when the page
 * hydrates), and while a reading goes on, a small player fixed at the bottom of the screen to pause, resume and stop it
 * from anywhere in the chapter.
 */
export function ReadAloud({ state, listen, pause, resume, stop }: ReadAloudProps) {
  const active = state === 'playing' || state === 'paused';
  return (
    <>
      <div className="read-aloud">
        <button type="button" className="read-aloud-listen" onClick={listen} disabled={state !== 'idle' && state !== 'unavailable'}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 7.97v8.05c1.48-.73 2.5-2.25 2.5-4.02z" fill="currentColor" />
          </svg>
          {active ? 'Listening' : 'Listen'}
        </button>
        <p className="read-aloud-status" aria-live="polite">
          {state === 'unavailable' ? NO_VOICES_TEXT : ''}
        </p>
      </div>
      {active && (
        <div className="read-aloud-player" role="group" aria-label="Read aloud">
          {state === 'playing' ? (
            <button type="button" onClick={pause}>
              Pause
            </button>
          ) : (
            <button type="button" onClick={resume}>
              Resume
            </button>
          )}
          <button type="button" onClick={stop}>
            Stop
          </button>
        </div>
      )}
    </>
  );
}
