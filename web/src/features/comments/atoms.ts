import { atomWithStorage } from 'jotai/utils';
import { storedJson } from '../../shared/state/stored-json';

/** When this browser last posted a comment (ms since the epoch), for the 30-second cooldown. */
export const lastCommentTimeAtom = atomWithStorage<number | null>('lastCommentTime', null, storedJson(), { getOnInit: true });
