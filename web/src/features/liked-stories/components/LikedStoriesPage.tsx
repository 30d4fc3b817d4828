import { LIKED_STORY_SORTS, type LikedStorySort } from '@shelf/contracts';
import { useSearchParams } from 'react-router-dom';
import { markUpdatesChecked, useMarkSeen } from '../../badges';
import { PagedBookList, usePageParam } from '../../book-lists';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { likedStoryKeys, useLikedStories, useUpdatesNotice } from '../queries';

const SORT_LABELS: Record<LikedStorySort, string> = {
  last_updated: 'Latest Updates',
  like_count: 'Most Liked',
  liked_time: 'Most Recently Liked',
};

/** '1 book has new updates.', '3 books have new updates.' */
export const updatesNotice = (count: number): string => `${count} ${count === 1 ? 'book has' : 'books have'} new updates.`;

function useSortParam(): [LikedStorySort, (sort: LikedStorySort) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('sort_by') as LikedStorySort | null;
  const sort = raw && LIKED_STORY_SORTS.includes(raw) ? raw : 'last_updated';
  const setSort = (next: LikedStorySort) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'last_updated') updated.delete('sort_by');
      else updated.set('sort_by', next);
      updated.delete('page'); // another order starts at page 1
      return updated;
    });
  return [sort, setSort];
}

/** /user/liked-story: the reader's liked stories; their updates are marked checked once the page has loaded. */
export function LikedStoriesPage() {
  usePageMeta('Liked Stories');
  const [page, setPage] = usePageParam();
  const [sort, setSort] = useSortParam();
  const books = useLikedStories(page, sort);
  const notice = useUpdatesNotice();
  useMarkSeen(books.data !== undefined && !notice.isPending, markUpdatesChecked, 'uncheckedUpdates', likedStoryKeys.all);

  return (
    <>
      <h1>Liked Stories</h1>
      <label className="list-sort">
        Sort by{' '}
        <select value={sort} onChange={(event) => setSort(event.target.value as LikedStorySort)}>
          {LIKED_STORY_SORTS.map((value) => (
            <option key={value} value={value}>
              {SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {notice.data && <p className="list-notice">{updatesNotice(notice.data.uncheckedUpdatesCount)}</p>}
      <PagedBookList query={books} page={page} onPage={setPage} />
    </>
  );
}
