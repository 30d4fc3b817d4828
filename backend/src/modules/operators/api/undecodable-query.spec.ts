import type { Request, Response } from 'express';
import { refuseUndecodableQuery, UNDECODABLE_QUERY_MESSAGE } from './undecodable-query';

function answer(query: Request['query']) {
  const sent: { status?: number; body?: unknown; passed: boolean } = { passed: false };
  const res = {
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  } as unknown as Response;
  refuseUndecodableQuery({ query } as Request, res, () => (sent.passed = true));
  return sent;
}

describe('refuseUndecodableQuery', () => {
  it('passes query values that decode, a plain queue name or an escaped one', () => {
    expect(answer({ activeQueue: 'events', page: '1' }).passed).toBe(true);
    expect(answer({ activeQueue: 'a%20b' }).passed).toBe(true);
    expect(answer({}).passed).toBe(true);
  });

  it('refuses a value, an array item or a nested value with a broken escape, with a 400 and a message', () => {
    for (const query of [{ activeQueue: '%E0%A4%A' }, { queueName: ['ok', '%'] }, { a: { b: '%zz' } }]) {
      expect(answer(query as Request['query'])).toEqual({ passed: false, status: 400, body: { statusCode: 400, message: UNDECODABLE_QUERY_MESSAGE } });
    }
  });
});
