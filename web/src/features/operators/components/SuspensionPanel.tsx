import { type ModerationContextResponse, SUSPENSION_DAYS, type SuspensionDays } from '@shelf/contracts';
import { type FormEvent, useId, useState } from 'react';
import { suspensionText } from '../moderation-text';
import { type ActionNotice, useSuspensionChange } from '../use-operator-actions';

export const SUSPENSION_REASON_MAX = 500;

const LENGTH_LABELS: Record<string, string> = { '1': '1 day', '7': '7 days', '30': '30 days', forever: 'For good' };
const lengthValue = (days: SuspensionDays) => (days === null ? 'forever' : String(days));
/** The days of a length option (null: for good; `find` cannot tell that null from "none"). */
const daysOf = (value: string): SuspensionDays => SUSPENSION_DAYS[Math.max(0, SUSPENSION_DAYS.findIndex((days) => lengthValue(days) === value))];

/** The author's commenting suspension: its end and reason with "Lift suspension", or the form that suspends them. */
export function SuspensionPanel({ author, onNotice }: { author: ModerationContextResponse['author']; onNotice: (notice: ActionNotice) => void }) {
  const change = useSuspensionChange(onNotice);
  const [length, setLength] = useState('1');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { length: useId(), reason: useId(), problem: useId() };

  if (author.suspension) {
    return (
      <div className="suspension">
        <p className="suspension__state">{suspensionText(author.suspension.until)}</p>
        <p className="suspension__reason">Reason: {author.suspension.reason}</p>
        <button
          type="button"
          className="button button--plain"
          disabled={change.isPending}
          onClick={() => change.mutate({ lift: true, userId: author.user_id })}
        >
          Lift suspension
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setProblem('Please give a reason for the suspension.');
    setProblem(null);
    change.mutate({ lift: false, userId: author.user_id, days: daysOf(length), reason: text }, { onSuccess: () => setReason('') });
  };

  return (
    <form className="suspension suspension-form" onSubmit={submit} aria-label={`Suspend ${author.username} from commenting`} noValidate>
      <p className="suspension__state">Can comment.</p>
      <label htmlFor={ids.length}>Suspend for</label>
      <select id={ids.length} value={length} onChange={(event) => setLength(event.target.value)}>
        {SUSPENSION_DAYS.map((days) => (
          <option key={lengthValue(days)} value={lengthValue(days)}>
            {LENGTH_LABELS[lengthValue(days)]}
          </option>
        ))}
      </select>
      <label htmlFor={ids.reason}>Reason (required, up to {SUSPENSION_REASON_MAX} characters)</label>
      <textarea
        id={ids.reason}
        rows={3}
        required
        maxLength={SUSPENSION_REASON_MAX}
        value={reason}
        aria-invalid={problem !== null}
        aria-describedby={problem ? ids.problem : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {problem && (
        <p id={ids.problem} className="error suspension-form__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={change.isPending}>
        Suspend
      </button>
    </form>
  );
}
