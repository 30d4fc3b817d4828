import type { ResponseCache } from '../../../platform/http/response-cache';
import { PageCache } from './page-cache';

describe('PageCache', () => {
  it('keeps rendered pages until the API’s response cache is emptied, then forgets them all', () => {
    const listeners: (() => void)[] = [];
    const answers = { onClear: (listener: () => void) => listeners.push(listener) } as unknown as ResponseCache;
    const pages = new PageCache(answers);
    pages.set('/12', { status: 200, html: '<h1>Golden Stage</h1>', etag: 'W/"1"' });
    expect(pages.get('/12')?.html).toBe('<h1>Golden Stage</h1>');
    for (const listener of listeners) listener();
    expect(pages.get('/12')).toBeUndefined();
  });
});
