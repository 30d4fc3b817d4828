import { useState } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import type { ReaderSwitches } from '../api';
import { useReaderSettings, useSaveReaderSwitches } from '../reader-settings.queries';

/** A failed save's words: the server's message, or ours when it never answered. */
export const saveFailure = (error: unknown): string | null =>
  error instanceof ApiError ? error.message : error ? 'Your setting could not be saved. Please try again.' : null;

/**
 * A profile checkbox for one of the reader's switches kept on the account (on unless turned off). The box shows the
 * reader's choice from the click on (the mutation's own pending state arrives a tick later, and a controlled box would
 * flip back meanwhile), and the account's value again once the save settles, so a failed save shows what is kept.
 */
export function AccountSwitch({ name, label }: { name: keyof ReaderSwitches; label: string }) {
  const { data, isError } = useReaderSettings();
  const save = useSaveReaderSwitches();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const failure = saveFailure(save.error);
  if (isError && !data) return <p role="alert">Your settings could not be loaded.</p>;
  return (
    <>
      <label className="spoiler-fold-setting">
        <input
          type="checkbox"
          checked={chosen ?? data?.[name] ?? true}
          disabled={!data || chosen !== null}
          onChange={(event) => {
            setChosen(event.target.checked);
            save.mutate({ [name]: event.target.checked }, { onSettled: () => setChosen(null) });
          }}
        />{' '}
        {label}
      </label>
      {failure && <p role="alert">{failure}</p>}
    </>
  );
}
