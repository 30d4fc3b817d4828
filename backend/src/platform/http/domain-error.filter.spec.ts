import type { ArgumentsHost } from '@nestjs/common';
import { DomainError, type RefusalCode } from '../../domain/domain-error';
import { DomainErrorFilter } from './domain-error.filter';

/** Answers a refusal thrown on a request for `path`: the status and the body sent (as JSON, else the type set). */
function answer(path: string, refusal: DomainError): { status: number; body: unknown } {
  const sent = { status: 0, type: 'image/svg+xml', body: undefined as unknown };
  const res = {
    status: (status: number) => ((sent.status = status), res),
    type: (type: string) => ((sent.type = type), res),
    json: (body: unknown) => ((sent.body = sent.type === 'json' ? body : `sent as ${sent.type}`), res),
  };
  const host = { switchToHttp: () => ({ getRequest: () => ({ path }), getResponse: () => res }) } as unknown as ArgumentsHost;
  new DomainErrorFilter().catch(refusal, host);
  return { status: sent.status, body: sent.body };
}

describe('DomainErrorFilter', () => {
  it.each<[RefusalCode, number]>([
    ['invalid', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not-found', 404],
    ['too-many', 429],
  ])('answers a refusal of kind %s with %i and the message', (code, status) => {
    expect(answer('/api/like/like-book', new DomainError(code, 'Why not.'))).toEqual({ status, body: { statusCode: status, message: 'Why not.' } });
  });

  it('answers in JSON on a route that answers otherwise (a cover is SVG)', () => {
    expect(answer('/covers/13.svg', new DomainError('not-found', 'Cover not found.'))).toEqual({ status: 404, body: { statusCode: 404, message: 'Cover not found.' } });
  });

  it('answers in the route family’s body', () => {
    expect(answer('/api/comment/edit-comments', new DomainError('forbidden', 'You can only edit your own comment.'))).toEqual({
      status: 403,
      body: { statusCode: 403, success: 0, message: 'You can only edit your own comment.' },
    });
    expect(answer('/api/user/register', new DomainError('invalid', 'This username is already taken. Please choose another one.'))).toEqual({
      status: 400,
      body: { statusCode: 400, success: false, message: 'This username is already taken. Please choose another one.' },
    });
  });
});
