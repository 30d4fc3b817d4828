import { Injectable } from '@nestjs/common';
import { bookProgress, type LibraryResponse, SHELVES, type ShelvedStoryItem, storySlug } from '@shelf/contracts';
import { CatalogReadStore } from '../../catalog';
import { ReadingProgressReadStore } from '../../reading-progress';
import { ShelvesReadStore } from '../infrastructure/shelves-read-store';

/** The reader's shelves with their stories, each with the chapters uploaded since the reader last read it. */
@Injectable()
export class GetLibraryQuery {
  constructor(
    private readonly shelves: ShelvesReadStore,
    private readonly progress: ReadingProgressReadStore,
    private readonly catalog: CatalogReadStore,
  ) {}

  async execute(userId: string): Promise<LibraryResponse> {
    const [shelved, positions] = await Promise.all([this.shelves.stories(userId), this.progress.positions(userId)]);
    const items = await Promise.all(
      Object.values(shelved).map(async ({ book_id, shelf, shelved_at }) => {
        const book = await this.catalog.findBook(book_id);
        if (!book) return null;
        const { chapters, latest, lastUpdated } = bookProgress(book);
        const since = positions[`b${book_id}`]?.read_at ?? shelved_at;
        const item: ShelvedStoryItem = {
          book_id,
          slug: storySlug(book_id, book.metadata.english_book_name),
          english_book_name: book.metadata.english_book_name,
          author: book.metadata.author,
          cover_image: book.metadata.cover_image,
          latest_chapter_id: latest?.chapter_id ?? null,
          latest_chapter_title: latest?.title ?? null,
          last_updated: lastUpdated,
          shelved_at,
          new_chapters: chapters.filter((chapter) => chapter.uploaded_time > since).length,
        };
        return { shelf, item };
      }),
    );
    const found = items.filter((entry) => entry !== null);
    return {
      shelves: SHELVES.map((shelf) => ({
        shelf,
        stories: found
          .filter((entry) => entry.shelf === shelf)
          .map((entry) => entry.item)
          .sort((a, b) => b.last_updated.localeCompare(a.last_updated)),
      })),
    };
  }
}
