import './reading-progress.css';

/** Said once, on opening a chapter whose text was revised since the reader last read it. */
export function RevisedNotice() {
  return (
    <p className="revised-notice" role="status">
      This chapter was revised since you last read it.
    </p>
  );
}
