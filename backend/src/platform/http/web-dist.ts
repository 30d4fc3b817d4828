import { join } from 'node:path';

/** The built web app; the API serves it at the same origin, so the client needs no CORS. */
export const WEB_DIST = process.env.WEB_DIST ?? join(__dirname, '..', '..', '..', '..', 'web', 'dist');
