// A stand-in for the browser's speech synthesis (Web Speech API), which jsdom lacks: it "speaks" nothing, records what
// it was given, and ends the utterance being spoken when a test says so. Install per test; uninstall after.

export interface FakeVoice {
  name: string;
  lang: string;
  voiceURI: string;
  default: boolean;
  localService: boolean;
}

class FakeUtterance {
  rate = 1;
  voice: FakeVoice | null = null;
  lang = '';
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

export class FakeSpeech extends EventTarget {
  spoken: FakeUtterance[] = [];
  queue: FakeUtterance[] = [];
  paused = false;
  constructor(public voices: FakeVoice[]) {
    super();
  }
  getVoices = () => this.voices;
  speak = (utterance: FakeUtterance) => {
    this.spoken.push(utterance);
    this.queue.push(utterance);
  };
  pause = () => void (this.paused = true);
  resume = () => void (this.paused = false);
  cancel = () => {
    const cancelled = this.queue;
    this.queue = [];
    for (const utterance of cancelled) utterance.onerror?.({ error: 'interrupted' });
  };
  /** The utterance being spoken reaches its end. */
  finish() {
    const utterance = this.queue.shift();
    if (!utterance) throw new Error('nothing is being spoken');
    utterance.onend?.();
  }
  /** The utterance being spoken fails with `error`. */
  fail(error: string) {
    this.queue.shift()?.onerror?.({ error });
  }
  get speaking(): string | undefined {
    return this.queue[0]?.text;
  }
}

export const VOICES: FakeVoice[] = [
  { name: 'Alto', lang: 'en-GB', voiceURI: 'alto', default: true, localService: true },
  { name: 'Tenor', lang: 'en-US', voiceURI: 'tenor', default: false, localService: true },
];

/** Puts a fake speech synthesis with `voices` on window; returns it, and a function that takes it away again. */
export function installFakeSpeech(voices: FakeVoice[] = VOICES): { speech: FakeSpeech; uninstall: () => void } {
  const speech = new FakeSpeech(voices);
  Object.defineProperty(window, 'speechSynthesis', { value: speech, configurable: true });
  Object.defineProperty(globalThis, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true, writable: true });
  return {
    speech,
    uninstall: () => {
      delete (window as { speechSynthesis?: unknown }).speechSynthesis;
      delete (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance;
    },
  };
}
