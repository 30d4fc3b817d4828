/** What read aloud says in a browser without speech or voices. */
export const NO_VOICES_TEXT = 'Read aloud is not available: this browser has no voices.';
/** How long the browser may take to list its voices before read aloud says it has none. */
const VOICES_WAIT_MS = 1500;

/** The browser's speech synthesis (Web Speech API), or null where there is none (the server, an old browser). */
export function speechEngine(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined' ? window.speechSynthesis : null;
}

/**
 * The voices `engine` offers. Chromium lists them only after its first `voiceschanged`, so an empty list is waited on
 * for a moment; still empty then, the browser has none (a Linux without a speech service, some headless browsers).
 */
export function loadVoices(engine: SpeechSynthesis, waitMs = VOICES_WAIT_MS): Promise<SpeechSynthesisVoice[]> {
  const now = engine.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      engine.removeEventListener('voiceschanged', done);
      resolve(engine.getVoices());
    };
    const timer = setTimeout(done, waitMs);
    engine.addEventListener('voiceschanged', done);
  });
}

/** The voice named by `voiceURI` when the browser still has it, else the browser's default (null). */
export function voiceNamed(voices: SpeechSynthesisVoice[], voiceURI: string): SpeechSynthesisVoice | null {
  return voices.find((voice) => voice.voiceURI === voiceURI) ?? null;
}
