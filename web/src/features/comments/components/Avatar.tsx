/** The fixed picture of deleted and removed comments (served from web/public). */
export const FALLBACK_AVATAR = '/avatar-fallback.svg';

/** The avatar service, keyed by the SHA-256 of the commenter's e-mail; it draws an identicon for unknown ones. */
export const avatarUrl = (emailHash: string | null): string =>
  emailHash ? `https://gravatar.com/avatar/${emailHash}?d=identicon&s=80` : FALLBACK_AVATAR;

export function Avatar({ emailHash }: { emailHash: string | null }) {
  return <img className="comment__avatar" src={avatarUrl(emailHash)} alt="" width={40} height={40} loading="lazy" referrerPolicy="no-referrer" />;
}
