import { SITE_NAME } from '../../../shared/config/site-config';
import { usePageMeta } from '../../../shared/page/use-page-meta';

export function AboutUsPage() {
  usePageMeta(`About Us | ${SITE_NAME}`, `Who we are: the volunteer translators behind ${SITE_NAME}.`);
  return (
    <article className="static-page">
      <h1>About Us</h1>
      <p>
        {SITE_NAME} is a small team of volunteer translators who love Chinese and Japanese web novels, boys-love stories
        above all. We translate the stories we enjoy so that more readers can enjoy them too.
      </p>
      <p>
        Everything here is free to read. The site is kept running by ads and by readers who support us through the tip
        jar linked on every page. Thank you for reading with us!
      </p>
    </article>
  );
}
