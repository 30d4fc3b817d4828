import type { Response } from 'express';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * A writer of an answer's text to `out` (the response, or a compression in front of it) at the client's pace: each
 * write resolves once what was written before is taken (`drain`), or the client is gone (`res` closed).
 */
export function pacedWrites(out: Writable, res: Response): (text: string) => Promise<void> {
  return async (text) => {
    if (out.write(text)) return;
    const waiting = new AbortController();
    await Promise.race([once(out, 'drain', waiting), once(res, 'close', waiting)]).finally(() => waiting.abort());
  };
}
