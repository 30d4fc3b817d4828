import { SITE_NAME } from '../../../shared/config/site-config';
import { usePageMeta } from '../../../shared/page/use-page-meta';

export function TermsOfServicePage() {
  usePageMeta(`Terms of Service | ${SITE_NAME}`, `The terms for using ${SITE_NAME}.`);
  return (
    <article className="static-page">
      <h1>Terms of Service</h1>
      <p>By using {SITE_NAME} you agree to these terms.</p>
      <h2>Age</h2>
      <p>You must be at least 18 years old to use this site.</p>
      <h2>Your account and comments</h2>
      <p>
        You are responsible for your account and for what you post. Comments that are abusive, spam or unlawful may be
        removed, and accounts that post them may be closed.
      </p>
      <h2>Limitation of liability</h2>
      <p>
        The site is provided as it is. To the extent the law allows, our total liability to you for any claim arising
        from your use of the site is limited to 100 USD.
      </p>
      <h2>Changes to these terms</h2>
      <p>We give at least 30 days&apos; notice on this page before changes to these terms take effect.</p>
      <h2>Governing law</h2>
      <p>These terms are governed by the laws of Malaysia.</p>
    </article>
  );
}
