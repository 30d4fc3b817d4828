import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
// eslint-disable-next-line no-restricted-imports -- the test's own boundary, around the component under test
import { type CSSProperties, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the hook's modules (the font loader keeps its promise for the whole page). */
async function freshHook() {
  vi.resetModules();
  return import('./reader-text-style');
}

/** Renders a text styled by the hook and records the style of every render. */
function renderText(useReaderTextStyle: () => CSSProperties | undefined, renders: (CSSProperties | undefined)[] = []) {
  function Text() {
    const style = useReaderTextStyle();
    renders.push(style);
    return (
      <p data-testid="text" style={style}>
        Text
      </p>
    );
  }
  render(
    <Provider store={createStore()}>
      <Suspense fallback={<p>Loading...</p>}>
        <Text />
      </Suspense>
    </Provider>,
  );
  return renders;
}

describe('useReaderTextStyle', () => {
  afterEach(() => {
    delete (document as { fonts?: unknown }).fonts;
  });

  it('gives the stored font and width from the very first render, so the text never shows at another width first', async () => {
    localStorage.setItem('fontFamily', '"serif"');
    localStorage.setItem('textWidth', '"narrow"');
    localStorage.setItem('fontSizeIndex', '5');
    const { useReaderTextStyle } = await freshHook();
    const renders = renderText(useReaderTextStyle);
    expect(renders[0]).toMatchObject({
      '--reader-font-family': expect.stringContaining('serif'),
      '--reader-text-width': '60ch',
      '--reader-font-size': '1.5rem',
    });
    expect(screen.getByTestId('text').style.getPropertyValue('--reader-text-width')).toBe('60ch');
  });

  it("keeps the spec's defaults and the site's own font at the full width when nothing is stored", async () => {
    const { useReaderTextStyle } = await freshHook();
    const [style] = renderText(useReaderTextStyle);
    expect(style).toEqual({
      '--reader-font-size': '1.125rem',
      '--reader-paragraph-gap': '1.3em',
      '--reader-page-padding': '1rem',
      '--reader-font-family': 'var(--font-body)',
      '--reader-text-width': 'none',
    });
  });

  it('holds back a page opened with the dyslexia-friendly font until the font has loaded', async () => {
    localStorage.setItem('fontFamily', '"dyslexic"');
    let fontLoaded: (faces: unknown[]) => void = () => undefined;
    Object.defineProperty(document, 'fonts', {
      value: { load: vi.fn(() => new Promise((resolve) => (fontLoaded = resolve))) },
      configurable: true,
    });
    const { useReaderTextStyle } = await freshHook();
    await act(async () => renderText(useReaderTextStyle));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await vi.waitFor(() => expect(document.fonts.load).toHaveBeenCalledWith('400 1em OpenDyslexic'));
    expect(screen.queryByTestId('text')).not.toBeInTheDocument();

    await act(async () => fontLoaded([]));
    expect((await screen.findByTestId('text')).style.getPropertyValue('--reader-font-family')).toBe("'OpenDyslexic', var(--font-body)");
  });

  it('applies the dyslexia-friendly font at once when chosen on the page, and fetches it', async () => {
    Object.defineProperty(document, 'fonts', { value: { load: vi.fn(() => new Promise(() => undefined)) }, configurable: true });
    const { useReaderTextStyle } = await freshHook();
    const atoms = await import('./font-and-width.atoms');
    // jotai as the fresh hook has it (its store context is the one the hook reads).
    const { createStore, Provider, useSetAtom } = await import('jotai');
    let choose: (family: 'dyslexic') => void = () => undefined;
    function Chooser() {
      choose = useSetAtom(atoms.fontFamilyAtom);
      return null;
    }
    function Text() {
      return (
        <p data-testid="text" style={useReaderTextStyle()}>
          Text
        </p>
      );
    }
    render(
      <Provider store={createStore()}>
        <Chooser />
        <Suspense fallback={<p>Loading...</p>}>
          <Text />
        </Suspense>
      </Provider>,
    );
    act(() => choose('dyslexic'));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByTestId('text').style.getPropertyValue('--reader-font-family')).toBe("'OpenDyslexic', var(--font-body)");
    await vi.waitFor(() => expect(document.fonts.load).toHaveBeenCalledWith('400 1em OpenDyslexic'));
  });
});
