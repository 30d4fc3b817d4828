import { useAtomValue } from 'jotai';
import { useHydrated } from '../../shared/state/hydration';
import { isLoggedInAtom } from '../../shared/state/session.atoms';
import { LOCAL_PROGRESS_KEY } from './local-progress-key';

/** Whether this browser keeps a visitor's reading places. */
export const hasLocalPlaces = (): boolean => {
  try {
    return (localStorage.getItem(LOCAL_PROGRESS_KEY) ?? '{}') !== '{}';
  } catch {
    return false;
  }
};

/**
 * Whether the reader may have reading places to show (logged in, or places kept in this browser), so that the code
 * showing them is loaded for those readers alone; never before a server-rendered page has hydrated.
 */
export function useHasReadingPlaces(): boolean {
  const hydrated = useHydrated();
  const loggedIn = useAtomValue(isLoggedInAtom);
  return hydrated && (loggedIn || hasLocalPlaces());
}
