import { useState } from 'react';
import { useFormMutation } from '../../shared/api/use-form-mutation';
import type { Notice } from '../../shared/ui/FormMessage';
import { failureMessage } from './account-messages';

interface AccountMutationOptions<TVariables> {
  /** Runs after a good answer, before its message is shown. */
  onSuccess?: (variables: TVariables) => void;
  /** Runs after either answer. */
  onSettled?: () => void;
}

/**
 * A form whose submission is one account request, as a mutation: the answer's message, or the failure's,
 * becomes the form's notice. `setNotice` is for the form's own checks before sending.
 */
export function useAccountMutation<TVariables = void>(request: (variables: TVariables) => Promise<{ message: string }>, options: AccountMutationOptions<TVariables> = {}) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const { submit, submitting } = useFormMutation({
    mutationFn: request,
    onSuccess: (answer, variables) => {
      options.onSuccess?.(variables);
      setNotice({ text: answer.message, isError: false });
    },
    onError: (error) => setNotice({ text: failureMessage(error), isError: true }),
    onSettled: () => options.onSettled?.(),
  });
  return { notice, setNotice, submitting, send: submit };
}
