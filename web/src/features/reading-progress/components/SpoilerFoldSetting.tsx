import { ApiError } from '../../../shared/api/api-client';
import { useReaderSettings, useSaveReaderSettings } from '../reader-settings.queries';

/** The profile's switch for folding comments on chapters the reader has not reached (kept on the account). */
export function SpoilerFoldSetting() {
  const { data, isError } = useReaderSettings();
  const save = useSaveReaderSettings();
  const failure = save.error instanceof ApiError ? save.error.message : save.error ? 'Your setting could not be saved. Please try again.' : null;
  return (
    <section aria-labelledby="spoiler-fold-heading">
      <h2 id="spoiler-fold-heading">Spoilers</h2>
      {isError && !data ? (
        <p role="alert">Your settings could not be loaded.</p>
      ) : (
        <label className="spoiler-fold-setting">
          <input
            type="checkbox"
            checked={save.isPending ? save.variables.spoiler_fold : (data?.spoiler_fold ?? true)}
            disabled={!data || save.isPending}
            onChange={(event) => save.mutate({ spoiler_fold: event.target.checked })}
          />{' '}
          Fold comments on chapters I have not reached yet
        </label>
      )}
      {failure && <p role="alert">{failure}</p>}
    </section>
  );
}
