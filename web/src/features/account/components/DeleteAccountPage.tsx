import { useStore } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { useFormMutation } from '../../../shared/api/use-form-mutation';
import { clearSessionAtom } from '../../../shared/state/session.atoms';
import { FormMessage } from '../../../shared/ui/FormMessage';
import { Link } from '../../../shared/ui/Link';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { failureMessage } from '../account-messages';
import { deleteAccount } from '../account-deletion-api';

export const DELETE_ACCOUNT_TEXT = {
  title: 'Delete your account',
  warning: 'This cannot be undone: once deleted, your account is gone for good and cannot log in again.',
  button: 'Delete my account for good',
  noToken: 'This link is not complete. Ask for a new one in your profile.',
} as const;

const profileLink = (
  <p className="account-links">
    <Link to="/user/profile">Go to your profile</Link>
  </p>
);

/**
 * /user/delete-account?token: the link "Delete my account" e-mails. Its button deletes the account the token
 * names, without sign-in; once deleted, this browser is signed out as Log Out does (the server has ended every session).
 */
export function DeleteAccountPage() {
  usePageMeta(DELETE_ACCOUNT_TEXT.title);
  const token = useSearchParams()[0].get('token');
  const store = useStore();
  const deletion = useFormMutation({ mutationFn: deleteAccount, onSuccess: () => store.set(clearSessionAtom) });

  let body;
  if (!token)
    body = (
      <>
        <FormMessage notice={{ text: DELETE_ACCOUNT_TEXT.noToken, isError: true }} />
        {profileLink}
      </>
    );
  else if (deletion.isSuccess)
    body = (
      <>
        <FormMessage notice={{ text: deletion.data.message, isError: false }} />
        <p className="account-links">
          <Link to="/">Home</Link>
        </p>
      </>
    );
  else
    body = (
      <>
        <p>{DELETE_ACCOUNT_TEXT.warning}</p>
        <div className="account-form">
          <button type="button" className="button" disabled={deletion.submitting} onClick={() => deletion.submit(token)}>
            {DELETE_ACCOUNT_TEXT.button}
          </button>
          {deletion.isError && <FormMessage notice={{ text: failureMessage(deletion.error), isError: true }} />}
        </div>
        {deletion.isError && profileLink}
      </>
    );

  return (
    <section className="account-page" aria-labelledby="delete-account-page-heading">
      <h1 id="delete-account-page-heading">{DELETE_ACCOUNT_TEXT.title}</h1>
      {body}
    </section>
  );
}
