import { MadeFromAnswers } from './made-from-answers';
import type { ResponseCache } from './response-cache';

/** A response cache that is emptied when the test says so. */
function answers() {
  const listeners: (() => void)[] = [];
  const cache = { onClear: (listener: () => void) => listeners.push(listener) } as unknown as ResponseCache;
  return { cache, empty: () => listeners.forEach((listener) => listener()) };
}

const size = (value: { text: string }) => value.text.length;

describe('MadeFromAnswers', () => {
  it('keeps what it made until the response cache is emptied, then makes it afresh', async () => {
    const { cache, empty } = answers();
    const made = new MadeFromAnswers<{ text: string }>(cache, 1024, size);
    const make = jest.fn(async () => ({ text: 'Golden Stage' }));
    await made.remembered('/12', make);
    await made.remembered('/12', make);
    expect(make).toHaveBeenCalledTimes(1);
    empty();
    await made.remembered('/12', make);
    expect(make).toHaveBeenCalledTimes(2);
  });

  it('sends but does not keep what was being made while the response cache was emptied (it may predate the change)', async () => {
    const { cache, empty } = answers();
    const made = new MadeFromAnswers<{ text: string }>(cache, 1024, size);
    let finish!: (value: { text: string }) => void;
    const before = made.remembered('/12', () => new Promise<{ text: string }>((resolve) => (finish = resolve)));
    // The chapter is retitled while the page is drawn from the answer read before.
    empty();
    finish({ text: 'The Ferry' });
    expect(await before).toEqual({ text: 'The Ferry' });
    expect(await made.remembered('/12', async () => ({ text: 'The Night Ferry' }))).toEqual({ text: 'The Night Ferry' });
    expect(await made.remembered('/12', async () => ({ text: 'never made' }))).toEqual({ text: 'The Night Ferry' });
  });
});
