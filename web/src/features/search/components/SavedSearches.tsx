import { SEARCH_PRESET_NAME_MAX } from '@shelf/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from '../../../shared/ui/Link';
import { useSearchPresetChanges, useSearchPresets } from '../queries';

interface Props {
  /** The address query of the search on screen, saved as it is. */
  query: string;
}

/** A signed-in reader's saved searches: links to each, deletion, and saving the search on screen under a name. */
export function SavedSearches({ query }: Props) {
  const { data, isPending, error } = useSearchPresets();
  const { save, remove } = useSearchPresetChanges();
  const [name, setName] = useState('');
  const presets = data?.presets ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name: name.trim(), query }, { onSuccess: () => setName('') });
  };
  const problem = save.error ?? remove.error ?? error;

  return (
    <details className="saved-searches">
      <summary>Saved searches{data ? ` (${presets.length})` : ''}</summary>
      {isPending ? (
        <p>Loading...</p>
      ) : presets.length === 0 ? (
        <p>No saved searches yet.</p>
      ) : (
        <ul className="saved-searches__list">
          {presets.map((preset) => (
            <li key={preset.name}>
              <Link to={`/searchbook${preset.query ? `?${preset.query}` : ''}`}>{preset.name}</Link>
              <button type="button" className="button button--plain" aria-label={`Delete saved search ${preset.name}`} disabled={remove.isPending} onClick={() => remove.mutate(preset.name)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="saved-searches__save" onSubmit={submit} aria-label="Save this search">
        <label>
          Name{' '}
          <input type="text" value={name} maxLength={SEARCH_PRESET_NAME_MAX} required onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit" className="button" disabled={save.isPending || name.trim() === ''}>
          Save this search
        </button>
      </form>
      {problem && (
        <p className="error" role="alert">
          {problem.message}
        </p>
      )}
    </details>
  );
}
