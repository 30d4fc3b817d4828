import { Injectable } from '@nestjs/common';
import { CONTINUE_READING_LIMIT, type ContinueReadingItem, type ContinueReadingResponse, storySlug } from '@shelf/contracts';
import { CatalogReadStore } from '../../catalog';
import { ReadingProgressReadStore } from '../infrastructure/reading-progress-read-store';

/** The books the reader read last, newest first, each with the chapter they were in. */
@Injectable()
export class GetContinueReadingQuery {
  constructor(
    private readonly progress: ReadingProgressReadStore,
    private readonly catalog: CatalogReadStore,
  ) {}

  async execute(userId: string): Promise<ContinueReadingResponse> {
    const recent = Object.values(await this.progress.positions(userId))
      .sort((a, b) => b.read_at.localeCompare(a.read_at))
      .slice(0, CONTINUE_READING_LIMIT);
    const items = await Promise.all(
      recent.map(async (position): Promise<ContinueReadingItem | null> => {
        const book = await this.catalog.findBook(position.book_id);
        const chapter = book?.chapters[`c${position.chapter_id}`];
        if (!book || !chapter) return null;
        const { english_book_name, cover_image } = book.metadata;
        return { ...position, slug: storySlug(book.book_id, english_book_name), english_book_name, cover_image, chapter_title: chapter.title };
      }),
    );
    return { books: items.filter((item): item is ContinueReadingItem => item !== null) };
  }
}
