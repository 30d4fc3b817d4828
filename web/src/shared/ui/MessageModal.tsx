import { Modal } from './Modal';

/** A message the server answered (e.g. a 403 or 429 refusal), shown in a modal with a Close button. */
export function MessageModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal open={message !== null} title="Notice" onClose={onClose} closeButton={false}>
      <p role="alert">{message}</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
