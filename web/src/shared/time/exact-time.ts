const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A time as the reader's locale writes it to the minute (the title over a relative time or an edited marker). */
export function exactTime(time: string | Date): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? '' : FORMAT.format(date);
}
