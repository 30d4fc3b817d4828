import { type EmbeddedPageData, PAGE_DATA_ELEMENT_ID, type RenderedPage } from '@shelf/contracts';
import { escapeHtml, jsonForScript } from './embedded-json';

/** An entry of Vite's build manifest (web/dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

/** The text of a built file, by its path in the build (`assets/index-….css`). */
export type ReadBuiltFile = (file: string) => string;

/**
 * The page documents of the built web app: its index.html, with the rendered page in the root element, its title and
 * description, the style sheets of the page's code (from the manifest), and the data it was rendered from. Style
 * sheets go in the page itself, so that nothing but the page stands between a reader and the text; the page's own
 * scripts are left to the entry, which loads them to hydrate (preloaded, they compete with the text on a slow phone:
 * Lighthouse mobile 92–93 instead of 98). A tap before hydration is kept and given again (index.html's early script).
 */
export class PageDocument {
  private readonly template: string;
  private readonly entryChunks = new Set<string>();
  private readonly styles = new Map<string, string>();

  constructor(
    template: string,
    private readonly manifest: ViteManifest,
    private readonly read: ReadBuiltFile,
  ) {
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) this.closure(key, this.entryChunks);
    this.template = template.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (link, file: string) => this.style(file) ?? link);
  }

  /** The whole HTML document of `page`, rendered from `data`. */
  html(page: RenderedPage, data: EmbeddedPageData): string {
    const chunks = new Set<string>();
    for (const module of page.modules) this.closure(module, chunks);
    const own = [...chunks].filter((key) => !this.entryChunks.has(key)).map((key) => this.manifest[key]);
    const styles = own.flatMap((chunk) => chunk.css ?? []).map((file) => this.pageStyle(file));
    // Offered to index.html's early script (after it in the head), which loads it only for a reader who chose the font.
    const readerFont = page.readerFont && this.manifest[page.readerFont]?.file;
    const offered = readerFont ? `<meta name="reader-font-stylesheet" content="/${escapeHtml(readerFont)}">` : '';
    // Marked as the web app's (data-feed), which takes them over once it runs (web/src/features/feeds).
    const feeds = (page.feeds ?? []).map(
      (feed) => `<link rel="alternate" type="${escapeHtml(feed.type)}" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}" data-feed>`,
    );
    return this.template
      .replace(/<meta charset="[^"]*"\s*\/?>/, (charset) => `${charset}${offered}`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(/(<meta name="description" content=")[^"]*(")/, (_match, before: string, after: string) => `${before}${escapeHtml(page.description)}${after}`)
      .replace('</head>', () => `${feeds.join('')}${styles.join('')}</head>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${page.html}</div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`,
      );
  }

  /** Adds the chunk of manifest key `key` and those it imports to `into`. */
  private closure(key: string, into: Set<string>): void {
    if (!this.manifest[key] || into.has(key)) return;
    into.add(key);
    for (const imported of this.manifest[key].imports ?? []) this.closure(imported, into);
  }

  /**
   * Style sheet `file` of the page's own code, in the page. With it, a disabled link to the file (which the browser
   * does not fetch) tells Vite's loader of the page's code, which adds a code chunk's style sheets as links unless the
   * page links them, that the page has it: added, it was loaded again and restyled the whole page as it hydrated (the
   * chapter's longest task on a slow phone).
   */
  private pageStyle(file: string): string {
    const style = this.style(file);
    return style === null ? `<link rel="stylesheet" crossorigin href="/${file}">` : `${style}<link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  }

  /** Built style sheet `file` as a <style> element (null for one that could end it early). */
  private style(file: string): string | null {
    if (!this.styles.has(file)) this.styles.set(file, this.read(file));
    const css = this.styles.get(file)!;
    return /<\/style/i.test(css) ? null : `<style>${css}</style>`;
  }
}
