import { DIGEST_FREQUENCIES, DIGEST_KINDS, type DigestFrequency, type DigestKind } from '@shelf/contracts';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../../shared/state/session.atoms';
import { browserTimeZone, useChooseDigest, useDigestChoices } from '../queries';
import './digests.css';

export const DIGEST_TEXT = {
  heading: 'E-mail Digests',
  about: 'A morning e-mail (08:00 your time) with what is new. Nothing new, no e-mail.',
  kinds: { replies: 'Replies to my comments', chapters: 'New chapters of stories I like or have on a shelf' },
  frequencies: { none: 'None', daily: 'Daily', weekly: 'Weekly (Mondays)' },
  unverified: 'Verify your e-mail to get digests.',
  saved: 'Saved.',
} as const satisfies { kinds: Record<DigestKind, string>; frequencies: Record<DigestFrequency, string> } & Record<string, unknown>;

/** The profile's e-mail digests: per kind, none, daily or weekly, sent at the morning of the browser's time zone. */
export function EmailDigests() {
  const user = useAtomValue(userAtom);
  const { data, isPending, error } = useDigestChoices();
  const choose = useChooseDigest();
  const verified = user?.email_verified ?? false;
  const problem = choose.error ?? error;
  const zone = data?.time_zone ?? browserTimeZone();

  return (
    <section className="email-digests" aria-labelledby="email-digests-heading">
      <h2 id="email-digests-heading">{DIGEST_TEXT.heading}</h2>
      <p>
        {DIGEST_TEXT.about} <span className="email-digests__zone">Time zone: {zone}</span>
      </p>
      {!verified && <p>{DIGEST_TEXT.unverified}</p>}
      {isPending && verified ? (
        <p>Loading...</p>
      ) : (
        DIGEST_KINDS.map((kind) => (
          <fieldset key={kind} className="email-digests__kind" disabled={!verified || choose.isPending}>
            <legend>{DIGEST_TEXT.kinds[kind]}</legend>
            <div className="email-digests__choices">
              {DIGEST_FREQUENCIES.map((frequency) => (
                <label key={frequency} className="email-digests__choice">
                  <input
                    type="radio"
                    name={`digest-${kind}`}
                    value={frequency}
                    checked={(data?.[kind] ?? 'none') === frequency}
                    onChange={() => choose.mutate({ kind, frequency })}
                  />
                  {DIGEST_TEXT.frequencies[frequency]}
                </label>
              ))}
            </div>
          </fieldset>
        ))
      )}
      {choose.isSuccess && !choose.isPending && (
        <p className="form-message" role="status">
          {DIGEST_TEXT.saved}
        </p>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem.message}
        </p>
      )}
    </section>
  );
}
