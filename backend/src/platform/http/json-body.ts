import express, { type ErrorRequestHandler, type RequestHandler } from 'express';

/** Containers one inside another a body may have: the API's bodies are flat; validation recurses per level. */
export const MAX_JSON_DEPTH = 20;
/** Keys and array items a body may hold, all levels together. */
export const MAX_JSON_ENTRIES = 1000;
/** Keys that name the prototype machinery rather than data; nothing the API takes is called so. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** The longest raw key text that can still spell a forbidden key, every character written as a \u escape. */
const LONGEST_FORBIDDEN_KEY = 2 + 6 * 'constructor'.length;

/** A body refused before it is parsed, answered with its own status and message (see rejectUnreadableBody). */
class UnsafeBody extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const [QUOTE, BACKSLASH, COMMA, COLON] = ['"', '\\', ',', ':'].map((char) => char.charCodeAt(0));
const OPENING = new Set(['{', '['].map((char) => char.charCodeAt(0)));
const CLOSING = new Set(['}', ']'].map((char) => char.charCodeAt(0)));

/** The key that the raw JSON string at `start`..`end` spells; undefined when too long to be forbidden, or not valid. */
function keyAt(bytes: Buffer, start: number, end: number): string | undefined {
  if (end - start > LONGEST_FORBIDDEN_KEY) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8', start, end)) as string;
  } catch {
    return undefined;
  }
}

/**
 * Throws when the UTF-8 JSON text nests deeper or holds more entries than allowed, or names a forbidden key. One pass
 * over the bytes, without recursion, before JSON.parse and validation (which recurse) see the text; text that is not
 * JSON passes, for JSON.parse to refuse.
 */
export function checkJsonShape(bytes: Buffer): void {
  let depth = 0;
  let entries = 0;
  let stringStart = -1;
  let [lastStart, lastEnd] = [0, 0];
  // A container's first entry is counted where it opens, each further one at its comma.
  const countEntry = () => {
    if (++entries > MAX_JSON_ENTRIES) throw new UnsafeBody(400, `The request body has too many fields (at most ${MAX_JSON_ENTRIES}).`);
  };
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (stringStart >= 0) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) [lastStart, lastEnd, stringStart] = [stringStart, i + 1, -1];
    } else if (byte === QUOTE) stringStart = i;
    else if (OPENING.has(byte)) {
      if (++depth > MAX_JSON_DEPTH) throw new UnsafeBody(400, `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
      countEntry();
    } else if (byte === COMMA) countEntry();
    else if (CLOSING.has(byte)) depth--;
    // In JSON, a colon outside a string always follows an object's key.
    else if (byte === COLON) {
      const key = keyAt(bytes, lastStart, lastEnd);
      if (key !== undefined && FORBIDDEN_KEYS.has(key)) throw new UnsafeBody(400, `The request body has a field that is not allowed: ${key}.`);
    }
  }
}

const MESSAGES: Record<string, string> = {
  'entity.too.large': 'The request is too large.',
  'charset.unsupported': 'The request body must be JSON in UTF-8.',
  'encoding.unsupported': 'The request body is compressed in a way the server does not read.',
};

/** A body that is not JSON, too large or unsafe gets a 4xx with a message instead of Express's default page. */
const rejectUnreadableBody: ErrorRequestHandler = (error: { status?: number; type?: string }, _req, res, next) => {
  if (!error.status || error.status >= 500) return next(error);
  const message = error instanceof UnsafeBody ? error.message : (MESSAGES[error.type ?? ''] ?? 'The request body is not valid JSON.');
  res.status(error.status).json({ statusCode: error.status, message });
};

/**
 * The API's JSON body parser and its error answers: at most 100 kB, in UTF-8 (RFC 8259), of bounded depth and size
 * and without prototype keys, so that no body can overflow the stack or pollute an object further on.
 */
export function jsonBody(): [RequestHandler, ErrorRequestHandler] {
  const parse = express.json({
    limit: '100kb',
    verify: (_req, _res, bytes, encoding) => {
      if (encoding !== 'utf-8') throw new UnsafeBody(415, MESSAGES['charset.unsupported']);
      checkJsonShape(bytes);
    },
  });
  return [parse, rejectUnreadableBody];
}
