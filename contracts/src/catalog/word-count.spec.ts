import { countWords } from './word-count';

describe('countWords (the one word count of web and server)', () => {
  it('counts runs of letters or digits between whitespace and punctuation', () => {
    expect(countWords('  He looked   up.\nThe sky\twas grey. ')).toBe(7);
    expect(countWords("It's a well-known 3rd-rate inn.")).toBe(5);
    expect(countWords('')).toBe(0);
  });

  it('counts each Chinese or Japanese character as one word, in mixed text too', () => {
    expect(countWords('我喜欢这本书')).toBe(6);
    expect(countWords('ありがとう')).toBe(5);
    expect(countWords('カタカナ')).toBe(4);
    expect(countWords('He said 你好 and こんにちは, then left.')).toBe(2 + 2 + 1 + 5 + 2);
  });

  it('counts link text and drops link targets and tags', () => {
    expect(countWords('See [the next chapter](https://example.com/a-b-c) <em>now</em>')).toBe(5);
  });
});
