import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/api-client';
import { userAtom } from '../../../shared/state/session.atoms';
import { BookCardList } from '../../book-lists';
import { PageButtons } from '../../../shared/ui/PageButtons';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { searchQuery, useSearch } from '../queries';
import { filtersFromParams, pageFromParams, paramsOf, sameFilters, type SearchFilters } from '../search-filters';
import { LatestUpdatesSidebar } from './LatestUpdatesSidebar';
import { SavedSearches } from './SavedSearches';
import { SearchForm } from './SearchForm';

/** The Search button comes back this long after a search ends. */
const REENABLE_MS = 1000;

export function SearchPage() {
  usePageMeta('Searching Books', 'Search translated stories by diversity, language, status, ending, length, setting, genre and tag.');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const page = pageFromParams(params);
  const { data, error, isPending } = useSearch(filters, page);
  const queryClient = useQueryClient();
  const userId = useAtomValue(userAtom)?.user_id ?? null;
  const results = useRef<HTMLElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const reenable = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reenable.current), []);

  const submit = async (next: SearchFilters) => {
    setSubmitting(true);
    const nextPage = sameFilters(next, filters) ? page : 1;
    setParams(paramsOf(next, nextPage));
    try {
      await queryClient.fetchQuery({ ...searchQuery(next, nextPage, userId), staleTime: 300_000 });
    } catch {
      // The results area shows the failure.
    } finally {
      reenable.current = setTimeout(() => setSubmitting(false), REENABLE_MS);
    }
  };

  const setPage = (next: number) => {
    setParams(paramsOf(filters, next));
    // The reader stays at the results, not at the top of the filters.
    results.current?.scrollIntoView?.({ block: 'start' });
  };

  const rateLimited = error instanceof ApiError && error.status === 429;
  return (
    <div className="page-with-sidebar">
      <div>
        <h1>Searching Books</h1>
        <SearchForm
          key={paramsOf(filters, 1).toString()}
          initial={filters}
          submitting={submitting}
          boxError={rateLimited ? error.message : null}
          signedIn={userId !== null}
          onSubmit={submit}
        />
        {userId !== null && <SavedSearches query={paramsOf(filters, 1).toString()} />}
        <section ref={results} className="search-results" aria-labelledby="search-results-heading" aria-busy={isPending}>
          <h2 id="search-results-heading" className="visually-hidden">
            Results
          </h2>
          {isPending ? (
            <p>Loading...</p>
          ) : error ? (
            !rateLimited && <p role="alert">An error occurred, please try again later.</p>
          ) : (
            <>
              <p>Showing {data.totalBooks} results</p>
              <BookCardList books={data.books} />
              <PageButtons page={page} totalPages={data.totalPages} onChange={setPage} />
            </>
          )}
        </section>
      </div>
      <LatestUpdatesSidebar />
    </div>
  );
}
