import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

function renderMarkdown(text: string, spoilers = false) {
  return render(<Markdown text={text} spoilers={spoilers} />).container;
}

describe('Markdown', () => {
  it('renders Markdown and keeps single line breaks', () => {
    const container = renderMarkdown('**bold** line one\nline two\n\nsecond paragraph');
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(container.querySelector('p br')).not.toBeNull();
  });

  it('strips scripts, raw HTML and event handlers', () => {
    const container = renderMarkdown(
      'Hi <script>window.hacked = true</script>\n\n<img src="x" onerror="window.hacked = true">\n\n<a href="/x" onclick="alert(1)">x</a>',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
    expect(container.innerHTML).not.toMatch(/<script|onerror|onclick|alert/);
    // What was between the tags is left as inert text.
    expect(container.querySelector('p')).toHaveTextContent('Hi window.hacked = true');
  });

  it('empties javascript: and data: addresses of links and images', () => {
    const container = renderMarkdown('[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) ![c](data:image/png;base64,AAAA)');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('');
    expect(container.querySelector('img')).not.toHaveAttribute('src');
  });

  it('keeps http, https, mailto, irc, xmpp and relative addresses', () => {
    const addresses = [
      'https://example.com/a',
      'http://example.com/b',
      'mailto:team@example.com',
      'irc://irc.example.com/chan',
      'xmpp:someone@example.com',
      '/12-a-book/3',
      'chapter-2',
      '#notes',
      '?page=2',
    ];
    const container = renderMarkdown(addresses.map((href, i) => `[link ${i}](${href})`).join(' '));
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(addresses);
    const image = renderMarkdown('![cover](/covers/1.svg)').querySelector('img');
    expect(image).toHaveAttribute('src', '/covers/1.svg');
  });

  it('leaves percent signs alone unless spoilers are on', () => {
    renderMarkdown('The %twist% is here');
    expect(screen.getByText('The %twist% is here')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('hides a %spoiler% until it is clicked', () => {
    const container = renderMarkdown('He was %the villain% all along, 50% or 100% sure.', true);
    const spoiler = screen.getByRole('button', { name: 'Spoiler: show the hidden text' });
    expect(spoiler).toHaveTextContent('the villain');
    expect(container).toHaveTextContent('all along, 50% or 100% sure.');
    expect(screen.getAllByRole('button')).toHaveLength(1);

    fireEvent.click(spoiler);

    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('.spoiler-revealed')).toHaveTextContent('the villain');
  });

  describe('images', () => {
    it('load lazily and open the full image in a new tab, with no access to this page and no endorsement', () => {
      const container = renderMarkdown('Look: ![a big drawing](https://images.example.com/big.png "Big")', true);
      const image = container.querySelector('img')!;
      expect(image).toHaveAttribute('src', 'https://images.example.com/big.png');
      expect(image).toHaveAttribute('alt', 'a big drawing');
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('decoding', 'async');
      const link = image.parentElement!;
      expect(link.tagName).toBe('A');
      expect(link).toHaveAttribute('href', 'https://images.example.com/big.png');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
      expect(link).toHaveClass('markdown__image-link');
    });

    it('inside a link keep that link, and are not linked twice', () => {
      const container = renderMarkdown('[![cover](https://images.example.com/c.png)](https://example.com/story)');
      expect(container.querySelectorAll('a')).toHaveLength(1);
      expect(container.querySelector('a')).toHaveAttribute('href', 'https://example.com/story');
      expect(container.querySelector('a img')).toHaveAttribute('loading', 'lazy');
    });

    it('with a refused address are neither shown nor linked, and sanitizing stays strict', () => {
      const container = renderMarkdown('![x](javascript:alert(1)) ![y](data:image/png;base64,AAAA)\n\n<img src="https://e.example/x.png" onerror="alert(1)">', true);
      expect(container.querySelectorAll('a')).toHaveLength(0);
      for (const image of container.querySelectorAll('img')) expect(image).not.toHaveAttribute('src');
      expect(container.innerHTML).not.toMatch(/onerror|javascript:|data:/);
    });
  });

  it('opens links in a new tab when asked (reply cards), and leaves them alone otherwise', () => {
    const { container } = render(<Markdown text={'[a story](https://example.com/s) and [bad](javascript:alert(1))'} newTabLinks />);
    const [story, bad] = container.querySelectorAll('a');
    expect(story).toHaveAttribute('target', '_blank');
    expect(story).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(bad).toHaveAttribute('href', '');
    expect(bad).not.toHaveAttribute('target');
    const plain = renderMarkdown('[a story](https://example.com/s)').querySelector('a');
    expect(plain).not.toHaveAttribute('target');
    expect(plain).not.toHaveAttribute('rel');
  });
});
