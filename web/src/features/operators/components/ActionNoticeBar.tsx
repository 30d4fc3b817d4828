import type { ActionNotice } from '../use-operator-actions';

/**
 * The answer to the operator's last action, in a bar at the foot of the screen (the card acted on may have left the
 * list meanwhile). The live regions are always there, so screen readers announce what appears in them.
 */
export function ActionNoticeBar({ notice, onClose }: { notice: ActionNotice | null; onClose: () => void }) {
  return (
    <div className="action-notice-bar">
      <div role="status" className="action-notice-bar__region">
        {notice && !notice.isError && <NoticeBox notice={notice} onClose={onClose} />}
      </div>
      <div role="alert" className="action-notice-bar__region">
        {notice?.isError && <NoticeBox notice={notice} onClose={onClose} />}
      </div>
    </div>
  );
}

function NoticeBox({ notice, onClose }: { notice: ActionNotice; onClose: () => void }) {
  return (
    <div className={notice.isError ? 'action-notice action-notice--error' : 'action-notice'}>
      <p className="action-notice__text">{notice.text}</p>
      <button type="button" className="action-notice__close" aria-label="Close the notice" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
