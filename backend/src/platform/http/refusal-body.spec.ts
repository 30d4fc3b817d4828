import { refusalBody } from './refusal-body';

describe('a refusal’s body, by route family', () => {
  it('says `success: 0` on every comment route, reads included', () => {
    expect(refusalBody('/api/comment/post-comments', 403, 'No.')).toEqual({ statusCode: 403, success: 0, message: 'No.' });
    expect(refusalBody('/api/comment/show-comments', 404, 'Book not found.')).toEqual({ statusCode: 404, success: 0, message: 'Book not found.' });
  });

  it('says `success: false` on the account commands’ routes only', () => {
    for (const route of ['register', 'verify-email', 'reset-password', 'profile/change-username', 'profile/change-password']) {
      expect(refusalBody(`/api/user/${route}`, 400, 'No.')).toEqual({ statusCode: 400, success: false, message: 'No.' });
    }
    expect(refusalBody('/api/user/login', 401, 'Invalid email or password.')).toEqual({ statusCode: 401, message: 'Invalid email or password.' });
    expect(refusalBody('/api/user/replies', 400, 'No.')).toEqual({ statusCode: 400, message: 'No.' });
  });

  it('gives the other routes the status and the message alone', () => {
    expect(refusalBody('/api/like/like-book', 404, 'Book not found.')).toEqual({ statusCode: 404, message: 'Book not found.' });
    expect(refusalBody('/covers/13.svg', 404, 'Cover not found.')).toEqual({ statusCode: 404, message: 'Cover not found.' });
  });

  it('keeps the status, the flag and the message in that order', () => {
    expect(JSON.stringify(refusalBody('/api/comment/like-comments', 429, 'Wait.'))).toBe('{"statusCode":429,"success":0,"message":"Wait."}');
  });

  it('knows a route in any letter case and with a trailing slash, as Express matches it', () => {
    expect(refusalBody('/API/Comment/post-comments/', 400, 'No.')).toMatchObject({ success: 0 });
    expect(refusalBody('/api/user/Register/', 400, 'No.')).toMatchObject({ success: false });
  });
});
