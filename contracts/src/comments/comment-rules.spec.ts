import { commentTextProblem, cooldownMessage, cooldownRemaining } from './comment-rules';

describe('comment rules', () => {
  it.each([
    ['one two three four', 'Your comment must have at least 5 words.'],
    ['!!! ??? ... --- *** +++ ===', 'Your comment must have at least 5 words.'],
    ['a b c d eeeeee', 'Your comment must be at least 20 characters long.'],
    [`five words and then ${'y'.repeat(51)}`, 'Words in your comment should not exceed 50 characters.'],
    ['this is ok but !!!!!!!!!!! is not', 'Please do not use excessive repeated characters.'],
    ['we are so so SO so happy today', 'Your comment appears to be spammy. Please revise.'],
    ['x '.repeat(6000), 'Your comment must be at most 10000 characters long.'],
  ])('refuses %j', (text, message) => {
    expect(commentTextProblem(text)).toBe(message);
  });

  it.each([
    ['Five words make twenty characters.'],
    [`a word of fifty ${'abcdefghij'.repeat(5)} letters`],
    ['ten in a row aaaaaaaaaa is fine'],
    ['so so so three repeats are fine'],
    ['line one\nline two\nline three here'],
    // Words are counted by countWords: each Chinese or Japanese character is one word.
    ['这一章写得真好，谢谢翻译组的辛苦工作，期待下一章！'],
    ['この章は本当に面白かったです。ありがとう！'],
  ])('accepts %j', (text) => {
    expect(commentTextProblem(text)).toBeNull();
  });

  it('counts the cooldown down in whole seconds', () => {
    expect(cooldownRemaining(null, 1000)).toBe(0);
    expect(cooldownRemaining(1000, 1000)).toBe(30_000);
    expect(cooldownRemaining(1000, 31_000)).toBe(0);
    expect(cooldownMessage(29_001)).toBe('Please wait for 30 seconds before commenting again.');
    expect(cooldownMessage(1)).toBe('Please wait for 1 seconds before commenting again.');
  });
});
