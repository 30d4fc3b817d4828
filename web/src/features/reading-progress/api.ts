import type {
  BookPosition,
  BookProgressResponse,
  ContinueReadingResponse,
  MergeProgressResponse,
  ReaderSettings,
  ReaderSettingsResponse,
  RecordProgressResponse,
} from '@shelf/contracts';
import { getJson, postJson, putJson } from '../../shared/api/api-client';

export const fetchBookProgress = (bookId: number, signal?: AbortSignal): Promise<BookProgressResponse> =>
  getJson<BookProgressResponse>(`/user/reading-progress?book_id=${bookId}`, { signal });

export const fetchContinueReading = (signal?: AbortSignal): Promise<ContinueReadingResponse> => getJson<ContinueReadingResponse>('/user/reading-progress/recent', { signal });

export const recordProgress = (place: Pick<BookPosition, 'book_id' | 'chapter_id' | 'position'>): Promise<RecordProgressResponse> =>
  postJson<RecordProgressResponse>('/user/reading-progress', place);

export const mergeProgress = (entries: BookPosition[]): Promise<MergeProgressResponse> => postJson<MergeProgressResponse>('/user/reading-progress/merge', { entries });

export const fetchReaderSettings = (signal?: AbortSignal): Promise<ReaderSettingsResponse> => getJson<ReaderSettingsResponse>('/user/reader-settings', { signal });

export const saveReaderSettings = (settings: ReaderSettings): Promise<ReaderSettingsResponse> => putJson<ReaderSettingsResponse>('/user/reader-settings', settings);
