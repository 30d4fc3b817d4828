import type { Page } from 'playwright-core';

/**
 * The browser's speech synthesis, stood in for (this machine's Chromium has no speech service): it speaks nothing,
 * records each utterance, and ends the one being spoken when the test calls `__speech.finish()`. `voices` are what
 * `getVoices` lists.
 */
export function fakeSpeech(voices: { name: string; lang: string; voiceURI: string }[]) {
  type Utterance = { text: string; rate: number; voice: { name: string } | null; lang: string; onend?: () => void; onerror?: (event: { error: string }) => void };
  const queue: Utterance[] = [];
  const spoken: { text: string; rate: number; voice: string | null }[] = [];
  const engine = Object.assign(new EventTarget(), {
    paused: false,
    getVoices: () => voices.map((voice) => ({ ...voice, default: false, localService: true })),
    speak: (utterance: Utterance) => {
      spoken.push({ text: utterance.text, rate: utterance.rate, voice: utterance.voice?.name ?? null });
      queue.push(utterance);
    },
    pause: () => void (engine.paused = true),
    resume: () => void (engine.paused = false),
    cancel: () => queue.splice(0).forEach((utterance) => utterance.onerror?.({ error: 'interrupted' })),
  });
  class FakeUtterance {
    rate = 1;
    voice = null;
    lang = '';
    constructor(readonly text: string) {}
  }
  Object.defineProperty(window, 'speechSynthesis', { value: engine, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
  Object.assign(window, {
    __speech: {
      spoken,
      speaking: () => queue[0]?.text ?? null,
      paused: () => engine.paused,
      finish: () => queue.shift()?.onend?.(),
      // Ends every block still to read in this chapter: the reading runs to the chapter's end.
      finishChapter: () => {
        while (queue.length > 0) queue.shift()!.onend?.();
      },
    },
  });
}

declare global {
  interface Window {
    __speech: { spoken: { text: string; rate: number; voice: string | null }[]; speaking(): string | null; paused(): boolean; finish(): void; finishChapter(): void };
  }
}
/** What the stand-in was given and is doing, read in the page. */
export const speech = (page: Page) => ({
  spoken: () => page.evaluate(() => window.__speech.spoken),
  speaking: () => page.evaluate(() => window.__speech.speaking()),
  paused: () => page.evaluate(() => window.__speech.paused()),
  finish: () => page.evaluate(() => window.__speech.finish()),
  finishChapter: () => page.evaluate(() => window.__speech.finishChapter()),
});
