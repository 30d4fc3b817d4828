import { CONTACT_EMAIL, SITE_NAME } from '../../../shared/config/site-config';
import { usePageMeta } from '../../../shared/page/use-page-meta';

export function PrivacyPolicyPage() {
  usePageMeta(`Privacy Policy | ${SITE_NAME}`, `What ${SITE_NAME} collects, why, how long it is kept and your rights.`);
  return (
    <article className="static-page">
      <h1>Privacy Policy</h1>
      <p>Last updated: May 13, 2024</p>
      <p>
        This policy describes how {SITE_NAME} collects, uses and discloses your information when you use the site, and
        the rights you have.
      </p>

      <h2>Usage data</h2>
      <p>
        When you use the site we collect usage data automatically: your device&apos;s IP address, browser type and
        version, the pages you visit, the time and date of your visit, the time spent on those pages and other
        diagnostic data. We use it to run, secure and improve the site.
      </p>

      <h2>Cookies and local storage</h2>
      <ul>
        <li>
          <strong>Essential cookies (session):</strong> needed to keep you logged in and to protect your account. The
          site does not work properly without them.
        </li>
        <li>
          <strong>Cookie acceptance (persistent):</strong> remembers that you accepted the cookie notice, so it is not
          shown again.
        </li>
        <li>
          <strong>Functionality (persistent):</strong> remembers your choices, such as font size, page spacing and
          theme, so you do not have to set them again.
        </li>
      </ul>

      <h2>Retention of your data</h2>
      <p>
        We keep personal data only as long as needed for the purposes in this policy and to meet legal obligations.
        Usage data is kept for a shorter period, unless it is needed to strengthen security or the law requires more.
      </p>

      <h2>Transfer of your data</h2>
      <p>
        Your information may be processed on computers outside your state or country, where data protection laws may
        differ. We take reasonable steps to keep it secure and transfer it only where adequate safeguards are in place.
      </p>

      <h2>Deleting your data</h2>
      <p>
        You have the right to ask us to delete the personal data we hold about you. Write to us at the address below
        and we will delete it unless the law requires us to keep it.
      </p>

      <h2>Children&apos;s privacy</h2>
      <p>
        The site is not meant for anyone under the age of 13, and we do not knowingly collect personal data from
        children under 13. If you learn that a child has given us personal data, contact us and we will remove it.
      </p>

      <h2>Links to other websites</h2>
      <p>
        The site links to websites we do not operate. We have no control over, and take no responsibility for, their
        content or privacy practices; please read their privacy policies.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        We may update this policy from time to time. Changes are posted on this page with a new &quot;Last
        updated&quot; date and take effect when posted.
      </p>

      <h2>Contact us</h2>
      <p>
        Questions about this policy? E-mail us at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </article>
  );
}
