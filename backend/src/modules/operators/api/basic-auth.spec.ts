import { hasCredentials } from './basic-auth';

describe('hasCredentials', () => {
  const expected = { user: 'admin', password: 'pass:word with colon' };
  const basic = (pair: string) => `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;

  it('accepts the exact user and password, splitting at the first colon', () => {
    expect(hasCredentials(basic('admin:pass:word with colon'), expected)).toBe(true);
    expect(hasCredentials(`basic  ${Buffer.from('admin:pass:word with colon').toString('base64')}`, expected)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['a bearer token', 'Bearer abc.def.ghi'],
    ['a wrong password', basic('admin:pass:word')],
    ['a wrong user', basic('Admin:pass:word with colon')],
    ['no colon', basic('adminpassword')],
    ['not base64', 'Basic ***'],
  ])('refuses %s', (_case, header) => {
    expect(hasCredentials(header, expected)).toBe(false);
  });
});
