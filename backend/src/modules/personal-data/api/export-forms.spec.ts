import type { DataExport } from '@shelf/contracts';
import { exportText, jsonFile } from './export-forms';

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

/** The whole text `exportText` gives for these pages of comments. */
async function written(opening: Omit<DataExport, 'comments' | 'moderation'>, pages: DataExport['comments'][], moderation: DataExport['moderation']): Promise<string> {
  const comments = (async function* () {
    yield* pages;
  })();
  let text = '';
  for await (const piece of exportText({ opening, commentCount: pages.flat().length, comments, moderation: () => moderation }, jsonFile)) text += piece;
  return text;
}

describe('the JSON file written a page at a time', () => {
  const opening = { exported_at: '2026-11-28T05:00:00.000Z', reader_settings: { spoiler_fold: false } } as unknown as Omit<DataExport, 'comments' | 'moderation'>;
  const moderation = [{ decision: 'comment-restored' as const, at: '2026-11-28T05:00:00.000Z', comment_id: 'c2' }];

  it('parses to the opening, every page of comments in order, and the moderation decisions', async () => {
    const pages = [[comment('c1'), comment('c2')], [comment('c3')]];
    expect(JSON.parse(await written(opening, pages, moderation))).toEqual({ ...opening, comments: pages.flat(), moderation });
  });

  it('parses with no comments at all', async () => {
    expect(JSON.parse(await written(opening, [], []))).toEqual({ ...opening, comments: [], moderation: [] });
  });
});
