import type { PointerEvent } from 'react';

let format: Intl.DateTimeFormat | undefined;

/** A time as the reader's locale writes it to the minute (the title over a relative time or an edited marker). */
export function exactTime(time: string | Date): string {
  const date = new Date(time);
  format ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/**
 * Props that give an element the exact time as its title (after `label`) once a pointer comes over it, rather than
 * while the page renders: a page's first date formatting starts the browser's ICU, some 60 ms on a slow phone, and a
 * server-rendered title would be in the server's time zone, not the reader's.
 */
export function exactTimeTitle(time: string, label = '') {
  return {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      event.currentTarget.title = `${label}${exactTime(time)}`;
    },
  };
}
