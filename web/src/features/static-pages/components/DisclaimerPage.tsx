import { SITE_NAME } from '../../../shared/config/site-config';
import { usePageMeta } from '../../../shared/page/use-page-meta';

export function DisclaimerPage() {
  usePageMeta(`Disclaimer | ${SITE_NAME}`, `The disclaimer for the translations on ${SITE_NAME}.`);
  return (
    <article className="static-page">
      <h1>Disclaimer</h1>
      <p>
        The translations on {SITE_NAME} are made to the best of our team&apos;s ability. They are provided for general
        information only.
      </p>
      <p>
        We make no representation or warranty of any kind, express or implied, about the accuracy, completeness or
        reliability of any translation or other content on the site.
      </p>
      <p>Any reliance you place on the content of this site is strictly at your own risk.</p>
    </article>
  );
}
