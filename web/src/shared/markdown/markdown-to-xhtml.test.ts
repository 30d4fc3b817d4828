import { describe, expect, it } from 'vitest';
import { markdownToXhtml } from './markdown-to-xhtml';

describe('markdownToXhtml', () => {
  it('writes paragraphs, emphasis and line breaks as XHTML, empty elements closed', () => {
    expect(markdownToXhtml('One *two*\nthree\n\n---')).toBe('<p>One <em>two</em><br />\nthree</p>\n<hr />');
  });

  it('escapes what XML reads as markup, and writes no named character reference', () => {
    const xhtml = markdownToXhtml('Tom & Jerry <3 "quotes" \u00a0 5 < 6');
    expect(xhtml).toBe('<p>Tom &#x26; Jerry &#x3C;3 "quotes" \u00a0 5 &#x3C; 6</p>');
  });

  it('drops raw HTML and unsafe addresses as the site does', () => {
    const xhtml = markdownToXhtml('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b onclick="x">b</b>');
    expect(xhtml).not.toMatch(/script|javascript|onclick/);
  });

  it('turns an image into a link to it, named by its description, since a book may not load it', () => {
    expect(markdownToXhtml('![A map of the sect](https://img.example/map.png)')).toBe('<p><a href="https://img.example/map.png">[A map of the sect]</a></p>');
    expect(markdownToXhtml('![](https://img.example/x.png)')).toBe('<p><a href="https://img.example/x.png">[image]</a></p>');
  });

  it('keeps absolute links and leaves the address off relative ones', () => {
    expect(markdownToXhtml('[raw](https://raw.example/1) [next](chapter-2) [top](#top)')).toBe(
      '<p><a href="https://raw.example/1">raw</a> <a>next</a> <a>top</a></p>',
    );
  });
});
