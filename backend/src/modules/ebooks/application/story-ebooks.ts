import { Inject, Injectable } from '@nestjs/common';
import { type BookMetadata, bookProgress, type BookReadModel, type ChapterReadModel, ebookFileName, storySlug } from '@shelf/contracts';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';
import { CatalogReadStore, coverSvg } from '../../catalog';
import { WebAppBuild } from '../../pages';
import type { EbookStory } from './epub-documents';
import { epubPackage } from './epub-package';

type PublishedBook = BookReadModel & { metadata: BookMetadata };

/** One built EPUB of a story, as it was when `tag` was taken. */
export interface Ebook {
  /** Changes whenever the story does (its ETag). */
  tag: string;
  /** `{id}-{slug}.epub`: the same file name for every download of the story while its title stays. */
  fileName: string;
  bytes: Uint8Array;
  /** ISO time of the story's last change. */
  modified: string;
}

/** Raised to bust every cached file when what a book holds changes shape. */
const FORMAT = 'epub-1';
/** Built files kept in memory: the popular stories' (a 300-chapter story is about 1 MB). */
const CACHE_BYTES = 128 * 1024 * 1024;
/** Chapters read from the store at once while a book is built (each an `_id` lookup). */
const CHAPTER_READS = 8;
/** Books built at once: building is CPU work on the API's one thread. */
const BUILDS = 2;

/**
 * Stories as EPUB files, built on the server from the catalog's read models and kept until the story changes: a file
 * is kept under its story's tag (a hash of the book's metadata version and each chapter's version), so a change of
 * either makes the next download build anew, and a download while a build runs waits for that build.
 */
@Injectable()
export class StoryEbooks {
  private readonly files = new LRUCache<string, Ebook>({ maxSize: CACHE_BYTES, sizeCalculation: (file) => file.bytes.length + 256 });
  private readonly building = new Map<string, Promise<Ebook>>();
  private readonly builds = pLimit(BUILDS);
  private readonly siteUrl: string;
  private readonly siteHost: string;

  constructor(
    private readonly catalog: CatalogReadStore,
    private readonly web: WebAppBuild,
    @Inject(SERVICE_ENV) env: ServiceEnv,
  ) {
    this.siteUrl = env.publicUrl.replace(/\/+$/, '');
    this.siteHost = new URL(this.siteUrl).hostname;
  }

  /** The published book, or null. */
  book(bookId: number): Promise<PublishedBook | null> {
    return this.catalog.findBook(bookId);
  }

  /** The story's current tag: equal tags, equal files. */
  tagOf(book: PublishedBook): string {
    const chapters = bookProgress(book).chapters.map((chapter) => [chapter.chapter_id, chapter.version]);
    return createHash('sha256').update(JSON.stringify([FORMAT, book.book_id, book.metadataVersion, chapters])).digest('base64url').slice(0, 22);
  }

  /** The kept file of the story as `tag` names it, if any. */
  kept(tag: string): Ebook | undefined {
    return this.files.get(tag);
  }

  /** The story's file as `tag` names it: the kept one, the one being built, or a new build. */
  file(book: PublishedBook, tag: string): Promise<Ebook> {
    const kept = this.files.get(tag);
    if (kept) return Promise.resolve(kept);
    let build = this.building.get(tag);
    if (!build) {
      build = this.builds(() => this.build(book, tag))
        .then((file) => {
          this.files.set(tag, file);
          return file;
        })
        .finally(() => this.building.delete(tag));
      this.building.set(tag, build);
    }
    return build;
  }

  private async build(book: PublishedBook, tag: string): Promise<Ebook> {
    const toXhtml = this.web.markdownXhtml();
    if (!toXhtml) throw new EbooksUnavailableError();
    const chapters = await this.chapters(book);
    const slug = storySlug(book.book_id, book.metadata.english_book_name);
    const modified = [book.published_at ?? new Date(0).toISOString(), ...chapters.map((chapter) => chapter.last_updated_time)].reduce((latest, time) => (time > latest ? time : latest));
    const story: EbookStory = {
      metadata: book.metadata,
      chapters,
      identifier: `tag:${this.siteHost},2026:book/${book.book_id}`,
      storyUrl: `${this.siteUrl}/${slug}`,
      siteName: 'Novel Shelf',
      modified,
    };
    const cover = coverSvg(book.book_id, book.metadata.english_book_name, book.metadata.author);
    return { tag, fileName: ebookFileName(slug), bytes: epubPackage(story, cover, toXhtml), modified };
  }

  /** The book's chapters by number, read by id a few at a time. A chapter listed but not found is left out. */
  private async chapters(book: PublishedBook): Promise<ChapterReadModel[]> {
    const ids = bookProgress(book).chapters.map((chapter) => chapter.chapter_id);
    const chapters: ChapterReadModel[] = [];
    for (let from = 0; from < ids.length; from += CHAPTER_READS) {
      const read = await Promise.all(ids.slice(from, from + CHAPTER_READS).map((id) => this.catalog.findChapter(book.book_id, id)));
      for (const chapter of read) if (chapter) chapters.push(chapter);
    }
    return chapters;
  }
}

/** The web app's server build is not here to write Markdown: no book can be built (answered 503). */
export class EbooksUnavailableError extends Error {
  constructor() {
    super('E-books cannot be made on this server right now. Please try again later.');
  }
}
