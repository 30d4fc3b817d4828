import { CommentMessage, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, isReportReason } from '@shelf/contracts';
import { useId, useState } from 'react';
import { Modal } from '../../../shared/ui/Modal';

interface ReportModalProps {
  open: boolean;
  /** Yes: the reason chosen, or null for none. */
  onReport: (reason: ReportReason | null) => void;
  onCancel: () => void;
}

/** The report confirmation, with an optional reason (a report without one counts the same). */
export function ReportModal({ open, onReport, onCancel }: ReportModalProps) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const selectId = useId();
  // Every report starts without a reason.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setReason('');
  }
  return (
    <Modal open={open} title="Please confirm" onClose={onCancel} closeButton={false}>
      <p>{CommentMessage.confirmReport}</p>
      <div className="report-reason">
        <label htmlFor={selectId}>Reason (optional)</label>
        <select id={selectId} value={reason} onChange={(event) => setReason(isReportReason(event.target.value) ? event.target.value : '')}>
          <option value="">No reason given</option>
          {REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {REPORT_REASON_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="modal-actions">
        <button type="button" className="button" onClick={() => onReport(reason === '' ? null : reason)}>
          Yes
        </button>
        <button type="button" className="button button--plain" onClick={onCancel}>
          No
        </button>
      </div>
    </Modal>
  );
}
