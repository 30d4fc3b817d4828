/**
 * Below a thread shown a page at a time: how many of its comments are shown, and the button that loads the next page
 * (its loading and error states said in words, for screen readers too).
 */
export function MoreComments({ shown, total, loading, failed, onMore }: { shown: number; total: number; loading: boolean; failed: boolean; onMore: () => void }) {
  return (
    <div className="comment-more">
      <p className="comment-more__count" aria-live="polite">
        {loading ? 'Loading more comments...' : `Showing ${shown.toLocaleString('en-US')} of ${Math.max(shown, total).toLocaleString('en-US')} comments`}
      </p>
      {failed && !loading && <p role="alert">Error loading more comments.</p>}
      {/* aria-disabled, not disabled, while loading: the button keeps the keyboard focus it has. */}
      <button type="button" className="button comment-more__button" aria-disabled={loading} onClick={() => !loading && onMore()}>
        {failed ? 'Try again' : 'Load more comments'}
      </button>
    </div>
  );
}
