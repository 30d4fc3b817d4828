import { digestMail, type DigestMailInput } from './digest-mail';

const input: DigestMailInput = {
  userId: 'u1',
  to: 'a@example.com',
  username: 'Reader',
  kind: 'chapters',
  frequency: 'weekly',
  timeZone: 'Asia/Tokyo',
  publicUrl: 'https://shelf.example',
  unsubscribeUrl: 'https://shelf.example/api/digests/unsubscribe?token=t',
  unsubscribePage: 'https://shelf.example/digests/unsubscribe?token=t',
};
const chapter = { book_id: 7, book_title: 'Moon <b>& Stars', chapter_id: 12, chapter_title: 'The "Return"', uploaded_time: '2026-11-28T05:00:00.000Z' };

describe('a digest e-mail', () => {
  it('lists the items with their links and times in the reader’s zone, in a text part and an escaped HTML part', () => {
    const mail = digestMail(input, { items: [chapter], total: 1 });
    expect(mail.subject).toBe('Novel Shelf: 1 new chapter of your stories');
    expect(mail.text).toContain('- Moon <b>& Stars — Chapter 12: The "Return" (Sat 28 Nov, 14:00 GMT+9)\n  https://shelf.example/7-moon-b-stars/12');
    expect(mail.html).toContain('<a href="https://shelf.example/7-moon-b-stars/12" style="color:#1a5fb4">Moon &lt;b&gt;&amp; Stars — Chapter 12: The &quot;Return&quot;</a>');
    expect(mail.html).not.toContain('<b>&');
  });

  it('carries the one-click unsubscribe headers and the unsubscribe page in both parts', () => {
    const mail = digestMail(input, { items: [chapter], total: 1 });
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://shelf.example/api/digests/unsubscribe?token=t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text).toContain('Unsubscribe: https://shelf.example/digests/unsubscribe?token=t');
    expect(mail.html).toContain('<a href="https://shelf.example/digests/unsubscribe?token=t" style="color:#666">Unsubscribe</a>');
  });

  it('counts what it does not list, and names replies', () => {
    const reply = { book_id: 7, book_title: 'Moon', chapter_id: null, chapter_title: null, comment_time: '2026-11-28T05:00:00.000Z' };
    const mail = digestMail({ ...input, kind: 'replies', frequency: 'daily' }, { items: [reply], total: 31 });
    expect(mail.subject).toBe('Novel Shelf: 31 new replies to your comments');
    expect(mail.text).toContain('- A reply on Moon (Sat 28 Nov, 14:00 GMT+9)\n  https://shelf.example/7-moon');
    expect(mail.text).toContain('…and 30 more: https://shelf.example/user/reply-notification');
  });
});
