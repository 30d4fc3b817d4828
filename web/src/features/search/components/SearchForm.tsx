import { maxWordCountOptions, minWordCountOptions, SEARCH_SORTS, type SearchSort } from '@shelf/contracts';
import { type FormEvent, useState } from 'react';
import { CHECKBOX_GROUPS, RADIO_GROUPS, type SearchFilters, SORT_LABELS } from '../search-filters';

interface Props {
  initial: SearchFilters;
  submitting: boolean;
  /** A rate-limit message from the server, shown under the search box. */
  boxError: string | null;
  onSubmit: (filters: SearchFilters) => void;
}

type ListKey = 'setting' | 'genre' | 'tag';

/** The search filters (spec "Search"). Nothing is searched until Search is pressed. */
export function SearchForm({ initial, submitting, boxError, onSubmit }: Props) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) => setDraft((was) => ({ ...was, [key]: value }));
  const toggle = (key: ListKey, value: string) =>
    setDraft((was) => ({ ...was, [key]: was[key].includes(value) ? was[key].filter((item) => item !== value) : [...was[key], value] }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };

  return (
    <form className="search-form" onSubmit={submit} aria-label="Search filters">
      {RADIO_GROUPS.map((group) => (
        <fieldset key={group.name} className="filter-group">
          <legend>{group.legend}</legend>
          {group.values.map((value) => (
            <label key={value}>
              <input type="radio" name={group.name} value={value} checked={draft[group.name] === value} onChange={() => set(group.name, value)} />{' '}
              {value}
            </label>
          ))}
        </fieldset>
      ))}

      <fieldset className="filter-group">
        <legend>Word Count</legend>
        <label>
          <span className="visually-hidden">Minimum word count</span>
          <select value={draft.min_word_count} onChange={(event) => set('min_word_count', event.target.value)}>
            {minWordCountOptions(draft.max_word_count).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>{' '}
        to{' '}
        <label>
          <span className="visually-hidden">Maximum word count</span>
          <select value={draft.max_word_count} onChange={(event) => set('max_word_count', event.target.value)}>
            {maxWordCountOptions(draft.min_word_count).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </fieldset>

      {CHECKBOX_GROUPS.map((group) => (
        <fieldset key={group.name} className="filter-group filter-group--checkboxes">
          <legend>{group.legend}</legend>
          {group.values.map((value) => (
            <label key={value}>
              <input type="checkbox" name={group.name} value={value} checked={draft[group.name].includes(value)} onChange={() => toggle(group.name, value)} />{' '}
              {value}
            </label>
          ))}
        </fieldset>
      ))}

      <div className="search-form__bar">
        <div className="search-form__box">
          <input
            type="search"
            name="book_name"
            placeholder="Search..."
            aria-label="Book name"
            className={boxError ? 'input--error' : undefined}
            aria-invalid={boxError ? true : undefined}
            aria-describedby={boxError ? 'search-box-error' : undefined}
            value={draft.book_name}
            onChange={(event) => set('book_name', event.target.value)}
          />
          {boxError && (
            <p id="search-box-error" className="error" role="alert">
              {boxError}
            </p>
          )}
        </div>
        <label>
          Sort by{' '}
          <select value={draft.sort_by} onChange={(event) => set('sort_by', event.target.value as SearchSort)}>
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={submitting}>
          Search
        </button>
      </div>
    </form>
  );
}
