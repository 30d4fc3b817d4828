import { useCallback, useEffect, useRef, useState } from 'react';

/** Submit buttons come back this long after the call ends (spec section 9). */
export const REENABLE_MS = 1000;

/**
 * A form submission: `submitting` is true from the start of `run` until 1 second after its work ends, so the button
 * can be disabled meanwhile.
 */
export function useTimedSubmit(): { submitting: boolean; run: (work: () => Promise<void>) => Promise<void> } {
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = useCallback(async (work: () => Promise<void>) => {
    setSubmitting(true);
    try {
      await work();
    } finally {
      timer.current = setTimeout(() => setSubmitting(false), REENABLE_MS);
    }
  }, []);
  return { submitting, run };
}
