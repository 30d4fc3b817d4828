import { createStore } from 'jotai';

export type AppStore = ReturnType<typeof createStore>;

let store: AppStore = createStore();

/**
 * The one jotai store of the app. The Provider gets it and the API client (which runs outside React) reads and
 * writes the session through it, so both always see the same session.
 */
export const getAppStore = (): AppStore => store;

/** Starts over with an empty store; tests call it so that no state leaks from one case to the next. */
export function resetAppStore(): AppStore {
  store = createStore();
  return store;
}
