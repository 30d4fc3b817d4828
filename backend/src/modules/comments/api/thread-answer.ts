import type { CommentView } from '@shelf/contracts';
import type { Request, Response } from 'express';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { pacedWrites } from '../../../platform/http/paced-writes';

/** Comments turned into JSON at a time, between which the process answers other requests. */
const SLICE = 1000;

/** The fastest compression each encoding has: brotli's is about twice as fast as gzip's, and smaller. */
const COMPRESSORS = {
  br: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
  gzip: () => createGzip({ level: constants.Z_BEST_SPEED }),
};

/**
 * Sends a thread's answer (`comments` first, then the other fields) as JSON written slice by slice, compressed at the
 * fastest level of the best encoding the client takes. A whole thread of 100,000 comments is 60 MB of JSON: as one
 * string, the compression middleware's level and the ETag's hash of it took longer than reading the thread
 * (bench:thread-reads); written in slices, compressing one overlaps turning the next into JSON, and the event loop is
 * never held for long.
 */
export async function sendThreadAnswer(req: Request, res: Response, { comments, ...rest }: { comments: CommentView[] } & Record<string, unknown>): Promise<void> {
  res.status(200).type('application/json').vary('Accept-Encoding');
  let out: Writable = res;
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br' || encoding === 'gzip') {
    res.setHeader('Content-Encoding', encoding);
    const compress = COMPRESSORS[encoding]();
    compress.pipe(res);
    out = compress;
  }
  const tail = JSON.stringify(rest).slice(1);
  const write = pacedWrites(out, res);
  await write('{"comments":[');
  for (let start = 0; start < comments.length && !res.destroyed; start += SLICE) {
    const json = JSON.stringify(comments.slice(start, start + SLICE));
    await write(`${start > 0 ? ',' : ''}${json.slice(1, -1)}`);
  }
  if (res.destroyed) return;
  out.end(tail === '}' ? ']}' : `],${tail}`);
  // A client gone before the end has nothing more to be told.
  await finished(res).catch(() => undefined);
}
