import type { HomeResponse } from '@shelf/contracts';
import { getJson } from '../../shared/api/api-client';

export const fetchHome = (signal?: AbortSignal): Promise<HomeResponse> => getJson<HomeResponse>('/', { signal });
