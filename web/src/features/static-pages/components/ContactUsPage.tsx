import { CONTACT_EMAIL, COMMUNITY_CHAT_URL, SITE_NAME } from '../../../shared/config/site-config';
import { usePageMeta } from '../../../shared/page/use-page-meta';

export function ContactUsPage() {
  usePageMeta(`Contact Us | ${SITE_NAME}`, `How to reach the ${SITE_NAME} team.`);
  return (
    <article className="static-page">
      <h1>Contact Us</h1>
      <p>
        Questions, corrections or translation requests are welcome. Write to us at{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>, or talk to us and other readers in our{' '}
        <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer">
          community chat
        </a>
        .
      </p>
      <p>We read every message and usually answer within a few days.</p>
    </article>
  );
}
