import { createJSONStorage } from 'jotai/utils';
import { isHydrating, onHydrated } from './hydration';

/**
 * Local storage as JSON for atomWithStorage: a value failing `isValid` (or unreadable) counts as absent, and while a
 * server-rendered page hydrates every value is its default; a mounted atom reads its stored value once the page has.
 */
export function storedJson<Value>(isValid: (value: unknown) => value is Value = (_value): _value is Value => true) {
  const json = createJSONStorage<Value>();
  const getItem = (key: string, initialValue: Value): Value => {
    if (isHydrating()) return initialValue;
    const value: unknown = json.getItem(key, initialValue);
    return isValid(value) ? value : initialValue;
  };
  return {
    ...json,
    getItem,
    subscribe(key: string, callback: (value: Value) => void, initialValue: Value): () => void {
      const stopHydrated = isHydrating() ? onHydrated(() => callback(getItem(key, initialValue))) : () => undefined;
      const stopStorage = json.subscribe?.(key, callback, initialValue);
      return () => {
        stopHydrated();
        stopStorage?.();
      };
    },
  };
}
