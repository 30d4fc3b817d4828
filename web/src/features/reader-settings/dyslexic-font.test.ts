import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DyslexicFont from './dyslexic-font';

type Loader = typeof DyslexicFont;

/** A fresh copy of the module (it keeps its promise for the whole page) with `load` as document.fonts.load. */
async function freshLoader(load: (font: string) => Promise<unknown>): Promise<Loader> {
  vi.resetModules();
  Object.defineProperty(document, 'fonts', { value: { load: vi.fn(load) }, configurable: true });
  return import('./dyslexic-font');
}

describe('loadDyslexicFont', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (document as { fonts?: unknown }).fonts;
  });

  it("loads OpenDyslexic's regular face once, answers the same promise every time, and marks it settled for React's use", async () => {
    const loader = await freshLoader(async () => []);
    const first = loader.loadDyslexicFont();
    expect(loader.loadDyslexicFont()).toBe(first);
    await first;
    expect(document.fonts.load).toHaveBeenCalledTimes(1);
    expect(document.fonts.load).toHaveBeenCalledWith('400 1em OpenDyslexic');
    expect(first).toMatchObject({ status: 'fulfilled' });
    expect(loader.loadDyslexicFont()).toBe(first);
  });

  it('settles after a bounded wait when the font never comes, so the text is not held back', async () => {
    const loader = await freshLoader(() => new Promise(() => undefined));
    let settled = false;
    void loader.loadDyslexicFont().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(loader.DYSLEXIC_FONT_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('settles without rejecting when the font fails, and tries again on the next call', async () => {
    const loader = await freshLoader(async () => {
      throw new Error('network down');
    });
    const failed = loader.loadDyslexicFont();
    await expect(failed).resolves.toBeUndefined();
    const again = loader.loadDyslexicFont();
    expect(again).not.toBe(failed);
    await again;
    expect(document.fonts.load).toHaveBeenCalledTimes(2);
  });
});
