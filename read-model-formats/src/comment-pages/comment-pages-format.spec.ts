import type { CommentEntry } from '@shelf/contracts';
import { inflateRawSync } from 'node:zlib';
import { emptyCommentPage, LOOSE_ITEMS, pageComment, pageComments, withComment, withCommentFields } from './comment-pages-format';

/** A page's packed text as JSON, to look into. */
const inflate = (packed: string) => inflateRawSync(Buffer.from(packed, 'base64')).toString();
const entry = (seq: number, changes: Partial<CommentEntry> = {}): CommentEntry => ({
  comment_id: `c${seq}`,
  book_id: 1,
  chapter_id: null,
  parent_comment_id: null,
  parent_user_id: null,
  user_id: `u${seq % 3}`,
  username: `Reader ${seq % 3}`,
  email_hash: 'h',
  comment_content: `Comment number ${seq}.`,
  comment_time: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
  edited_time: null,
  deleted: false,
  removed: false,
  report_count: 0,
  like_count: 0,
  version: 1,
  seq,
  ...changes,
});
const fill = (count: number) => Array.from({ length: count }, (_, seq) => entry(seq)).reduce((page, next) => withComment(page, next), emptyCommentPage('t#000000'));

describe('comment pages', () => {
  it('keeps new comments loose, then packs them all when one more would pass LOOSE_ITEMS', () => {
    const loose = fill(LOOSE_ITEMS);
    expect(loose.packed).toBe('');
    expect(JSON.parse(loose.loose)).toHaveLength(LOOSE_ITEMS);
    const packed = withComment(loose, entry(LOOSE_ITEMS));
    expect(packed.loose).toBe('[]');
    expect(pageComments(packed).map((comment) => comment.seq)).toEqual(Array.from({ length: LOOSE_ITEMS + 1 }, (_, seq) => seq));
  });

  it('shows a changed comment in its place, once, and finds it loose or packed', () => {
    const page = withComment(fill(LOOSE_ITEMS + 3), entry(1, { like_count: 4 }));
    const liked = withComment(page, entry(1, { like_count: 5 }));
    expect(pageComments(liked).map((comment) => [comment.seq, comment.like_count])).toEqual(
      Array.from({ length: LOOSE_ITEMS + 3 }, (_, seq) => [seq, seq === 1 ? 5 : 0]),
    );
    expect(JSON.parse(liked.loose)).toHaveLength(3);
    expect(pageComment(liked, 'c1')?.like_count).toBe(5);
    expect(pageComment(liked, 'c0')?.comment_content).toBe('Comment number 0.');
    expect(pageComment(liked, 'c99')).toBeUndefined();
  });

  it('sets fields on every copy of a comment where it stands, packed and loose, moving nothing', () => {
    // Packed past LOOSE_ITEMS, then c1 edited (a loose copy over its packed one) and c2 posted loose.
    const page = [entry(1, { version: 2, comment_content: 'Edited text of one.' }), entry(LOOSE_ITEMS + 2)].reduce((next, changed) => withComment(next, changed), fill(LOOSE_ITEMS + 2));
    const erased = withCommentFields(page, 'c1', { username: '[deleted account]', comment_content: '' });
    const copies = (text: string) => text.split('"c1"').length - 1;
    expect(copies(inflate(erased.packed)) + copies(erased.loose)).toBe(2);
    expect(`${inflate(erased.packed)}${erased.loose}`).not.toMatch(/Comment number 1\.|Edited text of one/);
    expect(JSON.parse(erased.loose).map((comment: CommentEntry) => comment.comment_id)).toEqual(JSON.parse(page.loose).map((comment: CommentEntry) => comment.comment_id));
    expect(pageComments(erased).find((comment) => comment.comment_id === 'c1')).toMatchObject({ version: 2, username: '[deleted account]', comment_content: '' });
  });
});
