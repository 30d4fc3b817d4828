import { createJSONStorage } from 'jotai/utils';

/** JSON local storage that answers `initialValue` when the stored value fails `isValid` (or is unreadable). */
export function validatedStorage<Value>(isValid: (value: unknown) => value is Value) {
  const json = createJSONStorage<Value>(() => localStorage);
  return {
    ...json,
    getItem(key: string, initialValue: Value): Value {
      const value: unknown = json.getItem(key, initialValue);
      return isValid(value) ? value : initialValue;
    },
  };
}
