import { atomWithStorage } from 'jotai/utils';
import { storedJson } from '../../shared/state/stored-json';

/** Whether the reader pressed Okay! on the cookie notice; remembered in local storage. */
export const cookieAcceptedAtom = atomWithStorage('cookieAccepted', false, storedJson(), { getOnInit: true });
