export { DocumentTheme } from './components/DocumentTheme';
export { ReaderSettings } from './components/ReaderSettings';
export { READ_ALOUD_SPEEDS, readAloudSpeedIndexAtom, readAloudVoiceAtom } from './read-aloud.atoms';
export { usePreloadReaderFont, useReaderTextStyle } from './reader-text-style';
export { loadVoices, NO_VOICES_TEXT, speechEngine, voiceNamed } from './speech';
