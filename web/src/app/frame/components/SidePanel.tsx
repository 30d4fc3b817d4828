import { Link } from '../../../shared/ui/Link';
import { COMMUNITY_CHAT_URL, SITE_NAME, SOCIAL_LINKS, TIP_JAR_URL } from '../../../shared/config/site-config';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The site-wide side panel: logo, tip jar, community chat and the two social pages. */
export function SidePanel() {
  return (
    <aside className="side-panel" aria-label="Support and community">
      <Link to="/" className="logo">
        {SITE_NAME}
      </Link>
      <section aria-labelledby="support-heading">
        <h2 id="support-heading">Support us</h2>
        <a href={TIP_JAR_URL} {...external}>
          Buy us a coffee on our tip jar
        </a>
      </section>
      <section aria-labelledby="community-heading">
        <h2 id="community-heading">Community</h2>
        <ul>
          <li>
            <a href={COMMUNITY_CHAT_URL} {...external}>
              Join our community chat
            </a>
          </li>
          {SOCIAL_LINKS.map((link) => (
            <li key={link.url}>
              <a href={link.url} {...external}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
