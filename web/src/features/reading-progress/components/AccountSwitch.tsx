import { ApiError } from '../../../shared/api/api-client';
import type { ReaderSwitches } from '../api';
import { useReaderSettings, useSaveReaderSwitches } from '../reader-settings.queries';

/** A failed save's words: the server's message, or ours when it never answered. */
export const saveFailure = (error: unknown): string | null =>
  error instanceof ApiError ? error.message : error ? 'Your setting could not be saved. Please try again.' : null;

/** A profile checkbox for one of the reader's switches kept on the account (on unless turned off). */
export function AccountSwitch({ name, label }: { name: keyof ReaderSwitches; label: string }) {
  const { data, isError } = useReaderSettings();
  const save = useSaveReaderSwitches();
  const failure = saveFailure(save.error);
  if (isError && !data) return <p role="alert">Your settings could not be loaded.</p>;
  return (
    <>
      <label className="spoiler-fold-setting">
        <input
          type="checkbox"
          checked={(save.isPending ? save.variables[name] : undefined) ?? data?.[name] ?? true}
          disabled={!data || save.isPending}
          onChange={(event) => save.mutate({ [name]: event.target.checked })}
        />{' '}
        {label}
      </label>
      {failure && <p role="alert">{failure}</p>}
    </>
  );
}
