import { hasBearerToken } from './bearer-token';

describe('hasBearerToken', () => {
  const token = 'a-metrics-token-of-32-characters';

  it('accepts exactly the token, whatever the case of the scheme', () => {
    expect(hasBearerToken(`Bearer ${token}`, token)).toBe(true);
    expect(hasBearerToken(`bearer  ${token} `, token)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['an empty token', 'Bearer '],
    ['another token', 'Bearer a-metrics-token-of-32-characterz'],
    ['a prefix of the token', `Bearer ${token.slice(0, -1)}`],
    ['the token with more after it', `Bearer ${token} more`],
    ['the token as Basic credentials', `Basic ${token}`],
    ['the token without a scheme', token],
  ])('refuses %s', (_case, header) => {
    expect(hasBearerToken(header, token)).toBe(false);
  });
});
