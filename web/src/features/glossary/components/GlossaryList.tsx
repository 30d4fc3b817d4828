import { type GlossaryEntry, glossaryShownAt } from '@shelf/contracts';
import { KIND_LABEL } from '../kind-label';


interface GlossaryListProps {
  entries: readonly GlossaryEntry[];
  /** The furthest chapter the reader has reached (null: none yet): entries of later chapters wait, spoiling nothing. */
  reached: number | null;
}

/**
 * A story's glossary on its page: the names, titles and terms a reader has met so far, each with its rendering and
 * note; how many more wait for later chapters. Nothing for a story without one.
 */
export function GlossaryList({ entries, reached }: GlossaryListProps) {
  if (entries.length === 0) return null;
  const shown = glossaryShownAt(entries, reached);
  const waiting = entries.length - shown.length;
  return (
    <section className="glossary" aria-labelledby="glossary-heading">
      <h2 id="glossary-heading">Glossary</h2>
      <dl className="glossary__entries">
        {shown.map((entry) => (
          <div key={entry.original} className="glossary__entry">
            <dt>
              {entry.original} <span className="glossary__kind">{KIND_LABEL[entry.kind]}</span>
            </dt>
            {entry.rendering !== entry.original && <dd className="glossary__rendering">{entry.rendering}</dd>}
            {entry.note !== '' && <dd className="glossary__note">{entry.note}</dd>}
          </div>
        ))}
      </dl>
      {waiting > 0 && (
        <p className="glossary__waiting">
          {waiting === 1 ? 'One more entry appears' : `${waiting} more entries appear`} as you read on.
        </p>
      )}
    </section>
  );
}
