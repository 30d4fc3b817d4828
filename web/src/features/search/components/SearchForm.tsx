import { maxWordCountOptions, minWordCountOptions, SEARCH_SORTS, type SearchSort } from '@shelf/contracts';
import { type FormEvent, useId, useState } from 'react';
import { activeFilterCount, CHECKBOX_GROUPS, type ListKey, RADIO_GROUPS, type SearchFilters, SORT_LABELS } from '../search-filters';

interface Props {
  initial: SearchFilters;
  submitting: boolean;
  /** A rate-limit message from the server, shown under the search box. */
  boxError: string | null;
  /** Whether a reader is signed in: only they can hide the stories they have read or shelved. */
  signedIn: boolean;
  onSubmit: (filters: SearchFilters) => void;
}

/** Filters fold away on screens narrower than this; wider screens open with them shown. */
const WIDE_SCREEN = '(min-width: 48rem)';
const startsOpen = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_SCREEN).matches;

/**
 * The search filters (spec "Search"). Nothing is searched until Search is pressed. The text box and Search come first;
 * the filter groups fold behind "Filters" on a phone. A checkbox value can also be excluded, never both.
 */
export function SearchForm({ initial, submitting, boxError, signedIn, onSubmit }: Props) {
  const [draft, setDraft] = useState(initial);
  const [open, setOpen] = useState(startsOpen);
  const filtersId = useId();
  const set = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) => setDraft((was) => ({ ...was, [key]: value }));
  /** Adds `value` to `key` (taking it out of `other`), or takes it out of `key`. */
  const toggle = (key: ListKey, other: ListKey, value: string) =>
    setDraft((was) =>
      was[key].includes(value)
        ? { ...was, [key]: was[key].filter((item) => item !== value) }
        : { ...was, [key]: [...was[key], value], [other]: was[other].filter((item) => item !== value) },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  const count = activeFilterCount(draft);

  return (
    <form className="search-form" onSubmit={submit} aria-label="Search filters">
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

      <div className="search-form__options">
        <button type="button" className="button button--plain" aria-expanded={open} aria-controls={filtersId} onClick={() => setOpen(!open)}>
          Filters{count > 0 ? ` (${count})` : ''}
        </button>
        {signedIn && (
          <label>
            <input type="checkbox" name="hide_read" checked={draft.hide_read} onChange={(event) => set('hide_read', event.target.checked)} /> Hide stories I have read
            or shelved
          </label>
        )}
      </div>

      <div id={filtersId} className="search-form__filters" hidden={!open}>
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
            {group.values.map((value) => {
              const excluded = draft[group.exclude].includes(value);
              return (
                <span key={value} className={excluded ? 'filter-choice filter-choice--excluded' : 'filter-choice'}>
                  <label>
                    <input
                      type="checkbox"
                      name={group.name}
                      value={value}
                      checked={draft[group.name].includes(value)}
                      onChange={() => toggle(group.name, group.exclude, value)}
                    />{' '}
                    {value}
                  </label>
                  <button
                    type="button"
                    className="filter-choice__exclude"
                    aria-pressed={excluded}
                    aria-label={`Exclude ${value}`}
                    title={`Exclude ${value}`}
                    onClick={() => toggle(group.exclude, group.name, value)}
                  >
                    not
                  </button>
                </span>
              );
            })}
          </fieldset>
        ))}
      </div>
    </form>
  );
}
