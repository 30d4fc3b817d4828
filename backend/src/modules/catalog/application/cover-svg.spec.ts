import { coverHue, coverSvg, wrapTitle } from './cover-svg';

describe('coverSvg', () => {
  it('draws the title and author, escaped, on a colour derived from the book id', () => {
    const svg = coverSvg(12, 'Love & <Lies>', 'Mu "Su" Li');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title>Love &amp; &lt;Lies&gt;</title>');
    expect(svg).toContain('Mu &quot;Su&quot; Li');
    expect(svg).not.toContain('<Lies>');
    expect(svg).toContain(`hsl(${coverHue(12)} 55% 32%)`);
  });

  it('spreads the ids of a catalog around the colour wheel, and the same id always gets the same colour', () => {
    const sectors = new Set(Array.from({ length: 64 }, (_, index) => Math.floor(coverHue(index + 1) / 30)));
    expect(sectors.size).toBeGreaterThanOrEqual(10);
    expect(coverSvg(7, 'Same', 'A')).toBe(coverSvg(7, 'Same', 'A'));
  });
});

describe('wrapTitle', () => {
  it('keeps words whole in lines of about 16 characters', () => {
    expect(wrapTitle('The Husky and His White Cat Shizun')).toEqual(['The Husky and', 'His White Cat', 'Shizun']);
  });

  it('shortens an over-long word and a title beyond six lines', () => {
    expect(wrapTitle('Supercalifragilisticexpialidocious')).toEqual(['Supercalifragil…']);
    expect(wrapTitle('one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen')).toHaveLength(6);
  });
});
