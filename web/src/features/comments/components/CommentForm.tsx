import { CommentMessage, commentTextProblem, type CommentWriteResponse, cooldownMessage, cooldownRemaining } from '@shelf/contracts';
import { useAtom, useAtomValue } from 'jotai';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { useFormMutation } from '../../../shared/api/use-form-mutation';
import { Honeypot } from '../../../shared/ui/Honeypot';
import { userAtom } from '../../../shared/state/session.atoms';
import { lastCommentTimeAtom } from '../atoms';

export type CommentFormKind = 'comment' | 'reply' | 'edit';

const LABELS: Record<CommentFormKind, { field: string; submit: string }> = {
  comment: { field: 'Write a comment', submit: 'Post' },
  reply: { field: 'Write a reply', submit: 'Post Reply' },
  edit: { field: 'Edit your comment', submit: 'Save' },
};

/** A random key for one posting (crypto.getRandomValues: randomUUID needs a secure context). */
const postingKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

const WRITING_HINT = 'Markdown works here; wrap a spoiler in %percent signs%.';

interface CommentFormProps {
  kind: CommentFormKind;
  initialText?: string;
  /**
   * Sends the text (and the honeypot) with the posting's key: the same while the reader sends the same text again
   * after a failure, so a retry of a comment that was stored (its answer lost) posts it once. An ApiError's message is
   * shown under the form.
   */
  send: (text: string, honeypot: string, key: string) => Promise<CommentWriteResponse>;
  /** After the server accepted it. */
  onSent?: (answer: CommentWriteResponse, text: string) => void;
  onCancel?: () => void;
}

/**
 * Posting, replying and editing: only for a logged-in reader with a verified e-mail, the text rules
 * and the 30-second cooldown checked before sending, the server's refusal shown under the form, the button back
 * 1 second after the call. What the reader wrote stays in the box when anything fails.
 */
export function CommentForm({ kind, initialText = '', send, onSent, onCancel }: CommentFormProps) {
  const user = useAtomValue(userAtom);
  const [lastCommentTime, setLastCommentTime] = useAtom(lastCommentTimeAtom);
  const [text, setText] = useState(initialText);
  const [honeypot, setHoneypot] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The key of the text last sent, kept until it is accepted. */
  const posting = useRef<{ text: string; key: string } | null>(null);
  const write = useFormMutation({
    mutationFn: (form: { text: string; honeypot: string; key: string }) => send(form.text, form.honeypot, form.key),
    onSuccess: (answer, form) => {
      if (answer.success !== 1) return setProblem(answer.message);
      posting.current = null;
      if (kind !== 'edit') {
        setLastCommentTime(Date.now());
        setText('');
      }
      onSent?.(answer, form.text);
    },
    onError: (error) => {
      setProblem(error instanceof ApiError ? error.message : 'An error occurred. Please try again.');
      if (!(error instanceof ApiError)) console.error(error);
    },
  });
  const submitting = write.submitting;
  const problemId = useId();
  const canWrite = user?.email_verified === true;
  const labels = LABELS[kind];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canWrite || submitting) return;
    const textProblem = commentTextProblem(text);
    if (textProblem) return setProblem(textProblem);
    // Only new comments and replies count against the cooldown; an edit is not a new comment.
    const wait = kind === 'edit' ? 0 : cooldownRemaining(lastCommentTime, Date.now());
    if (wait > 0) return setProblem(cooldownMessage(wait));
    setProblem(null);
    if (posting.current?.text !== text) posting.current = { text, key: postingKey() };
    write.submit({ text, honeypot, key: posting.current.key });
  };

  return (
    <form className={`comment-form comment-form--${kind}`} onSubmit={onSubmit} noValidate>
      <textarea
        aria-label={labels.field}
        value={text}
        onChange={(event) => setText(event.target.value)}
        disabled={!canWrite}
        placeholder={canWrite ? WRITING_HINT : kind === 'comment' ? CommentMessage.logInToComment : CommentMessage.logInToReply}
        aria-invalid={problem !== null}
        aria-describedby={problem ? problemId : undefined}
        rows={kind === 'comment' ? 4 : 3}
      />
      <Honeypot value={honeypot} onChange={setHoneypot} />
      {problem && (
        <p id={problemId} className="comment-form__problem error" role="alert">
          {problem}
        </p>
      )}
      <div className="comment-form__buttons">
        <button type="submit" className="button" disabled={!canWrite || submitting}>
          {labels.submit}
        </button>
        {onCancel && (
          <button type="button" className="button button--plain" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
