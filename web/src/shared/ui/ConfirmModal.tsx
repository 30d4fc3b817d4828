import { Modal } from './Modal';

interface ConfirmModalProps {
  /** The question; null keeps the modal closed. */
  question: string | null;
  onYes: () => void;
  onNo: () => void;
}

/** The Yes/No variant of the modal, e.g. 'Are you sure you want to delete this comment?'. */
export function ConfirmModal({ question, onYes, onNo }: ConfirmModalProps) {
  return (
    <Modal open={question !== null} title="Please confirm" onClose={onNo} closeButton={false}>
      <p>{question}</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onYes}>
          Yes
        </button>
        <button type="button" className="button button--plain" onClick={onNo}>
          No
        </button>
      </div>
    </Modal>
  );
}
