import type { MutedReader, MuteRelation } from '@shelf/contracts';
import { ApiError } from '../../../../shared/api/api-client';
import { useMuteChange, useMutes } from '../queries';
import './mutes.css';

const LIST_TEXT: Record<MuteRelation, { heading: string; empty: string; undo: string; explain: string }> = {
  muted: {
    heading: 'Muted readers',
    empty: 'You have not muted anyone.',
    undo: 'Unmute',
    explain: 'Their comments and replies fold to one line, which you can open.',
  },
  blocked: {
    heading: 'Blocked readers',
    empty: 'You have not blocked anyone.',
    undo: 'Unblock',
    explain: 'Their comments fold too, and they cannot reply to your comments.',
  },
};

function RelationList({ relation, readers, undo, busy }: { relation: MuteRelation; readers: MutedReader[]; undo: (userId: string) => void; busy: boolean }) {
  const text = LIST_TEXT[relation];
  return (
    <section aria-labelledby={`${relation}-readers-heading`}>
      <h3 id={`${relation}-readers-heading`}>{text.heading}</h3>
      <p>{text.explain}</p>
      {readers.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <ul className="muted-readers__list">
          {readers.map((reader) => (
            <li key={reader.user_id}>
              <span>{reader.username}</span>
              <button type="button" className="button" disabled={busy} aria-label={`${text.undo} ${reader.username}`} onClick={() => undo(reader.user_id)}>
                {text.undo}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The profile's list of the readers the reader muted and blocked, each with Unmute or Unblock. */
export function MutedReaders() {
  const lists = useMutes();
  const change = useMuteChange();
  const undo = (relation: MuteRelation) => (userId: string) => change.mutate({ userId, relation, on: false });
  return (
    <section aria-labelledby="mutes-heading">
      <h2 id="mutes-heading">Muted and Blocked Readers</h2>
      {lists.isPending && <p>Loading...</p>}
      {lists.isError && <p role="alert">An error occurred. Please try again.</p>}
      {lists.data && (
        <>
          <RelationList relation="muted" readers={lists.data.muted} undo={undo('muted')} busy={change.isPending} />
          <RelationList relation="blocked" readers={lists.data.blocked} undo={undo('blocked')} busy={change.isPending} />
        </>
      )}
      {change.isError && <p role="alert">{change.error instanceof ApiError ? change.error.message : 'An error occurred. Please try again.'}</p>}
    </section>
  );
}
