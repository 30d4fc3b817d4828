import { notModified } from './not-modified';

const etag = '"679-abc"';
const lastModified = 'Fri, 27 Nov 2026 23:50:06 GMT';

describe('conditional GET of a feed', () => {
  it('answers by If-None-Match when the client sends it, weakly compared, whatever If-Modified-Since says', () => {
    expect(notModified({ 'if-none-match': etag }, etag, lastModified)).toBe(true);
    expect(notModified({ 'if-none-match': `"other", W/${etag}` }, etag, lastModified)).toBe(true);
    expect(notModified({ 'if-none-match': '*' }, etag, lastModified)).toBe(true);
    expect(notModified({ 'if-none-match': '"other"', 'if-modified-since': lastModified }, etag, lastModified)).toBe(false);
  });

  it('answers by If-Modified-Since otherwise, and ignores a date it cannot read', () => {
    expect(notModified({ 'if-modified-since': lastModified }, etag, lastModified)).toBe(true);
    expect(notModified({ 'if-modified-since': 'Sat, 28 Nov 2026 00:00:00 GMT' }, etag, lastModified)).toBe(true);
    expect(notModified({ 'if-modified-since': 'Fri, 27 Nov 2026 23:50:05 GMT' }, etag, lastModified)).toBe(false);
    expect(notModified({ 'if-modified-since': 'yesterday' }, etag, lastModified)).toBe(false);
    expect(notModified({ 'cache-control': 'no-cache' }, etag, lastModified)).toBe(false);
  });
});
