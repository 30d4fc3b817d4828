// Generators of the input that has broken parsers and validators: wrong types, prototype keys, numbers past the
// double range, NUL bytes and lone surrogates, deep nesting, malformed JSON and percent-encoding. JSON is generated
// as text, so that what JSON.stringify cannot write (1e400, duplicate or `__proto__` keys) is sent too.
import fc from 'fast-check';

/** JSON text that JSON.stringify would not write, or that has tripped type conversions. */
const TRICKY_JSON = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '0.5',
  '18446744073709551616',
  '9007199254740993',
  '123456789012345678901234567890',
  'null',
  'true',
  '[]',
  '{}',
  '[1,2]',
  '["1","2"]',
  '[[1]]',
  '""',
  '" "',
  '"null"',
  '"NaN"',
  '"Infinity"',
  '"1e400"',
  '"0x10"',
  '" 7 "',
  '"-1"',
  '"a\\u0000b"',
  '"\\u0000"',
  '"\\ud800"',
  '"\\udc00x\\ud83d"',
  '{"toString":false}',
  '{"toString":false,"valueOf":false}',
  '{"valueOf":{"x":1}}',
  '{"toJSON":1}',
  '{"length":1e400}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"\\u005f_proto__":null}',
  '{"$ne":null}',
  '{"$gt":""}',
];

/** `{"a":{"a":…}}` or `[[…]]`, `depth` levels. */
export const nested = (depth: number, kind: 'object' | 'array'): string =>
  kind === 'object' ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);

