import type { RequestHandler } from 'express';

export const UNDECODABLE_QUERY_MESSAGE = 'The query string holds a broken percent-encoding.';

const decodes = (value: unknown): boolean => {
  if (typeof value === 'string') {
    try {
      decodeURIComponent(value);
      return true;
    } catch {
      return false;
    }
  }
  if (Array.isArray(value)) return value.every(decodes);
  if (value && typeof value === 'object') return Object.values(value).every(decodes);
  return true;
};

/**
 * bull-board decodes its query values (`activeQueue`, `queueName`) a second time and answers 500 when one holds a
 * `%` that starts no escape (`%E0%A4%A`); this refuses such a request first, with a 400 and a message.
 */
export const refuseUndecodableQuery: RequestHandler = (req, res, next) => {
  if (decodes(req.query)) return next();
  res.status(400).json({ statusCode: 400, message: UNDECODABLE_QUERY_MESSAGE });
};
