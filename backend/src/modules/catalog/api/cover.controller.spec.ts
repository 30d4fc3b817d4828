import type { CatalogReadStore } from '../infrastructure/catalog-read-store';
import { CoverController } from './cover.controller';

/** A read store holding one book, 12 'Golden Stage'. */
const store = {
  findBook: async (bookId: number) =>
    bookId === 12 ? { book_id: 12, metadata: { english_book_name: 'Golden Stage', author: 'Mu Su Li' } } : null,
} as unknown as CatalogReadStore;

describe('CoverController', () => {
  const controller = new CoverController(store);

  it('draws the cover of a known book from its read model', async () => {
    const svg = await controller.cover('12.svg');
    expect(svg).toContain('<title>Golden Stage</title>');
    expect(svg).toContain('Mu Su Li');
  });

  it.each(['13.svg', '12.png', '0.svg', '12', '..%2F12.svg'])('refuses %s as not found', async (file) => {
    await expect(controller.cover(file)).rejects.toMatchObject({ name: 'DomainError', code: 'not-found', message: 'Cover not found.' });
  });
});
