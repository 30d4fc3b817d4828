// Comment texts a reader might write, within the spec's comment rules (at least 5 words and 20 characters, no word
// over 50 characters, no character 11 times or word 4 times in a row): 8 to 20 words, never one twice in a row.
const WORDS = (
  'this chapter was such a lovely read and the translation flows so well thank you for all the hard work ' +
  'i did not expect that twist at the end poor boy finally someone says it out loud the way they talk ' +
  'makes me laugh every single time cannot wait for the next part please keep going'
).split(' ');

export function commentText() {
  const count = 8 + Math.floor(Math.random() * 13);
  const words = [];
  for (let i = 0; i < count; i++) {
    let word;
    do word = WORDS[Math.floor(Math.random() * WORDS.length)];
    while (word === words[i - 1]);
    words.push(word);
  }
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}
