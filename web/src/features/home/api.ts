import type { HomeResponse } from '@shelf/contracts';
import { getJson } from '../../app/api-client';

export const fetchHome = (): Promise<HomeResponse> => getJson<HomeResponse>('/');
