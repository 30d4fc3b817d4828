import { Modal } from './Modal';

interface LogInModalProps {
  open: boolean;
  /** The spec's reason, e.g. 'You must log in to like a story.' */
  message: string;
  onClose: () => void;
}

/** Asks a visitor to log in: Log In opens /user/login in a new tab (what they were doing stays open), Close dismisses. */
export function LogInModal({ open, message, onClose }: LogInModalProps) {
  return (
    <Modal open={open} title="Log in required" onClose={onClose} closeButton={false}>
      <p>{message}</p>
      <div className="modal-actions">
        <a className="button" href="/user/login" target="_blank" rel="noopener noreferrer" onClick={onClose}>
          Log In
        </a>
        <button type="button" className="button button--plain" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
