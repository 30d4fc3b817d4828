import type { PageCompression } from '@shelf/contracts';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** Comment pages' packed text (see the contracts' comment-pages.ts); the API reads it with the same. */
export const pageCompression: PageCompression = {
  deflate: (text) => deflateRawSync(text).toString('base64'),
  inflate: (packed) => inflateRawSync(Buffer.from(packed, 'base64')).toString(),
};
