import { Injectable } from '@nestjs/common';
import { type BookMetadata, bookProgress, type BookReadModel, type ChapterPageResponse, glossaryShownAt } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { CatalogReadStore } from '../infrastructure/catalog-read-store';
import { CatalogLists } from './catalog-lists';
import { toChapterListEntry } from './catalog-mappers';
import { RECOMMENDATIONS } from './get-book-page.query';

/** GET /api/{bookIDSlug}/{chapterID}: the chapter with its neighbours, the chapter list, the next book and the glossary shown there. */
@Injectable()
export class GetChapterPageQuery {
  constructor(
    private readonly store: CatalogReadStore,
    private readonly lists: CatalogLists,
  ) {}

  async execute(bookId: number, chapterId: number): Promise<ChapterPageResponse> {
    const [book, chapter] = await Promise.all([this.store.findBook(bookId), this.store.findChapter(bookId, chapterId)]);
    if (!book) throw new DomainError('not-found', 'Book not found.');
    if (!chapter) throw new DomainError('not-found', 'Chapter not found.');
    const chapters = bookProgress(book).chapters;
    const index = chapters.findIndex((entry) => entry.chapter_id === chapterId);
    return {
      chapterContent: {
        chapter_id: chapter.chapter_id,
        book_id: chapter.book_id,
        title: chapter.title,
        chapter_word_count: chapter.chapter_word_count,
        content: chapter.content,
        previous_chapter_id: chapters[index - 1]?.chapter_id ?? null,
        next_chapter_id: chapters[index + 1]?.chapter_id ?? null,
        footnote: chapter.footnote,
        chapter_author_note: chapter.chapter_author_note,
        chapter_tl_note: chapter.chapter_tl_note,
        uploaded_time: chapter.uploaded_time,
        last_updated_time: chapter.last_updated_time,
      },
      chapterList: chapters.map(toChapterListEntry),
      bookDetails: { book_id: book.book_id, english_book_name: book.metadata.english_book_name, description: book.metadata.description },
      nextBook: await this.nextBook(book),
      randomBooks: await this.lists.random({}, RECOMMENDATIONS, bookId),
      glossary: glossaryShownAt(book.metadata.glossary ?? [], chapterId),
    };
  }

  /** The next book of the series, else the next published book by id. */
  private async nextBook(book: BookReadModel & { metadata: BookMetadata }): Promise<ChapterPageResponse['nextBook']> {
    const series = book.metadata.part_of_series;
    const position = series.findIndex((ref) => ref.book_id === book.book_id);
    const inSeries = position >= 0 ? series[position + 1] : undefined;
    if (inSeries) return { book_id: inSeries.book_id, english_book_name: inSeries.name };
    for (let id = book.book_id + 1; id <= book.book_id + 20; id++) {
      const next = await this.store.findBook(id);
      if (next) return { book_id: next.book_id, english_book_name: next.metadata.english_book_name };
    }
    return null;
  }
}
