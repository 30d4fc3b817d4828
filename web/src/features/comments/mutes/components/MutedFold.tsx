import { type MuteRelation, MuteText } from '@shelf/contracts';
import { type ReactNode, useState } from 'react';
import './mutes.css';

/**
 * A comment whose author the reader muted or blocked, folded to one line with Show; shown, it is the comment as it
 * is (`children`). Anything else is shown as it is.
 */
export function MutedFold({ relation, children }: { relation: MuteRelation | null | undefined; children: ReactNode }) {
  // Shown for the relation it was folded for: a reader muted, shown, then blocked folds again.
  const [shownFor, setShownFor] = useState<MuteRelation | null>(null);
  if (!relation || shownFor === relation) return children;
  return (
    <p className="muted-fold">
      <span>{relation === 'blocked' ? MuteText.blockedFold : MuteText.mutedFold}</span>
      <button type="button" className="muted-fold__show" onClick={() => setShownFor(relation)}>
        Show
      </button>
    </p>
  );
}
