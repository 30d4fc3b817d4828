import type { ReportReason, ThreadRef } from '@shelf/contracts';
import { createContext, useContext } from 'react';

/**
 * What every comment of a section shares: its thread (and paragraph), the reader's liked comments, the highlight and
 * the dialogs.
 */
export interface ThreadContextValue {
  thread: ThreadRef;
  /** The paragraph whose comments the section shows (its dialog); null for the whole thread's section. */
  paragraph: string | null;
  likedIds: ReadonlySet<string>;
  highlightedId: string | null;
  /** A comment or reply was posted: reload the list, then scroll to it and highlight it. */
  onPosted: (commentId: string) => void;
  /** Opens the log-in modal with the spec's reason. */
  askLogIn: (message: string) => void;
  /** Shows a server message in a modal. */
  showMessage: (message: string) => void;
  /** Asks a Yes/No question; `onYes` runs on Yes. */
  confirm: (question: string, onYes: () => void) => void;
  /** Asks whether to report a comment, with an optional reason; `onReport` runs on Yes. */
  confirmReport: (onReport: (reason: ReportReason | null) => void) => void;
}

export const ThreadContext = createContext<ThreadContextValue | null>(null);

export function useThread(): ThreadContextValue {
  const value = useContext(ThreadContext);
  if (!value) throw new Error('useThread is used outside a comment section');
  return value;
}

/**
 * The element id of a comment: its id (what `#{comment_id}` links point at) in the whole thread's section; prefixed in a
 * paragraph's, which shows some of the same comments in its dialog above the page.
 */
export const commentElementId = (paragraph: string | null, commentId: string): string => (paragraph === null ? commentId : `paragraph-comment-${commentId}`);
