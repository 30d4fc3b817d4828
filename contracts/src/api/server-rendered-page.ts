import type { Category } from '../catalog/enums';
import type { BookPageListResponse, BookPageResponse, ChapterPageResponse } from './catalog-responses';
import type { HomeResponse } from './home-response';

// Pages the server renders before the web client's JavaScript arrives (issue 15): the web client's server build tells
// the API which answer a page address shows, the API fetches it and has the page rendered with it, and the client
// starts from the same answer, embedded in the page.

/** The API answer a server-rendered page address shows: GET /api/…, its path as the web client asks for it. */
export type PageRequest =
  | { page: 'home' }
  | { page: 'story'; bookId: number }
  | { page: 'chapter'; bookId: number; bookIDSlug: string; chapterID: string }
  | { page: 'category'; category: Category; value: string; pageNum: number };

/** What the API answered: the answer, or its refusal (a missing story answers 404 with its message). */
export type PageAnswer<T> = { data: T } | { error: { status: number; message: string } };

export type PageData =
  | { page: 'home'; answer: PageAnswer<HomeResponse> }
  | { page: 'story'; bookId: number; answer: PageAnswer<BookPageResponse> }
  | {
      page: 'chapter';
      bookId: number;
      bookIDSlug: string;
      chapterID: string;
      answer: PageAnswer<ChapterPageResponse>;
      /** The chapter's paragraph comment counts (ParagraphCountsResponse) as the page was rendered; absent: not known. */
      paragraphs?: Record<string, number>;
    }
  | { page: 'category'; category: Category; value: string; pageNum: number; answer: PageAnswer<BookPageListResponse> };

/** What the page embeds for the client: the answer it was rendered from, and when (ms since the epoch). */
export interface EmbeddedPageData {
  renderedAt: number;
  data: PageData;
}

/** The id of the page's `<script type="application/json">` holding its EmbeddedPageData. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface RenderedPage {
  /** The HTML inside the page's root element. */
  html: string;
  title: string;
  description: string;
  /** The web client's source modules the page shows (keys of Vite's manifest), whose styles and scripts it needs. */
  modules: string[];
  /** The style sheet module of the reader's dyslexia-friendly font, for a page whose text waits for it once chosen. */
  readerFont?: string;
  /** The feeds the page offers, as `<link rel="alternate">` in its head. */
  feeds?: FeedLink[];
}

/** A feed a page offers: its address (from the site's root), media type and title. */
export interface FeedLink {
  href: string;
  type: string;
  title: string;
}

/** The web client's server build (web/dist-server), as the API loads it. */
export interface PageRenderer {
  /** The answer `url` (path and query) shows, or null for an address the client renders on its own. */
  requestOf(url: string): PageRequest | null;
  render(url: string, page: EmbeddedPageData): RenderedPage;
  /** Markdown as the site shows it, written as XHTML for the documents the server makes (the EPUB download). */
  markdownXhtml(markdown: string): string;
  /** The keys of a chapter text's paragraphs (PARAGRAPH_KEY), in their order, as the chapter page marks them. */
  paragraphKeys(markdown: string): string[];
}
