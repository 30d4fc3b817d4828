import type { MuteRelation } from '@shelf/contracts';
import { useId, useState } from 'react';
import { ApiError } from '../../../../shared/api/api-client';
import { useMuteChange, useMutes } from '../queries';
import './mutes.css';

interface MuteMenuProps {
  /** The comment's author. */
  userId: string;
  username: string;
  /** Asks a Yes/No question; `onYes` runs on Yes. */
  confirm: (question: string, onYes: () => void) => void;
  /** Shows a server message in a modal. */
  showMessage: (message: string) => void;
}

const ACTIONS: Record<MuteRelation, { on: string; off: string }> = {
  muted: { on: 'Mute', off: 'Unmute' },
  blocked: { on: 'Block', off: 'Unblock' },
};

/**
 * A comment's "More" menu for a signed-in reader who is not its author: mute or block the author, or undo either.
 * Blocking asks first. The lists are fetched when the menu first opens.
 */
export function MuteMenu({ userId, username, confirm, showMessage }: MuteMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const lists = useMutes(open);
  const change = useMuteChange();
  const has = (relation: MuteRelation) => lists.data?.[relation].some((entry) => entry.user_id === userId) ?? false;

  const act = (relation: MuteRelation) => {
    const on = !has(relation);
    const run = () => {
      setOpen(false);
      change.mutate({ userId, relation, on }, { onError: (error) => showMessage(error instanceof ApiError ? error.message : 'An error occurred. Please try again.') });
    };
    if (relation === 'blocked' && on) confirm(`Block ${username}? Their comments fold for you, and they can no longer reply to your comments.`, run);
    else run();
  };

  return (
    <span className="mute-menu">
      <button type="button" aria-expanded={open} aria-controls={menuId} aria-label={`More actions for ${username}`} onClick={() => setOpen((was) => !was)}>
        More
      </button>
      {open && (
        <span id={menuId} className="mute-menu__items" role="group" aria-label={`Mute or block ${username}`}>
          {(['muted', 'blocked'] as const).map((relation) => (
            <button key={relation} type="button" disabled={!lists.data || change.isPending} onClick={() => act(relation)}>
              {`${has(relation) ? ACTIONS[relation].off : ACTIONS[relation].on} ${username}`}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}
