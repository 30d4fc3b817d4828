import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it.each(['https://a.example/x', 'HTTP://a.example', 'ircs://irc.example/c', 'mailto:a@b.example', 'xmpp:a@b.example'])(
    'keeps %s',
    (url) => expect(safeUrl(url)).toBe(url),
  );

  it.each(['/a:b', 'page?at=10:30', '#note:1', 'chapter-2', ''])('keeps the relative address "%s"', (url) =>
    expect(safeUrl(url)).toBe(url),
  );

  it.each(['javascript:alert(1)', 'vbscript:x', 'data:text/html,x', 'file:///etc/passwd', ' javascript:x'])(
    'empties %s',
    (url) => expect(safeUrl(url)).toBe(''),
  );
});
