import type { DataExport } from '@shelf/contracts';
import { jsonFile } from './export-forms';

const comment = (comment_id: string) => ({
  book_id: 1,
  book_title: 'A "quoted" title',
  chapter_id: null,
  comment_id,
  parent_comment_id: null,
  text: 'Text with "quotes", commas, ] and }',
  posted_at: '2026-11-28T05:00:00.000Z',
  deleted: false,
  removed: false,
  edit_history: [],
});

describe('the JSON file written a page at a time', () => {
  const opening = { exported_at: '2026-11-28T05:00:00.000Z', reader_settings: { spoiler_fold: false } } as unknown as Omit<DataExport, 'comments' | 'moderation'>;
  const moderation = [{ decision: 'comment-restored' as const, at: '2026-11-28T05:00:00.000Z', comment_id: 'c2' }];

  it('parses to the opening, every page of comments in order, and the moderation decisions', () => {
    const reading = { opening, commentCount: 3, comments: [], moderation: () => moderation };
    const pages = [[comment('c1'), comment('c2')], [comment('c3')]];
    const text = [jsonFile.opening(reading), ...pages.map((page, i) => jsonFile.comments(page, i === 0)), jsonFile.closing(reading)].join('');
    expect(JSON.parse(text)).toEqual({ ...opening, comments: pages.flat(), moderation });
  });

  it('parses with no comments at all', () => {
    const reading = { opening, commentCount: 0, comments: [], moderation: () => [] };
    expect(JSON.parse(jsonFile.opening(reading) + jsonFile.closing(reading))).toEqual({ ...opening, comments: [], moderation: [] });
  });
});
