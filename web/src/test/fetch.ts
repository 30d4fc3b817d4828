import { vi } from 'vitest';

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch with `answer`; returns the mock to inspect calls. */
export function stubFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => answer(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body of the call to `url`. */
export function bodyOf(fetchMock: ReturnType<typeof stubFetch>, url: string): unknown {
  const call = fetchMock.mock.calls.find(([called]) => called === url);
  return call ? JSON.parse(call[1]?.body as string) : undefined;
}

/**
 * The answers of an empty social layer (no likes, no comments) for pages that hold the like button and the comment
 * section; null for any other address.
 */
export function emptySocialAnswer(url: string): Response | null {
  if (url.startsWith('/api/like/show-')) return json(200, { isLiked: false, likeCount: { like_count: 0 } });
  if (url.startsWith('/api/comment/show-comments')) return json(200, { comments: [], likedComments: [] });
  return null;
}
