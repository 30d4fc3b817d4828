import { useState, type ReactNode } from 'react';

/** Hidden text that the reader reveals with a click (or Enter/Space, since it is a button until then). */
export function Spoiler({ children }: { children?: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  if (revealed) return <span className="spoiler spoiler-revealed">{children}</span>;
  return (
    <button type="button" className="spoiler" aria-label="Spoiler: show the hidden text" onClick={() => setRevealed(true)}>
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
