import { checkJsonShape, MAX_JSON_DEPTH, MAX_JSON_ENTRIES } from './json-body';

const check = (text: string) => () => checkJsonShape(Buffer.from(text));

describe('checkJsonShape', () => {
  it('passes ordinary bodies, and text that is not JSON (for JSON.parse to refuse)', () => {
    expect(check('{"email":"a@example.test","password":"p","honeypot":""}')).not.toThrow();
    expect(check('{"email": ')).not.toThrow();
    expect(check('')).not.toThrow();
  });

  it(`refuses more than ${MAX_JSON_DEPTH} levels of objects or arrays`, () => {
    expect(check('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).not.toThrow();
    expect(check('['.repeat(MAX_JSON_DEPTH + 1))).toThrow('nested too deeply');
    expect(check('{"a":'.repeat(MAX_JSON_DEPTH + 1))).toThrow('nested too deeply');
  });

  it(`refuses more than ${MAX_JSON_ENTRIES} keys and items, all levels together`, () => {
    const items = (count: number) => Array.from({ length: count }, () => '0').join(',');
    expect(check(`[${items(MAX_JSON_ENTRIES)}]`)).not.toThrow();
    expect(check(`[${items(MAX_JSON_ENTRIES + 1)}]`)).toThrow('too many fields');
    expect(check(`{"a":[${items(MAX_JSON_ENTRIES / 2)}],"b":[${items(MAX_JSON_ENTRIES / 2)}]}`)).toThrow('too many fields');
  });

  it('does not count brackets, commas or quotes inside strings', () => {
    expect(check(JSON.stringify({ text: '[{,'.repeat(5000), quote: 'a "quoted" \\ word' }))).not.toThrow();
    expect(check('["\\\\", "{{{{"]')).not.toThrow();
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s, also when escaped or nested', (key) => {
    expect(check(`{"${key}":1}`)).toThrow(`not allowed: ${key}`);
    expect(check(`{"a":[{"b":1,${JSON.stringify(key)} : {}}]}`)).toThrow(`not allowed: ${key}`);
    expect(check(`{"\\u${key.charCodeAt(0).toString(16).padStart(4, '0')}${key.slice(1)}":1}`)).toThrow(`not allowed: ${key}`);
  });

  it('takes those words as values, and longer keys that contain them', () => {
    expect(check('{"a":"__proto__","b":["constructor"],"__proto__x":1,"my constructor":2}')).not.toThrow();
  });
});
