import { CONTACT_EMAIL, SITE_NAME } from '../../../shared/config/site-config';
import { usePageMeta } from '../../../shared/page/use-page-meta';

export function DmcaPage() {
  usePageMeta(`DMCA | ${SITE_NAME}`, `How rights holders can ask ${SITE_NAME} to remove content.`);
  return (
    <article className="static-page">
      <h1>DMCA</h1>
      <p>
        We respect the rights of authors and publishers. If you hold the rights to a work published here and want it
        removed, send a notice to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> that includes:
      </p>
      <ul>
        <li>the work you hold the rights to, and the address of the pages on this site that use it;</li>
        <li>your name and contact details;</li>
        <li>a statement that you believe in good faith that the use is not authorised by the rights holder;</li>
        <li>a statement that the notice is accurate and that you are the rights holder or act on their behalf.</li>
      </ul>
      <p>We remove the content named in a complete notice promptly, usually within a few working days.</p>
    </article>
  );
}
