import { atomWithStorage } from 'jotai/utils';
import { storedJson } from '../../shared/state/stored-json';
import { isIndexWithin } from './reader-preferences';

/** How fast a chapter is read aloud: the speech's rate, 1 the voice's own pace. */
export const READ_ALOUD_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const DEFAULT_READ_ALOUD_SPEED_INDEX = 1;

const onInit = { getOnInit: true };

export const readAloudSpeedIndexAtom = atomWithStorage(
  'readAloudSpeedIndex',
  DEFAULT_READ_ALOUD_SPEED_INDEX,
  storedJson(isIndexWithin(READ_ALOUD_SPEEDS.length)),
  onInit,
);

/** The chosen voice's `voiceURI`, '' for the browser's default. Voices belong to a device, so it stays in this browser. */
export const readAloudVoiceAtom = atomWithStorage('readAloudVoice', '', storedJson((value: unknown): value is string => typeof value === 'string'), onInit);
