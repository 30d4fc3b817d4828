import { useAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { READ_ALOUD_SPEEDS, readAloudSpeedIndexAtom, readAloudVoiceAtom } from '../read-aloud.atoms';
import { loadVoices, NO_VOICES_TEXT, speechEngine } from '../speech';
import { stepIndex } from '../reader-preferences';
import { Stepper } from './Stepper';

/** The voice and speed of read aloud, kept in this browser (voices are the device's own). */
export function ReadAloudSettings() {
  const [speedIndex, setSpeedIndex] = useAtom(readAloudSpeedIndexAtom);
  const [voiceURI, setVoiceURI] = useAtom(readAloudVoiceAtom);
  // Null while the browser lists its voices; the panel is drawn in the browser only (a dialog), never by the server.
  const [voices, setVoices] = useState<SpeechSynthesisVoice[] | null>(() => (speechEngine() ? null : []));
  const voiceId = useId();

  useEffect(() => {
    const engine = speechEngine();
    if (!engine) return;
    let current = true;
    void loadVoices(engine).then((listed) => current && setVoices(listed));
    return () => {
      current = false;
    };
  }, []);

  return (
    <fieldset className="reader-settings-read-aloud">
      <legend>Read aloud</legend>
      {voices?.length === 0 ? (
        <p className="reader-settings-note">{NO_VOICES_TEXT}</p>
      ) : (
        <>
          <div className="reader-settings-choice">
            <label htmlFor={voiceId}>Voice</label>
            <select id={voiceId} value={voiceURI} onChange={(event) => setVoiceURI(event.target.value)} disabled={voices === null}>
              <option value="">Browser default</option>
              {voices?.map((voice) => (
                <option key={voice.voiceURI} value={voice.voiceURI}>
                  {voice.name} ({voice.lang})
                </option>
              ))}
            </select>
          </div>
          <Stepper
            label="Reading speed"
            valueText={`${READ_ALOUD_SPEEDS[speedIndex]}×`}
            canDecrease={speedIndex > 0}
            canIncrease={speedIndex < READ_ALOUD_SPEEDS.length - 1}
            onStep={(delta) => setSpeedIndex(stepIndex(speedIndex, delta, READ_ALOUD_SPEEDS.length))}
          />
        </>
      )}
    </fieldset>
  );
}
