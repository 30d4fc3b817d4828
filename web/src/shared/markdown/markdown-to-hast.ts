import type { Root } from 'hast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkBreaks from 'remark-breaks';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { openLinksInNewTab } from './new-tab-links';
import { rehypeImageLinks } from './rehype-image-links';
import { rehypeSafeUrls } from './rehype-safe-urls';
import { remarkSpoiler, SPOILER_CLASS } from './remark-spoiler';

export interface MarkdownOptions {
  /** Turn `%text%` into click-to-reveal spoilers (comments use them). */
  spoilers?: boolean;
  /** Open links in a new tab, with rel noopener noreferrer nofollow ugc (reply cards). Images always do. */
  newTabLinks?: boolean;
}

const ALLOWED_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

// GitHub's rules, with the spec's schemes for images too, and the one class the spoiler needs.
const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: { ...defaultSchema.attributes, span: [['className', SPOILER_CLASS]] },
  protocols: { ...defaultSchema.protocols, href: ALLOWED_PROTOCOLS, src: ALLOWED_PROTOCOLS },
};

// Raw HTML in the source is dropped by remark-rehype (it is not passed through); sanitizing is the second wall. What
// comes after it (images as links to themselves) adds only fixed attributes.
const plain = unified().use(remarkParse).use(remarkBreaks).use(remarkRehype).use(rehypeSafeUrls).use(rehypeSanitize, schema).use(rehypeImageLinks);
const withSpoilers = unified()
  .use(remarkParse)
  .use(remarkBreaks)
  .use(remarkSpoiler)
  .use(remarkRehype)
  .use(rehypeSafeUrls)
  .use(rehypeSanitize, schema)
  .use(rehypeImageLinks);

/**
 * Parses Markdown into a sanitized HTML syntax tree: line breaks kept, unsafe addresses emptied, images lazy and
 * linked to themselves in a new tab.
 */
export function markdownToHast(markdown: string, options: MarkdownOptions = {}): Root {
  const processor = options.spoilers ? withSpoilers : plain;
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  return options.newTabLinks ? openLinksInNewTab(tree) : tree;
}
