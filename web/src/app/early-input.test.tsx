import { PAGE_DATA_ELEMENT_ID } from '@shelf/contracts';
import { useLayoutEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outsideActEnvironment } from '../test/outside-act';
import indexHtml from '../../index.html?raw';
import type * as HydrationModule from '../shared/state/hydration';

const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';
const runEarlyScript = () => new Function(script)();

/** A page as the server draws it: a search form, a link, and text a tap on which shows the reader's controls. */
function Page({ onSearch, hydrated }: { onSearch: (text: string) => void; hydrated: () => void }) {
  const [text, setText] = useState('');
  useLayoutEffect(hydrated, [hydrated]);
  const [controls, setControls] = useState(false);
  // Drawn for a visitor until the page has hydrated with the reader's values (a signed-in reader's, here).
  const signedIn = useSignedIn();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button type="button" onClick={() => setAnswer(signedIn ? 'Liked' : 'Log in to like')}>
        Like
      </button>
      <output>{answer}</output>
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

/** The hydration module the app loaded last (loaded afresh with the app's modules, as on a page load). */
let hydration: typeof HydrationModule | null = null;
const useSignedIn = () => hydration?.useHydrated() ?? false;

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

/**
 * Hydrates the page as main.tsx and App do, without act(): the replay waits for React's own commits, as in a browser.
 * `shellHydrated: false` leaves the page hydrating (drawn as for a visitor) until the test says the shell has hydrated.
 */
async function hydrate(onSearch: (text: string) => void, { onRecoverableError, shellHydrated = true }: { onRecoverableError?: () => void; shellHydrated?: boolean } = {}) {
  vi.resetModules();
  const { EarlyInputReplay, takeEarlyTyping } = await import('./early-input');
  hydration = await import('../shared/state/hydration');
  const done = hydration.shellHasHydrated;
  takeEarlyTyping();
  hydrateRoot(
    $('#root'),
    <>
      <Page onSearch={onSearch} hydrated={shellHydrated ? done : () => undefined} />
      <EarlyInputReplay />
    </>,
    { onRecoverableError },
  );
  return done;
}

/** React has hydrated `element` (it holds React's own properties). */
const hydratedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));

/** Types `text` into `field` as a browser does: the value changes, then an input event. */
function type(field: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('input before hydration (index.html early script and app/early-input)', () => {
  outsideActEnvironment();
  afterEach(() => {
    window.takeEarlyTap?.();
    delete window.takeEarlyInput;
    delete window.takeEarlyTap;
    hydration = null;
    document.body.innerHTML = '';
  });

  it('keeps the last tap from the page, shown as waiting, and the fields typed in; stops a button sending its form; leaves links alone', () => {
    serverDrawnPage();
    const sent = vi.fn((event: Event) => event.preventDefault());
    $('form').addEventListener('submit', sent);
    const reached = vi.fn();
    $('#root').addEventListener('click', reached);

    const buttonTap = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('form button').dispatchEvent(buttonTap);
    expect(buttonTap.defaultPrevented).toBe(true);
    expect(sent).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.tapPending).toBe('');

    type($('input'), 'harbour');
    $<HTMLElement>('em').click();
    expect(reached).not.toHaveBeenCalled();
    $<HTMLElement>('a').click();
    $<HTMLElement>('input').click();
    expect(reached).toHaveBeenCalledTimes(2);
    expect(window.takeEarlyInput!()).toEqual([$('input')]);
    // Typing is the app's once it begins to hydrate; taps are kept until it has.
    $<HTMLElement>('p').click();
    expect(window.takeEarlyTap!()).toEqual({ target: $('p'), path: [4] });
    expect(document.documentElement.dataset.tapPending).toBeUndefined();

    // Once taken, input is the app's: nothing is kept, and a button sends its form again.
    $<HTMLElement>('em').click();
    $<HTMLElement>('form button').click();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(window.takeEarlyTap!()).toBeNull();
  });

  it('keeps a form sent with Enter instead of letting the browser send it', () => {
    serverDrawnPage();
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    $('form').dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(window.takeEarlyTap!()?.target).toBe($('form'));
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
    $<HTMLElement>('form button').click();
    await hydrate(onSearch);
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalled());
    expect(onSearch.mock.calls).toEqual([['harbour']]);
    expect($('input')).toHaveValue('harbour');
  });

  it("gives a tap made while the page hydrates to the page drawn with the reader's values, not to the server's", async () => {
    serverDrawnPage();
    const shellHydrated = await hydrate(vi.fn(), { shellHydrated: false });
    const like = $<HTMLButtonElement>('button[type="button"]');
    await vi.waitFor(() => expect(hydratedByReact(like)).toBe(true));
    like.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect($('output')).toHaveTextContent('');
    expect(document.documentElement.dataset.tapPending).toBe('');

    shellHydrated();
    await vi.waitFor(() => expect($('output')).toHaveTextContent('Liked'));
    expect(document.documentElement.dataset.tapPending).toBeUndefined();
  });

  it('gives a tap on a button disabled as the page hydrates once it is enabled, showing the page as not ready until then', async () => {
    serverDrawnPage();
    $<HTMLElement>('button[type="button"]').click();
    await hydrate(vi.fn(), { shellHydrated: false });
    const like = $<HTMLButtonElement>('button[type="button"]');
    await vi.waitFor(() => expect(hydratedByReact(like)).toBe(true));
    // Disabled while what it shows loads, as the Like button is while the reader's likes load.
    like.disabled = true;
    hydration!.shellHasHydrated();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect($('output')).toHaveTextContent('');
    expect(document.documentElement.dataset.tapPending).toBe('');

    like.disabled = false;
    await vi.waitFor(() => expect($('output')).toHaveTextContent('Liked'));
    expect(document.documentElement.dataset.tapPending).toBeUndefined();
  });

  it('gives the tap to what hydrating drew in place of the element tapped', async () => {
    serverDrawnPage();
    const gone = $<HTMLElement>('em');
    gone.click();
    gone.remove();
    // Hydrating finds the text changed and draws it again (a recoverable error React reports).
    const redrawn = vi.fn();
    await hydrate(vi.fn(), { onRecoverableError: redrawn });
    await vi.waitFor(() => expect($('nav')).toHaveTextContent('Reader controls'));
    expect(redrawn).toHaveBeenCalled();
  });

  it('gives nothing again when what is drawn in place of the element tapped is another', async () => {
    serverDrawnPage();
    const gone = $<HTMLElement>('em');
    gone.click();
    gone.textContent = 'elsewhere';
    gone.replaceWith(document.createElement('em'));
    const tapped = vi.fn();
    gone.addEventListener('pointerup', tapped);
    await hydrate(vi.fn(), { onRecoverableError: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tapped).not.toHaveBeenCalled();
    expect($('nav')).toBeNull();
  });
});
