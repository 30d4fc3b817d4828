/** What a reading uses for its next block: read when each block starts, so a change of settings applies from the next one. */
export interface SpeechChoices {
  voice: SpeechSynthesisVoice | null;
  rate: number;
}

export interface ReadAloudListener {
  /** Block `index` is being read now. */
  onBlock(index: number): void;
  /** The last block was read to its end. */
  onEnd(): void;
  /** The browser could not speak (`error` is the SpeechSynthesisErrorEvent's code). */
  onError(error: string): void;
}

/**
 * One reading of a chapter's blocks through the browser's speech synthesis: one utterance per block, the next spoken
 * when the last ends. The utterance being spoken is kept referenced (Chromium drops the events of one collected early).
 */
export class ReadAloudSession {
  private speaking: SpeechSynthesisUtterance | null = null;
  private stopped = false;

  constructor(
    private readonly engine: SpeechSynthesis,
    private readonly texts: string[],
    private readonly choices: () => SpeechChoices,
    private readonly listener: ReadAloudListener,
  ) {}

  start(from: number): void {
    this.engine.cancel();
    this.speak(from);
  }

  pause(): void {
    this.engine.pause();
  }

  resume(): void {
    this.engine.resume();
  }

  stop(): void {
    this.stopped = true;
    this.speaking = null;
    this.engine.cancel();
  }

  private speak(index: number): void {
    if (this.stopped) return;
    if (index >= this.texts.length) {
      this.speaking = null;
      this.listener.onEnd();
      return;
    }
    const utterance = new SpeechSynthesisUtterance(this.texts[index]);
    const { voice, rate } = this.choices();
    utterance.rate = rate;
    if (voice) {
      utterance.voice = voice;
      utterance.lang = voice.lang;
    }
    utterance.onend = () => {
      if (this.speaking === utterance) this.speak(index + 1);
    };
    utterance.onerror = (event) => {
      // A cancel (stop, or the next reading starting) ends the utterance with an error of its own: not a failure.
      if (this.speaking !== utterance || event.error === 'interrupted' || event.error === 'canceled') return;
      this.speaking = null;
      this.listener.onError(event.error);
    };
    this.speaking = utterance;
    this.listener.onBlock(index);
    this.engine.speak(utterance);
  }
}
