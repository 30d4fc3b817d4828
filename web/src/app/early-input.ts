import { onHydrated } from '../shared/state/hydration';

/** What index.html's early script kept of a reader's input before the app hydrated. */
interface EarlyInput {
  /** The last element tapped (a form for one sent with Enter), if any. */
  tap: Element | null;
  /** The fields typed in, in order. */
  typed: EventTarget[];
}

declare global {
  interface Window {
    /** Set by index.html's early script: stops keeping input and answers what it kept. */
    takeEarlyInput?: () => EarlyInput;
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

function giveAgain(tap: Element | null, typed: ReturnType<typeof withValues>): void {
  for (const { field, value } of typed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else giveTyped(field, value);
  }
  // The tap once the app has taken in the text (a form is sent with what the app holds).
  setTimeout(() => {
    if (!tap?.isConnected) return;
    if (tap instanceof HTMLFormElement) tap.requestSubmit();
    else tapAgain(tap);
  });
}

/**
 * Stops index.html's early script keeping input (from here React takes it: it hydrates the part tapped first) and gives
 * what it kept to the page once it has hydrated, after the reader's own values (session, settings) are in, so that a
 * tap or a search typed on a server-drawn page before its scripts arrived is not lost.
 */
export function replayEarlyInput(): void {
  const input = window.takeEarlyInput?.();
  if (!input || (!input.tap && input.typed.length === 0)) return;
  const typed = withValues(input.typed);
  onHydrated(() => setTimeout(() => giveAgain(input.tap, typed)));
}
