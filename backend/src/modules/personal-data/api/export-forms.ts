import type { ExportedComment } from '@shelf/contracts';
import type { DataExportReading } from '../application/build-data-export.query';

/** How an export is written in one form: what comes before its comments, a page of them, and what comes after. */
export interface ExportForm {
  opening(reading: DataExportReading): string;
  /** `first`: the first page written. */
  comments(page: ExportedComment[], first: boolean): string;
  closing(reading: DataExportReading): string;
}

/** The JSON file: the opening's fields, `comments` written a page at a time, then `moderation`. */
export const jsonFile: ExportForm = {
  opening: ({ opening }) => `${JSON.stringify(opening).slice(0, -1)},"comments":[`,
  comments: (page, first) => (page.length === 0 ? '' : `${first ? '' : ','}${JSON.stringify(page).slice(1, -1)}`),
  closing: (reading) => `],"moderation":${JSON.stringify(reading.moderation())}}`,
};

/** The export's text in `form`, a piece at a time as the reading gives it: the opening, each page of comments, the closing. */
export async function* exportText(reading: DataExportReading, form: ExportForm): AsyncGenerator<string> {
  yield form.opening(reading);
  let first = true;
  for await (const page of reading.comments) {
    yield form.comments(page, first);
    first = false;
  }
  yield form.closing(reading);
}
