import type { LibraryResponse, Shelf, ShelfResponse } from '@shelf/contracts';
import { getJson, putJson } from '../../shared/api/api-client';

export const fetchLibrary = (signal?: AbortSignal): Promise<LibraryResponse> => getJson<LibraryResponse>('/user/library', { signal });

export const fetchShelf = (bookId: number, signal?: AbortSignal): Promise<ShelfResponse> => getJson<ShelfResponse>(`/user/library/shelf?book_id=${bookId}`, { signal });

export const chooseShelf = (bookId: number, shelf: Shelf | null): Promise<ShelfResponse> => putJson<ShelfResponse>('/user/library/shelf', { book_id: bookId, shelf });
