import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeSpeech, installFakeSpeech } from '../../../test/fake-speech';
import { ReadAloudSession } from './read-aloud-session';

describe('ReadAloudSession', () => {
  let speech: FakeSpeech;
  let uninstall: () => void;
  beforeEach(() => ({ speech, uninstall } = installFakeSpeech()));
  afterEach(() => uninstall());

  const listener = () => ({ onBlock: vi.fn(), onEnd: vi.fn(), onError: vi.fn() });

  it('reads each block after the last one ends, from the one it starts at, then ends', () => {
    const events = listener();
    const session = new ReadAloudSession(window.speechSynthesis, ['One.', 'Two.', 'Three.'], () => ({ voice: null, rate: 1 }), events);
    session.start(1);
    expect(speech.speaking).toBe('Two.');
    expect(events.onBlock).toHaveBeenLastCalledWith(1);
    speech.finish();
    expect(speech.speaking).toBe('Three.');
    expect(events.onBlock).toHaveBeenLastCalledWith(2);
    expect(events.onEnd).not.toHaveBeenCalled();
    speech.finish();
    expect(events.onEnd).toHaveBeenCalledTimes(1);
    expect(speech.spoken.map((utterance) => utterance.text)).toEqual(['Two.', 'Three.']);
  });

  it('takes the voice and speed chosen when each block starts', () => {
    let choices = { voice: null as SpeechSynthesisVoice | null, rate: 1 };
    const session = new ReadAloudSession(window.speechSynthesis, ['One.', 'Two.'], () => choices, listener());
    session.start(0);
    const tenor = speech.voices[1] as unknown as SpeechSynthesisVoice;
    choices = { voice: tenor, rate: 1.5 };
    speech.finish();
    expect(speech.spoken.map(({ rate, voice, lang }) => ({ rate, voice: voice?.name ?? null, lang }))).toEqual([
      { rate: 1, voice: null, lang: '' },
      { rate: 1.5, voice: 'Tenor', lang: 'en-US' },
    ]);
  });

  it('reads nothing more once stopped, and takes the cancel it causes for no failure', () => {
    const events = listener();
    const session = new ReadAloudSession(window.speechSynthesis, ['One.', 'Two.'], () => ({ voice: null, rate: 1 }), events);
    session.start(0);
    session.stop();
    expect(speech.speaking).toBeUndefined();
    expect(speech.spoken).toHaveLength(1);
    expect(events.onError).not.toHaveBeenCalled();
    expect(events.onEnd).not.toHaveBeenCalled();
  });

  it('reports a failure of the browser and reads no further', () => {
    const events = listener();
    const session = new ReadAloudSession(window.speechSynthesis, ['One.', 'Two.'], () => ({ voice: null, rate: 1 }), events);
    session.start(0);
    speech.fail('synthesis-failed');
    expect(events.onError).toHaveBeenCalledWith('synthesis-failed');
    expect(speech.spoken).toHaveLength(1);
  });

  it('pauses and resumes the browser', () => {
    const session = new ReadAloudSession(window.speechSynthesis, ['One.'], () => ({ voice: null, rate: 1 }), listener());
    session.start(0);
    session.pause();
    expect(speech.paused).toBe(true);
    session.resume();
    expect(speech.paused).toBe(false);
  });
});
