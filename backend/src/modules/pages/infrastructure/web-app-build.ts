import { Injectable, type OnModuleInit } from '@nestjs/common';
import { WEB_DIST } from '../../../platform/http/web-dist';
import { loadWebBuild, type WebBuild } from './web-build';

/**
 * The web app's build as this process loaded it (its server build beside it), or none: what renders the pages, and the
 * web app's own Markdown code for what the server makes from chapter text (an EPUB's documents, a chapter's paragraph
 * keys), so that the server reads Markdown exactly as the site shows it.
 */
@Injectable()
export class WebAppBuild implements OnModuleInit {
  private build: WebBuild | null = null;

  async onModuleInit(): Promise<void> {
    await this.load(WEB_DIST);
  }

  /** Loads the built web app of `webDist` (with its server build beside it). */
  async load(webDist: string): Promise<void> {
    this.build = await loadWebBuild(webDist);
  }

  /** The build, or null when the web app has no server build here. */
  current(): WebBuild | null {
    return this.build;
  }

  /** The web app's Markdown writer as XHTML (markdownToXhtml, for the EPUB download), or null without a server build. */
  markdownXhtml(): ((markdown: string) => string) | null {
    const renderer = this.build?.renderer;
    return renderer ? (markdown) => renderer.markdownXhtml(markdown) : null;
  }

  /** The keys of a chapter text's paragraphs as the chapter page marks them (paragraphKeys), or null without a server build. */
  paragraphKeys(): ((markdown: string) => string[]) | null {
    const renderer = this.build?.renderer;
    return renderer ? (markdown) => renderer.paragraphKeys(markdown) : null;
  }
}
