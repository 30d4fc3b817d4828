import { parseRelatedList, relatedListSlug } from '@shelf/contracts';

/** A numbered related list (Series, Related Story, Similar Theme). The current book is plain text; the others open in a new tab. */
export function RelatedList({ title, list, currentBookId }: { title: string; list: string; currentBookId: number }) {
  const entries = parseRelatedList(list);
  if (entries.length === 0) return null;
  const headingId = `related-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="related-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ol>
        {entries.map((entry) => (
          <li key={`${entry.bookId}-${entry.name}`}>
            {entry.bookId === String(currentBookId) ? (
              <span aria-current="page">{entry.name}</span>
            ) : (
              <a href={`/${relatedListSlug(entry.bookId, entry.name)}`} target="_blank" rel="noopener noreferrer">
                {entry.name}
              </a>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
