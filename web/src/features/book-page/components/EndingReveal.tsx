import { useState } from 'react';

/** The endings are a spoiler: hidden until clicked, then each click shows or hides them. */
export function EndingReveal({ endings }: { endings: string }) {
  const [shown, setShown] = useState(false);
  return (
    <button type="button" className="spoiler-button" aria-expanded={shown} onClick={() => setShown((was) => !was)}>
      {shown ? endings : 'Click to reveal'}
    </button>
  );
}
