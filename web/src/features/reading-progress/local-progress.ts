import { type BookPosition, type ContinueReadingItem, PROGRESS_MERGE_LIMIT } from '@shelf/contracts';
import { LOCAL_PROGRESS_KEY as KEY } from './local-progress-key';

/** A visitor's place in one book, kept in this browser, with what the "Continue reading" row shows of it. */
export type LocalBookProgress = ContinueReadingItem & { chapters_read: number[] };

/** The visitor's progress in every book as stored (JSON), keyed `b{book_id}`; empty when it holds something else. */
export function parseLocalProgress(json: string | null): Record<string, LocalBookProgress> {
  try {
    const stored: unknown = JSON.parse(json ?? '{}');
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, LocalBookProgress>) : {};
  } catch {
    return {};
  }
}

/** The visitor's progress in every book, keyed `b{book_id}`; empty when storage is unavailable or holds something else. */
export function readLocalProgress(storage: Storage = localStorage): Record<string, LocalBookProgress> {
  try {
    return parseLocalProgress(storage.getItem(KEY));
  } catch {
    return {};
  }
}

/** The stored progress as it is kept (JSON), for watching it change. */
export const storedLocalProgress = (): string => localStorage.getItem(KEY) ?? '{}';

/** Most recently read first (ISO times compare as text; localeCompare would start the browser's slow ICU collator). */
export const byNewestRead = (a: { read_at: string }, b: { read_at: string }): number => (a.read_at < b.read_at ? 1 : a.read_at > b.read_at ? -1 : 0);

/** Records the visitor's place, keeping the newest books up to the number one login can merge. */
export function saveLocalProgress(place: Omit<LocalBookProgress, 'chapters_read' | 'read_at'>, now = new Date(), storage: Storage = localStorage): LocalBookProgress {
  const all = readLocalProgress(storage);
  const key = `b${place.book_id}`;
  const chaptersRead = [...new Set([...(all[key]?.chapters_read ?? []), place.chapter_id])].sort((a, b) => a - b);
  const entry: LocalBookProgress = { ...place, read_at: now.toISOString(), chapters_read: chaptersRead };
  const kept = Object.values({ ...all, [key]: entry })
    .sort(byNewestRead)
    .slice(0, PROGRESS_MERGE_LIMIT);
  try {
    storage.setItem(KEY, JSON.stringify(Object.fromEntries(kept.map((book) => [`b${book.book_id}`, book]))));
  } catch {
    // Storage full or blocked: the place is simply not kept.
  }
  return entry;
}

/** The positions to merge into an account at login. */
export const localPositions = (storage: Storage = localStorage): BookPosition[] =>
  Object.values(readLocalProgress(storage)).map(({ book_id, chapter_id, position, read_at }) => ({ book_id, chapter_id, position, read_at }));

export const clearLocalProgress = (storage: Storage = localStorage): void => storage.removeItem(KEY);
