import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../shared/ui/Link';
import { usePageMeta } from '../../../shared/page/use-page-meta';
import { unsubscribeDigest } from '../api';

export const UNSUBSCRIBE_TEXT = {
  title: 'Unsubscribe',
  ask: 'Stop getting this e-mail digest?',
  button: 'Unsubscribe',
  noToken: 'This unsubscribe link is not complete. Open your profile to change your e-mail digests.',
} as const;

/** /digests/unsubscribe?token=: a digest's link; the button turns that digest off without signing in. */
export function DigestUnsubscribePage() {
  usePageMeta(UNSUBSCRIBE_TEXT.title);
  const token = useSearchParams()[0].get('token');
  const unsubscribe = useMutation({ mutationFn: unsubscribeDigest });

  return (
    <div className="account-page">
      <h1>{UNSUBSCRIBE_TEXT.title}</h1>
      {!token ? (
        <p role="alert">{UNSUBSCRIBE_TEXT.noToken}</p>
      ) : unsubscribe.isSuccess ? (
        <p role="status">{unsubscribe.data.message}</p>
      ) : (
        <>
          <p>{UNSUBSCRIBE_TEXT.ask}</p>
          <button type="button" className="button" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
            {UNSUBSCRIBE_TEXT.button}
          </button>
          {unsubscribe.error && (
            <p className="error" role="alert">
              {unsubscribe.error.message}
            </p>
          )}
        </>
      )}
      <p>
        <Link to="/user/profile">Change your e-mail digests in your profile</Link>
      </p>
    </div>
  );
}
