import { Injectable } from '@nestjs/common';
import { MODERATION_PAGE_SIZE, type ModerationQueueResponse, type ModerationView } from '@shelf/contracts';
import { CatalogReadStore } from '../../catalog';
import { ModerationReadStore } from '../infrastructure/moderation-read-store';
import { toModerationItem } from './moderation-views';

/** A page of the moderation queue, each reported comment with its text and its book's title. */
@Injectable()
export class GetModerationQueueQuery {
  constructor(
    private readonly moderation: ModerationReadStore,
    private readonly catalog: CatalogReadStore,
  ) {}

  async execute(view: ModerationView, page: number): Promise<ModerationQueueResponse> {
    const { items, total } = await this.moderation.queue(view, page);
    const titles = await bookTitles(this.catalog, items.map((item) => item.book_id));
    return {
      items: items.map((item) => toModerationItem(item, item.comment, titles.get(item.book_id) ?? '')),
      total,
      page,
      pages: Math.max(1, Math.ceil(total / MODERATION_PAGE_SIZE)),
    };
  }
}

/** The titles of these books, by id. */
export async function bookTitles(catalog: CatalogReadStore, bookIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(bookIds)];
  const books = await Promise.all(ids.map((id) => catalog.findBook(id)));
  return new Map(ids.map((id, i) => [id, books[i]?.metadata.english_book_name ?? `Book ${id}`]));
}
