import { useEffect } from 'react';
import { useHydrated } from '../shared/state/hydration';

/** The tap index.html's early script kept: the element tapped (a form for one sent with Enter) and where it was. */
interface EarlyTap {
  target: Element;
  /** The element's place under #root (child indices), to find it again should hydrating have drawn it anew. */
  path: number[];
}

declare global {
  interface Window {
    /** Set by index.html's early script: stops keeping typed input and answers the fields typed in. */
    takeEarlyInput?: () => EventTarget[];
    /** Set by index.html's early script: stops keeping taps from the app and answers the last one kept, if any. */
    takeEarlyTap?: () => EarlyTap | null;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Tells the app that `text` was typed in `field`: hydrating left the app's state empty (and its next render empties
 * the field), and React only reports a value it has not seen, so the field is set empty through React (which notes
 * it) and the text put back past it, then announced as typed.
 */
function giveTyped(field: Field, text: string): void {
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Taps `target` again as the browser would: a primary pointer pressed and released, then the click. */
function tapAgain(target: Element): void {
  const options = { bubbles: true, cancelable: true, composed: true, isPrimary: true, pointerType: 'touch' };
  const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  target.dispatchEvent(new Pointer('pointerdown', options));
  target.dispatchEvent(new Pointer('pointerup', options));
  target.dispatchEvent(new MouseEvent('click', options));
}

const NOT_TYPED = ['checkbox', 'radio', 'file'];

const isTextField = (field: EventTarget): field is Field =>
  field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !NOT_TYPED.includes(field.type));

/** The text fields and selects among `fields` with what they hold, taken before hydrating renders them again. */
const withValues = (fields: EventTarget[]) =>
  fields
    .filter((field): field is Field | HTMLSelectElement => field instanceof HTMLSelectElement || isTextField(field))
    .map((field) => ({ field, value: field.value }));

/**
 * The element tapped, or the one the app drew in its place (the same kind of element, with the same text, at the same
 * place under #root) when hydrating the page with the reader's values drew that part anew; null when there is none.
 */
function tapped({ target, path }: EarlyTap): Element | null {
  if (target.isConnected) return target;
  let found: Element | null = document.getElementById('root');
  for (const index of path) found = found?.children[index] ?? null;
  return found && found.tagName === target.tagName && found.textContent === target.textContent ? found : null;
}

/** How long a kept tap waits for the control tapped to be enabled (a Like button while the reader's likes load). */
export const TAP_WAIT_MS = 5000;

const isDisabled = (target: Element) => target.closest('button:disabled, fieldset:disabled') !== null;

/**
 * Calls `give` once `target` is enabled (at once when it is), showing the page as not ready meanwhile; never when it
 * stays disabled for TAP_WAIT_MS or leaves the page first.
 */
function whenEnabled(target: Element, give: () => void): void {
  if (!isDisabled(target)) return give();
  const root = document.documentElement;
  root.dataset.tapPending = '';
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    delete root.dataset.tapPending;
  };
  const observer = new MutationObserver(() => {
    if (!target.isConnected) stop();
    else if (!isDisabled(target)) {
      stop();
      give();
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  const timer = setTimeout(stop, TAP_WAIT_MS);
}

let typedBefore: ReturnType<typeof withValues> = [];

/**
 * Called as the app begins to hydrate a server-drawn page: takes the fields typed in so far with what they hold, before
 * hydrating renders them again (from here typing is React's). The early script keeps taps until EarlyInputReplay.
 */
export function takeEarlyTyping(): void {
  typedBefore = withValues(window.takeEarlyInput?.() ?? []);
}

/** Gives the page the text typed before it hydrated, then the tap kept meanwhile (a form is sent with what the app holds). */
export function giveEarlyInput(): void {
  const tap = window.takeEarlyTap?.() ?? null;
  const typed = typedBefore;
  typedBefore = [];
  for (const { field, value } of typed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else giveTyped(field, value);
  }
  if (!tap) return;
  // The tap once the app has taken in the text, and the control tapped is enabled.
  setTimeout(() => {
    const target = tapped(tap);
    if (target instanceof HTMLFormElement) target.requestSubmit();
    else if (target) whenEnabled(target, () => tapAgain(target));
  });
}

/**
 * Gives what index.html's early script kept to the page once it has hydrated and its render with the reader's own
 * values (session, settings) is committed, so that a tap or a search made on a server-drawn page before then is
 * neither lost nor taken as a visitor's. A component of the layout's own (the server draws it too, so the ids React's
 * useId gives the rest stay the server's), so that the end of hydration renders it alone.
 */
export function EarlyInputReplay(): null {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) giveEarlyInput();
  }, [hydrated]);
  return null;
}
