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
