import { type FormEvent, useState } from 'react';
import { ERASED_NAME } from '@shelf/contracts';
import { FormField } from '../../../shared/ui/FormField';
import { FormMessage } from '../../../shared/ui/FormMessage';
import { requestAccountDeletion } from '../account-deletion-api';
import { useAccountMutation } from '../use-account-mutation';

/**
 * In the profile: what deleting the account does, and the password that asks for it. The server e-mails a link to
 * confirm (DeleteAccountPage); its answer, or its refusal, shows next to the field.
 */
export function DeleteMyAccount() {
  const [password, setPassword] = useState('');
  // After an answer the password is typed again from an empty field, not edited blind.
  const { notice, submitting, send } = useAccountMutation(requestAccountDeletion, { onSettled: () => setPassword('') });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(password);
  };

  return (
    <section aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete Your Account</h2>
      <p>
        Once deleted, your account cannot log in again. Your comments show “{ERASED_NAME}” without their text, and replies to them stay. Your likes, reading progress and e-mail
        address are forgotten, and your username is free for others after 30 days. Enter your password, and we send you an e-mail with a link to confirm.
      </p>
      <form className="account-form" onSubmit={submit}>
        <FormField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <FormMessage notice={notice} />
        <button type="submit" className="button" disabled={submitting}>
          Delete my account
        </button>
      </form>
    </section>
  );
}
