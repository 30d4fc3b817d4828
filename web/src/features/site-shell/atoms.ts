import { atomWithStorage } from 'jotai/utils';

/** Whether the reader pressed Okay! on the cookie notice; remembered in local storage. */
export const cookieAcceptedAtom = atomWithStorage('cookieAccepted', false, undefined, { getOnInit: true });
