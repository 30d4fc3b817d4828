import type {
  BookPosition,
  BookProgressResponse,
  ContinueReadingResponse,
  MergeProgressResponse,
  ReaderSettings,
  ReaderSettingsResponse,
  RecordProgressResponse,
  TitleForm,
} from '@shelf/contracts';
import { getJson, postJson, putJson } from '../../shared/api/api-client';

export const fetchBookProgress = (bookId: number, signal?: AbortSignal): Promise<BookProgressResponse> =>
  getJson<BookProgressResponse>(`/user/reading-progress?book_id=${bookId}`, { signal });

export const fetchContinueReading = (signal?: AbortSignal): Promise<ContinueReadingResponse> => getJson<ContinueReadingResponse>('/user/reading-progress/recent', { signal });

export const recordProgress = (place: Pick<BookPosition, 'book_id' | 'chapter_id' | 'position'>): Promise<RecordProgressResponse> =>
  postJson<RecordProgressResponse>('/user/reading-progress', place);

export const mergeProgress = (entries: BookPosition[]): Promise<MergeProgressResponse> => postJson<MergeProgressResponse>('/user/reading-progress/merge', { entries });

export const fetchReaderSettings = (signal?: AbortSignal): Promise<ReaderSettingsResponse> => getJson<ReaderSettingsResponse>('/user/reader-settings', { signal });

/** The switches to turn on or off: any of them, the others stay as they are. */
export type ReaderSwitches = Partial<Pick<ReaderSettings, 'spoiler_fold' | 'glossary_marks'>>;

export const saveReaderSwitches = (switches: ReaderSwitches): Promise<ReaderSettingsResponse> => putJson<ReaderSettingsResponse>('/user/reader-settings', switches);

/** A glossary title's form everywhere the reader reads it (`title`: its original), or back as each translation has it. */
export interface TitleFormChoice {
  title: string;
  form: TitleForm | 'as_written';
}

export const chooseTitleForm = (choice: TitleFormChoice): Promise<ReaderSettingsResponse> => putJson<ReaderSettingsResponse>('/user/reader-settings/titles', choice);