const deepJson = fc.tuple(fc.integer({ min: 15, max: 6000 }), fc.constantFrom('object' as const, 'array' as const)).map(([depth, kind]) => nested(depth, kind));
const wideJson = fc.integer({ min: 900, max: 3000 }).map((keys) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(',')}}`);
const longString = fc.integer({ min: 1000, max: 120_000 }).map((length) => JSON.stringify('x'.repeat(length)));

/** An object's JSON text from [key, value text] pairs, keys written as given (duplicates and all). */
const objectText = (entries: [string, string][]): string => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;

/** Keys that name the prototype machinery or look like store operators. */
const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', '$where', 'a.b', ''), fc.string({ maxLength: 12 }));

/** One JSON value, as text: arbitrary JSON, tricky literals, deep or wide containers, long and odd strings. */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 5, arbitrary: fc.constantFrom(...TRICKY_JSON) },
  // {"toString": 1e400} and the like: objects that break whatever converts them to text or a number.
  { weight: 3, arbitrary: fc.array(fc.tuple(hostileKey, fc.constantFrom(...TRICKY_JSON)), { minLength: 1, maxLength: 3 }).map(objectText) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((text) => JSON.stringify(text)) },
  { weight: 1, arbitrary: fc.double().map((value) => (Number.isFinite(value) ? String(value) : '1e400')) },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: wideJson },
  { weight: 1, arbitrary: longString },
);

/**
 * A request body built from a valid-looking one: each field kept, left out or replaced by a hostile value, with
 * hostile extra fields now and then; or a body that is hostile as a whole (any JSON, deep, wide, not JSON at all).
 */
export function hostileBody(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const fields = Object.entries(valid).map(([key, value]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<[string, string][]>([[key, JSON.stringify(value)]]) },
      { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
      { weight: 4, arbitrary: hostileJson.map((text): [string, string][] => [[key, text]]) },
    ),
  );
  const extra = fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: 2 });
  const mutated = fc.tuple(fc.tuple(...fields), extra).map(([kept, added]) => objectText([...kept.flat(), ...added]));
  const validText = JSON.stringify(valid);
  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 2, arbitrary: hostileJson },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: validText.length - 1 }).map((cut) => validText.slice(0, cut)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  );
}

/** URL-encoded, lone surrogates (which encodeURIComponent refuses) sent as U+FFFD, as a browser does. */
const encode = (text: string): string => encodeURIComponent(Buffer.from(text).toString('utf8'));

/** A query value as sent: URL-encoded arbitrary text, or raw percent-encoding that does not decode. */
const hostileQueryValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }).map(encode),
  fc.constantFrom('', '%', '%zz', '%00', '%C0%AF', '%E0%A4%A', '%FF', '1e400', '18446744073709551616', '-1', '0', '1.5', 'NaN', 'null', 'a%00b'),
  fc.integer({ min: 500, max: 9000 }).map((length) => 'x'.repeat(length)),
);

/** A key as sent: the name itself, or with the brackets that qs-style parsers turn into arrays and objects. */
const bracketed = (key: string) => fc.constantFrom(key, `${key}[]`, `${key}[0]`, `${key}[a]`, `${key}[__proto__]`, `${key}[toString]`, `${key}[1000]`, `${key}[a][b][c][d][e][f]`);

/**
 * A query string built from a valid-looking one: each parameter kept, left out, repeated (an array), bracketed (an
 * array or object) or given a hostile value; now and then an unknown parameter too.
 */
export function hostileQuery(valid: Record<string, string>): fc.Arbitrary<string> {
  const parameters = Object.entries(valid).map(([key, value]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([`${key}=${encodeURIComponent(value)}`]) },
      { weight: 1, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: fc.constant([`${key}=${encodeURIComponent(value)}`, `${key}=${encodeURIComponent(value)}`]) },
      { weight: 3, arbitrary: fc.tuple(bracketed(key), hostileQueryValue).map(([name, text]) => [`${name}=${text}`]) },
    ),
  );
  const extra = fc.array(fc.tuple(fc.oneof(hostileKey.map(encode), fc.constantFrom('__proto__[x]', 'constructor[prototype][x]')), hostileQueryValue), { maxLength: 2 });
  return fc
    .tuple(fc.tuple(...parameters), extra, fc.constantFrom('', '&', '&&', '&=', '&a'))
    .map(([kept, added, tail]) => [...kept.flat(), ...added.map(([key, value]) => `${key}=${value}`)].join('&') + tail);
}

/** A path segment: one of the valid ones, or URL-encoded arbitrary text, or raw text that does not decode. */
export function hostileSegment(valid: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...valid) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(encode) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('%', '%zz', '%00', '%C0%AF', '%2e%2e', '..', '0', '-1', '1-', '-', '01', '1e3', '99999999999', '4294967296-x', 'a'.repeat(3000)),
    },
  );
}

/** Mostly `valid`, now and then one of `odd`: a request broken everywhere at once only tests the first check. */
const mostly = <T>(valid: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: odd });

const headerLine = mostly(
  fc.oneof(
    fc.constantFrom(
      'Content-Type: application/json',
      'Content-Length: 5',
      'Content-Length: 1, 2',
      'Content-Length: 99999999999999999999',
      'Transfer-Encoding: chunked',
      'Transfer-Encoding: gzip, chunked',
      'Content-Encoding: gzip',
      'Expect: 100-continue',
      'Connection: keep-alive',
      'Authorization: Bearer',
      'X-Forwarded-For: ,,,',
    ),
    fc.tuple(fc.stringMatching(/^[A-Za-z-]{1,12}$/), fc.stringMatching(/^[ -~]{0,40}$/)).map(([name, value]) => `${name}: ${value}`),
  ),
  fc.constantFrom('Content-Length: -1', ' folded: line', 'No colon', ': no name', 'X: \u0001\u007f', 'Host: a\u0000b'),
);

/** A whole HTTP/1.1 request as bytes, its framing hostile: odd methods, targets and versions, broken headers and bodies. */
export const hostileHttp: fc.Arbitrary<string> = fc
  .tuple(
    mostly(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'), fc.constantFrom('get', 'G\u0000T', 'CONNECT', 'TRACE', 'PRI', '')),
    mostly(fc.constantFrom('/api/', '/api/user/login', '/api/like/like-book', '/api/comment/show-comments?book_id=1'), fc.constantFrom('*', 'http://x/api/', '/api/\u0000', '/%', '/api/%ff', '')),
    mostly(fc.constant('HTTP/1.1'), fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1x', '')),
    fc.array(headerLine, { maxLength: 6 }),
    fc.oneof(fc.constant(''), fc.constantFrom('{}', '0\r\n\r\n', '5\r\n{"a":\r\n0\r\n\r\n', 'zz\r\n'), hostileJson),
    // Without a length that matches, the body is read as the next request: mostly give one.
    mostly(fc.constant(true), fc.constant(false)),
  )
  .map(([method, target, version, headers, body, framed]) => {
    const length = framed ? [`Content-Length: ${Buffer.byteLength(body)}`] : [];
    return `${method} ${target} ${version}\r\n${['Host: x', ...length, ...headers].join('\r\n')}\r\n\r\n${body}`;
  });
