import { withoutPersonalData } from './without-personal-data';

describe('withoutPersonalData', () => {
  it('takes out addresses, bare or quoted as SMTP servers quote them, and the query strings of links', () => {
    expect(withoutPersonalData('550 5.1.1 <reader.one+x@example.test>: Recipient address rejected')).toBe('550 5.1.1 <[address]>: Recipient address rejected');
    expect(withoutPersonalData('to reader@example.test, open https://shelf.example/user/reset-password?token=abc&email=r%40x.test now')).toBe(
      'to [address], open https://shelf.example/user/reset-password?… now',
    );
    expect(withoutPersonalData('E11000 duplicate key error dup key: { _id: "email:reader@example.test" }')).toBe('E11000 duplicate key error dup key: { _id: "email:[address]" }');
  });

  it('leaves what names no one as it is', () => {
    expect(withoutPersonalData('API listening on http://127.0.0.1:8080')).toBe('API listening on http://127.0.0.1:8080');
    const plain = 'e-mail mail-5f0c1e2a-0000-4000-8000-000000000000 failed every try (Invalid greeting. response=554 5.3.2 not accepting mail now)';
    expect(withoutPersonalData(plain)).toBe(plain);
  });
});
