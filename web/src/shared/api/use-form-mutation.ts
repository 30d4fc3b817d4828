import { type DefaultError, useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Submit buttons come back this long after the call ends. */
export const REENABLE_MS = 1000;

export type FormMutation<TData, TVariables> = UseMutationResult<TData, DefaultError, TVariables> & {
  /** Sends the form: the mutation's `mutate`, with the button held from the click on. */
  submit: (variables: TVariables) => void;
  /** True from the submit (at once, so a second click cannot send twice) until 1 second after the call settles. */
  submitting: boolean;
};

/**
 * A form's server write: a TanStack Query mutation (its pending state, answer and failure) plus the spec's hold of
 * the submit button until 1 second after the call. It runs whether or not the browser reports being online, so a
 * failed network call is answered at once as before instead of waiting paused.
 */
export function useFormMutation<TData, TVariables = void>(options: UseMutationOptions<TData, DefaultError, TVariables>): FormMutation<TData, TVariables> {
  const [held, setHeld] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { onSettled } = options;
  const mutation = useMutation<TData, DefaultError, TVariables>({
    networkMode: 'always',
    ...options,
    onSettled: (...args) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setHeld(false), REENABLE_MS);
      return onSettled?.(...args);
    },
  });
  const { mutate } = mutation;
  const submit = useCallback(
    (variables: TVariables) => {
      clearTimeout(timer.current);
      setHeld(true);
      mutate(variables);
    },
    [mutate],
  );
  return { ...mutation, submit, submitting: held || mutation.isPending };
}
