import type { HomeResponse } from '@shelf/contracts';

/**
 * GET /api/. The API client comes with the first call: a home page the server rendered, which needs none, does not
 * load it.
 */
export const fetchHome = async (signal?: AbortSignal): Promise<HomeResponse> => {
  const { getJson } = await import('../../shared/api/api-client');
  return getJson<HomeResponse>('/', { signal });
};
