import { PAGE_DATA_ELEMENT_ID } from '@shelf/contracts';
import { useLayoutEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outsideActEnvironment } from '../test/outside-act';
import indexHtml from '../../index.html?raw';

const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';
const runEarlyScript = () => new Function(script)();

/** A page as the server draws it: a search form, a link, and text a tap on which shows the reader's controls. */
function Page({ onSearch, hydrated }: { onSearch: (text: string) => void; hydrated: () => void }) {
  const [text, setText] = useState('');
  useLayoutEffect(hydrated, [hydrated]);
  const [controls, setControls] = useState(false);
  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text);
        }}
      >
        <input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
        <button>Search</button>
      </form>
      <a href="#elsewhere">Elsewhere</a>
      <p onPointerUp={() => setControls((shown) => !shown)}>
        Chapter text <em>here</em>
      </p>
      {controls ? <nav>Reader controls</nav> : null}
    </>
  );
}

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;

/**
 * Draws the page as the server does (with its embedded data) and runs index.html's early script, as a browser does
 * before the app loads; the app's modules are loaded afresh, as on a page load, so that they see a page to hydrate.
 */
function serverDrawnPage(onSearch = vi.fn()) {
  const html = renderToString(<Page onSearch={onSearch} hydrated={() => undefined} />);
  document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{}</script>`;
  runEarlyScript();
  return onSearch;
}

/** Hydrates the page as main.tsx does, without act(): the replay waits for React's own commits, as in a browser. */
async function hydrate(onSearch: (text: string) => void, onRecoverableError?: () => void) {
  vi.resetModules();
  const { replayEarlyInput } = await import('./early-input');
  const { shellHasHydrated } = await import('../shared/state/hydration');
  hydrateRoot($('#root'), <Page onSearch={onSearch} hydrated={shellHasHydrated} />, { onRecoverableError });
  replayEarlyInput();
}

/** Types `text` into `field` as a browser does: the value changes, then an input event. */
function type(field: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('input before hydration (index.html early script and app/early-input)', () => {
  outsideActEnvironment();
  afterEach(() => {
    window.takeEarlyInput?.();
    delete window.takeEarlyInput;
    document.body.innerHTML = '';
  });

  it('keeps the last tap and the fields typed in, stops a button sending its form, and leaves links alone', () => {
    serverDrawnPage();
    const sent = vi.fn((event: Event) => event.preventDefault());
    $('form').addEventListener('submit', sent);

    const buttonTap = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('button').dispatchEvent(buttonTap);
    expect(buttonTap.defaultPrevented).toBe(true);
    expect(sent).not.toHaveBeenCalled();

    type($('input'), 'harbour');
    $<HTMLElement>('em').click();
    $<HTMLElement>('a').click();
    $<HTMLElement>('input').click();
    expect(window.takeEarlyInput!()).toEqual({ tap: $('em'), typed: [$('input')] });

    // Once taken, input is React's: nothing is kept, and a button sends its form again.
    $<HTMLElement>('p').click();
    $<HTMLElement>('button').click();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(window.takeEarlyInput!()).toEqual({ tap: null, typed: [] });
  });

  it('keeps a form sent with Enter instead of letting the browser send it', () => {
    serverDrawnPage();
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    $('form').dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(window.takeEarlyInput!().tap).toBe($('form'));
  });

  it('gives a tap on the text to the hydrated page as a tap (pointer pressed and released)', async () => {
    serverDrawnPage();
    $<HTMLElement>('em').click();
    expect($('nav')).toBeNull();
    await hydrate(vi.fn());
    await vi.waitFor(() => expect($('nav')).toHaveTextContent('Reader controls'));
  });

  it('searches for what was typed and sent before hydration', async () => {
    const onSearch = serverDrawnPage();
    type($('input'), 'harbour');
    $<HTMLElement>('button').click();
    await hydrate(onSearch);
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalled());
    expect(onSearch.mock.calls).toEqual([['harbour']]);
    expect($('input')).toHaveValue('harbour');
  });

  it('gives nothing again for a tap on what hydrating removed', async () => {
    serverDrawnPage();
    const gone = $<HTMLElement>('em');
    gone.click();
    gone.remove();
    const tapped = vi.fn();
    gone.addEventListener('pointerup', tapped);
    // Hydrating finds the text changed and draws it again (a recoverable error React reports).
    const redrawn = vi.fn();
    await hydrate(vi.fn(), redrawn);
    await vi.waitFor(() => expect(redrawn).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tapped).not.toHaveBeenCalled();
  });
});
