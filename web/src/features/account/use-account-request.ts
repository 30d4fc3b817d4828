import { useState } from 'react';
import { failureMessage } from './account-messages';
import type { Notice } from './components/FormMessage';
import { useTimedSubmit } from './use-timed-submit';

/**
 * A form whose submission is one account request: the answer's message, or the failure's (spec section 8), becomes
 * the form's notice; `settled` runs after either. `setNotice` is for the form's own checks before sending.
 */
export function useAccountRequest() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const { submitting, run } = useTimedSubmit();
  const send = (request: () => Promise<{ message: string }>, settled?: () => void) =>
    void run(async () => {
      try {
        setNotice({ text: (await request()).message, isError: false });
      } catch (error) {
        setNotice({ text: failureMessage(error), isError: true });
      } finally {
        settled?.();
      }
    });
  return { notice, setNotice, submitting, send };
}
