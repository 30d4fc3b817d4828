import { Controller, Get, Header, Param } from '@nestjs/common';
import { DomainError } from '../../../domain/domain-error';
import { coverSvg } from '../application/cover-svg';
import { CatalogReadStore } from '../infrastructure/catalog-read-store';

/** Covers change only with the title, so browsers may keep them a day. */
export const COVER_CACHE_CONTROL = 'public, max-age=86400';

/**
 * GET /covers/{book_id}.svg (outside /api: it is the `cover_image` the demo books carry): a generated cover with the
 * book's title. Unknown books and other file names are 404.
 */
@Controller('covers')
export class CoverController {
  constructor(private readonly store: CatalogReadStore) {}

  @Get(':file')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', COVER_CACHE_CONTROL)
  async cover(@Param('file') file: string): Promise<string> {
    const id = /^([1-9]\d{0,9})\.svg$/.exec(file)?.[1];
    const book = id === undefined ? null : await this.store.findBook(Number(id));
    if (!book) throw new DomainError('not-found', 'Cover not found.');
    return coverSvg(book.book_id, book.metadata.english_book_name, book.metadata.author);
  }
}
