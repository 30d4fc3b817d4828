import {
  COMPLETION_STATUSES,
  countWords,
  DIVERSITIES,
  ENDINGS,
  GENRES,
  ORIGINAL_LANGUAGES,
  SETTINGS,
  TAGS,
  type BookMetadata,
  type ChapterData,
  type CompletionStatus,
  type Diversity,
  type GlossaryEntry,
  type OriginalLanguage,
  type RelatedBookRef,
  type Setting,
} from '@shelf/contracts';

export interface DemoCatalogOptions {
  books: number;
  minChapters: number;
  maxChapters: number;
  minWordsPerChapter: number;
  maxWordsPerChapter: number;
  seed: number;
  now: Date;
}

/** The catalog a demo installation starts with. */
export const DEMO_CATALOG: DemoCatalogOptions = {
  books: 64,
  minChapters: 3,
  maxChapters: 40,
  minWordsPerChapter: 1200,
  maxWordsPerChapter: 3500,
  seed: 20241113,
  now: new Date('2026-11-20T12:00:00Z'),
};

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness. Every book draws from its own stream, so its content never depends on the books before it; only
// the series plan walks the ids in order.

type Rng = () => number;

// Local aliases: global lookups in hot loops are several times slower inside Jest's vm sandbox.
const { floor, imul } = Math;

/** mulberry32: a tiny 32-bit PRNG returning floats in [0, 1). */
function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = imul(state ^ (state >>> 15), state | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The murmur3 finaliser: every input bit flips each output bit with probability about one half. */
function avalanche(value: number): number {
  let hash = value >>> 0;
  hash = imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** Hashes integers into one 32-bit seed, so neighbouring ids get unrelated streams. */
const mix = (...values: number[]): number => values.reduce((hash, value) => avalanche(hash ^ avalanche(value)), 0x9e3779b9);

/** Independent random streams derived from the catalog seed. */
const STREAM = { book: 1, author: 2, series: 3, titles: 4, freshness: 5, language: 6, universe: 7, diversity: 8 } as const;

const int = (rng: Rng, min: number, max: number): number => min + floor(rng() * (max - min + 1));
const chance = (rng: Rng, probability: number): boolean => rng() < probability;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[floor(rng() * list.length)];

/** `count` distinct values of `list`, starting with `first` when given. */
function sample<T>(rng: Rng, list: readonly T[], count: number, first?: T): T[] {
  const chosen: T[] = first === undefined ? [] : [first];
  const size = Math.min(count, list.length);
  while (chosen.length < size) {
    const value = pick(rng, list);
    if (!chosen.includes(value)) chosen.push(value);
  }
  return chosen;
}

/**
 * A per-book position in [0, 1) from a Weyl sequence (`bookId * step`, step irrational): unlike coin tosses, a
 * threshold on it selects an evenly spread share of any run of books, so even a small catalog gets its share.
 */
const evenPosition = (seed: number, stream: number, step: number, bookId: number): number =>
  (bookId * step + mix(seed, stream) / 4294967296) % 1;

/** Weyl steps: distinct irrationals, so the evenly spread choices do not line up with one another. */
const STEP = { golden: 0.6180339887498949, silver: 0.4142135623730951, root3: 0.7320508075688772 } as const;

/** The first books walk through `list` in order, so any catalog of `list.length` books or more shows every value. */
const cycled = <T>(list: readonly T[], bookId: number): T | undefined => (bookId <= list.length ? list[bookId - 1] : undefined);

// ---------------------------------------------------------------------------------------------------------------
// Book titles: every index below TITLE_SPACE decodes to a distinct title, and a seeded permutation of the ids
// spreads them, so a book's name follows from its id alone and stays unique across the catalog.

type TitlePattern = readonly (string | readonly string[])[];

const TITLE_PATTERNS: readonly TitlePattern[] = [
  ['The ', ['Crimson', 'Silver', 'Azure', 'Ivory', 'Scarlet', 'Golden', 'Ashen', 'Violet', 'Emerald', 'Obsidian', 'Pale', 'Vermilion'], ' ',
    ['Jade', 'Lantern', 'Willow', 'Plum', 'Lotus', 'Bamboo', 'Cloud', 'Moon', 'Snow', 'Phoenix'], ' ',
    ['Pavilion', 'Palace', 'Tower', 'Courtyard', 'Temple', 'Garden', 'Bridge', 'Manor', 'Sect', 'Hall', 'Terrace', 'Gate']],
  [['Ten', 'Three', 'Seven', 'Nine', 'A Hundred', 'Thirteen', 'Five', 'Two', 'A Thousand', 'Eight'], ' ',
    ['Winters', 'Springs', 'Autumns', 'Summers', 'Nights', 'Lifetimes'], ' in the ',
    ['Capital', 'Northern Court', 'Border Town', 'Jianghu', 'Sunless Sea', 'Floating City', 'Old Quarter', 'Lower District',
      'Imperial Academy', 'Starport', 'Drowned Valley', 'Last Shelter']],
  ['The ',
    ['Prince', 'General', 'Healer', 'Assassin', 'Scholar', 'Emperor', 'Swordsman', 'Actor', 'Detective', 'Pilot', 'Heir', 'Demon Lord'],
    ' Who ', ['Stole', 'Forgot', 'Borrowed', 'Painted', 'Guarded', 'Married', 'Buried', 'Chased', 'Broke', 'Sold'], ' the ',
    ['Moon', 'Sun', 'Stars', 'Rain', 'Spring', 'Dawn', 'Tide', 'Storm', 'Sea', 'Wind']],
  [['Ashes', 'Echoes', 'Whispers', 'Ruins', 'Letters', 'Oaths', 'Songs', 'Shadows', 'Secrets', 'Dreams', 'Embers', 'Debts'], ' of the ',
    ['Silent', 'Fallen', 'Hidden', 'Burning', 'Frozen', 'Forgotten', 'Endless', 'Gilded', 'Broken', 'Sleeping', 'Drowned', 'Last'], ' ',
    ['Palace', 'Kingdom', 'Mountain', 'City', 'Harbour', 'Dynasty', 'Academy', 'Forest', 'Empire', 'Archive', 'Sky', 'Stage']],
  ['A ', ['Reluctant', 'Gentle', 'Practical', "Villain's", "Beginner's", "Scholar's", 'Modest', 'Complete'], ' Guide to ',
    ['Raising', 'Taming', 'Divorcing', 'Courting', 'Feeding', 'Escaping', 'Hiring', 'Outwitting', 'Adopting', 'Befriending'], ' ',
    ['Dragons', 'Emperors', 'Ghosts', 'Foxes', 'Villains', 'Immortals', 'Rivals', 'Androids', 'Vampires', 'Generals']],
  ['When the ', ['Plum Blossoms', 'Lanterns', 'Bells', 'Stars', 'Swallows', 'Rivers', 'Cranes', 'Mountains'], ' ',
    ['Fall', 'Return', 'Burn', 'Sing', 'Wake', 'Fade', 'Dream', 'Weep']],
];

const patternSize = (pattern: TitlePattern): number =>
  pattern.reduce<number>((size, part) => (typeof part === 'string' ? size : size * part.length), 1);

const TITLE_SPACE = TITLE_PATTERNS.reduce((total, pattern) => total + patternSize(pattern), 0);

/** Decodes an index in [0, TITLE_SPACE) as a pattern and one word per slot (mixed radix). */
function decodeTitle(index: number): string {
  let rest = index;
  for (const pattern of TITLE_PATTERNS) {
    const size = patternSize(pattern);
    if (rest >= size) {
      rest -= size;
      continue;
    }
    return pattern
      .map((part) => {
        if (typeof part === 'string') return part;
        const word = part[rest % part.length];
        rest = floor(rest / part.length);
        return word;
      })
      .join('');
  }
  throw new RangeError(`title index ${index} is out of range`);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** An affine permutation of [0, TITLE_SPACE): a multiplier coprime with the space and an offset, both from the seed. */
function titlePermutation(seed: number): { multiplier: number; offset: number } {
  let multiplier = mix(seed, STREAM.titles, 1) % TITLE_SPACE || 1;
  while (gcd(multiplier, TITLE_SPACE) !== 1) multiplier += 1;
  return { multiplier, offset: mix(seed, STREAM.titles, 2) % TITLE_SPACE };
}

const ROMAN_DIGITS: readonly (readonly [number, string])[] = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

function roman(value: number): string {
  if (value >= 4000) return String(value);
  let rest = value;
  let numeral = '';
  for (const [amount, digits] of ROMAN_DIGITS) {
    for (; rest >= amount; rest -= amount) numeral += digits;
  }
  return numeral;
}

/**
 * The English name of book `bookId` in the catalog generated with `seed`. Names are unique: once every title has
 * been used, later books repeat them with a numeral ("… II").
 */
export function demoBookName(bookId: number, seed: number): string {
  const { multiplier, offset } = titlePermutation(seed);
  const position = (bookId - 1) % TITLE_SPACE;
  const round = floor((bookId - 1) / TITLE_SPACE);
  const title = decodeTitle((multiplier * position + offset) % TITLE_SPACE);
  return round === 0 ? title : `${title} ${roman(round + 1)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Text templates. `{slot}` is replaced by a phrase from the book's vocabulary; word counts are computed once per
// phrase, so a sentence's count is the sum of its parts (slots always meet literals at a space or punctuation).

interface Phrase {
  text: string;
  words: number;
}

const phrase = (text: string): Phrase => ({ text, words: countWords(text) });

const WORDS = {
  time: ['At dawn', 'Later that night', 'By noon', 'Three days later', 'Before the rain stopped', 'In the grey hour before morning',
    'When the bell rang', 'Long after midnight', 'That evening'],
  move: ['walked', 'hurried', 'drifted', 'wandered', 'ran', 'limped', 'strode', 'slipped'],
  look: ['watched', 'studied', 'glanced at', 'stared at', 'searched the face of', 'turned toward'],
  feel: ['a strange calm', 'an old grief', 'a quiet fury', 'something close to hope', 'the familiar ache', 'a sudden chill',
    'a warmth that would not fade'],
  adverb: ['slowly', 'quietly', 'carefully', 'without a word', 'at last', 'once more', 'gently'],
  say: ['said', 'murmured', 'replied', 'whispered', 'answered'],
  line: ['You should not have come back', 'I will wait, however long it takes', 'Leave the rest to me', 'That was never your fault',
    'Then we go together', 'Stay with me tonight', 'I kept it, all this time', 'You are late again', 'Nobody else can know'],
  question: ['Do you still remember the promise?', 'Is this what you wanted?', 'Why did you come back?',
    'Will you tell me the truth, just once?', 'Are you afraid of me?'],
  sound: ['a bell rang twice', 'a dog barked', 'someone laughed', 'thunder rolled', 'an engine coughed', 'footsteps faded',
    'a door slammed'],
  gesture: ['smiled', 'looked away', 'poured another cup of tea', 'closed the door', 'laughed softly', 'let the silence answer'],
  deed: ['burned a palace to the ground', "saved a stranger's life", 'broken a sacred vow', 'lost everything in a single night',
    'walked away from a throne', 'made a promise under the snow'],
  thought: ['Not again', 'Stay calm', 'Just this once', "Don't look back", 'Too late'],
  hour: ['past midnight', 'nearly dawn', 'already evening', 'the middle of the night', 'late afternoon'],
  years: ['ten years', 'three lifetimes', 'half a life', 'twelve years', 'seven long winters'],
  pursuit: ['hiding from the past', 'guarding a secret that could ruin everyone', 'pretending to be someone else',
    'waiting for a letter that never came', 'paying off a debt that is not theirs', 'serving a master who never smiles'],
  role: ['a disgraced heir', 'the most feared swordsman alive', 'a penniless tutor', 'a rising star', 'a retired villain',
    'a healer with no patients', 'the last of a ruined family'],
  obstacle: ['old debts, older lies and a war nobody wants', 'a contract neither of them meant to keep',
    'two families who would rather see them dead', 'a system that keeps rewriting the rules', 'a past that refuses to stay buried'],
  wish: ['a quiet life', 'one honest answer', 'to be forgiven', 'to go home', 'nothing at all'],
  tagline: ['Some promises outlive the people who make them.', 'Love was never part of the plan.',
    'Every story needs a villain. This one just needs a chance.', 'The second time around, nobody gets left behind.',
    'Fate is only a rumour until someone believes it.'],
  weekday: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  titleAdjective: ['Long', 'Unfinished', 'Second', 'Quiet', 'Borrowed', 'Last', 'Crooked', 'Distant', 'Cold', 'Bright'],
  titleNoun: ['Night', 'Letter', 'Promise', 'Winter', 'Lantern', 'Debt', 'Road', 'Storm', 'Feast', 'Bargain', 'Return', 'Confession'],
  glossary: ['A *shichen* is a two-hour period of the traditional day.', 'The original line is a pun that does not survive translation.',
    'A *li* is a traditional unit of distance, about half a kilometre.', 'The honorific here signals deep respect.',
    'This idiom literally means "to draw a snake and add feet".'],
  authorNote: ['Thank you for all your comments on the last chapter!', 'The next chapter may be a little late.',
    'This is one of my favourite scenes to write.', 'Please forgive the cliffhanger.'],
  translatorNote: ['Sorry for the delay this week.', 'Edited for consistency with earlier chapters.',
    'Thanks to our new proofreader for the help!', 'A bonus chapter comes out this weekend.'],
} as const satisfies Record<string, readonly string[]>;

const SETTING_WORDS: Record<Setting, { place: readonly string[]; object: readonly string[] }> = {
  Modern: {
    place: ['the subway platform', 'the office tower', 'the night market', 'the hospital corridor', 'the rooftop',
      'the recording studio', 'the university library'],
    object: ['the cracked phone', 'the old photograph', 'the unsigned contract', 'the spare key'],
  },
  Medieval: {
    place: ['the castle keep', 'the chapel', 'the village square', 'the tavern', 'the border fortress', 'the royal stables',
      'the monastery'],
    object: ['the sealed letter', 'the signet ring', 'the broken sword', 'the tattered banner'],
  },
  'Ancient Chinese': {
    place: ['the Eastern Gate', 'the bamboo grove', 'the teahouse', 'the palace archives', 'the mountain sect', 'the imperial garden',
      'the riverside inn'],
    object: ['the jade pendant', 'the folded fan', 'a cup of cold tea', 'the red string'],
  },
  Futuristic: {
    place: ['the orbital dock', 'the observation deck', 'the research lab', 'the hangar', 'the neon arcade', 'the command bridge',
      'the hydroponics bay'],
    object: ['the data chip', 'the cracked visor', 'the prototype core', 'the encrypted message'],
  },
  Apocalypse: {
    place: ['the ruined mall', 'the shelter gate', 'the dead highway', 'the water tower', 'the abandoned school', 'the watchtower',
      'the flooded tunnel'],
    object: ['the last ration', 'the hand-drawn map', 'the radio', 'the rusted knife'],
  },
};

type WordSlot = keyof typeof WORDS;
const WORD_SLOTS = Object.keys(WORDS) as WordSlot[];
/**
 * Template slots by number: a book's vocabulary is an array of phrase lists in this order (arrays index faster than
 * a record of 30-odd keys). `A` names the book's protagonist, `B` one of the other characters.
 */
const SLOTS = [...WORD_SLOTS, 'place', 'object', 'A', 'B'] as const;
type Vocabulary = readonly (readonly Phrase[])[];
type Template = readonly (Phrase | number)[];

const SHARED_WORDS = Object.fromEntries(WORD_SLOTS.map((slot) => [slot, WORDS[slot].map(phrase)])) as Record<WordSlot, Phrase[]>;

const SETTING_PHRASES = Object.fromEntries(
  SETTINGS.map((setting) => [setting, [SETTING_WORDS[setting].place.map(phrase), SETTING_WORDS[setting].object.map(phrase)]]),
) as Record<Setting, Phrase[][]>;

function compile(template: string): Template {
  return template.split(/\{(\w+)\}/).flatMap((piece, index): (Phrase | number)[] => {
    if (index % 2 === 0) return piece ? [phrase(piece)] : [];
    const slot = SLOTS.findIndex((name) => name === piece);
    if (slot < 0) throw new Error(`unknown template slot {${piece}}`);
    return [slot];
  });
}

function render(rng: Rng, template: Template, vocabulary: Vocabulary): Phrase {
  let text = '';
  let words = 0;
  for (const part of template) {
    const value = typeof part === 'number' ? pick(rng, vocabulary[part]) : part;
    text += value.text;
    words += value.words;
  }
  return { text, words };
}

const NARRATION = [
  '{time}, {A} {move} toward {place}.',
  '{A} {look} {B} for a long moment and felt {feel}.',
  'Somewhere beyond {place}, {sound}.',
  '{A} held {object} {adverb}, as if it might vanish.',
  'Nobody in {place} knew that {A} had once {deed}.',
  '{B} did not answer and only {gesture}.',
  'It was {hour} when {A} finally reached {place}.',
  '{A} thought of {object} and of everything it had cost.',
  '*{thought}*, {A} thought.',
  'The silence between {A} and {B} stretched on.',
  '{A} {move} past {B} without stopping.',
  'For a while, neither {A} nor {B} spoke.',
  '{B} had kept {object} all these years.',
  '{time}, {B} came looking for {A} in {place}.',
  '{A} let out a breath and {move} on.',
  'There was no one left in {place} to ask.',
  'Of all the things {A} had expected, {B} was not one of them.',
  '{B} set down {object} between them.',
  'Neither of them mentioned {object}.',
  'By then, {B} was already waiting at {place}.',
  'The lamps in {place} had gone out long ago.',
  '{A} remembered {place} differently, brighter and less cruel.',
].map(compile);

const DIALOGUE = ['"{line}," {A} {say}.', '"{line}," {B} {say} {adverb}.', '"{question}" {B} asked.', '{B} {look} {A}. "{line}."']
  .map(compile);

const CHAPTER_TITLES = ['The {titleAdjective} {titleNoun}', 'What the {titleNoun} Knew', 'A {titleAdjective} {titleNoun}',
  '{A} and the {titleNoun}', 'Before the {titleNoun}', 'After the {titleAdjective} {titleNoun}'].map(compile);

const DESCRIPTION_OPENINGS = [
  '{A} has spent {years} {pursuit}. Then {B} walks into {place} with {object}, and nothing is simple anymore.',
  'Everyone in {place} knows {A} as {role}. Nobody knows that {A} has {deed}.',
  'The day {B} returns, {A} is {role} with {years} of silence to explain.',
].map(compile);

const DESCRIPTION_MIDDLES = [
  'Between {A} and {B} lie {obstacle}.',
  'One of them wants revenge. The other only wants *{wish}*.',
  '{B} is {role}, and the last person {A} should trust. Which is exactly why {A} does.',
  'Three rules keep {A} alive: never go back to {place}, never lose {object}, and *never* fall for {B}.',
].map(compile);

const DESCRIPTION_CLOSINGS = ['*{tagline}*', '{tagline}'].map(compile);

const TRANSLATOR_NOTES = [
  'Updates every **{weekday}**. Thank you for reading!',
  'Honorifics are kept as in the *original*.',
  'Glossary terms are explained in the chapter footnotes.',
  'New chapters every **{weekday}**; extras are posted as they arrive.',
].map(compile);

/** Fillers of one to four words top a chapter up to its exact target length. */
const FILLERS = [
  'Silence.', 'Nothing.', 'Enough.', 'Snow.',
  'Nobody answered.', 'Time passed.', 'Night fell.',
  'The wind rose.', 'Somewhere, water dripped.', 'Nobody moved first.',
  'The lanterns burned low.', 'It was almost morning.', 'The door stayed closed.',
].map(phrase);

const FILLERS_BY_LENGTH = [1, 2, 3, 4].map((words) => FILLERS.filter((filler) => filler.words === words));

// ---------------------------------------------------------------------------------------------------------------
// Names in other scripts and pen names.

const HANZI = '红玉楼阁春风雪月山河长安梦夜花剑江湖归来不见君心天下白云深处故人重生将军';
const KANJI = '紅玉楼閣春風雪月山河夢夜花剣星空海桜恋君心';
const KANA_ENDINGS = ['を探して', 'に咲く', 'と君', 'は眠らない', 'の約束', ''];
const PINYIN = ['hong', 'yu', 'ge', 'lou', 'chun', 'feng', 'yue', 'shan', 'xue', 'meng', 'tian', 'ming', 'ye', 'hua', 'jiang'];
const ROMAJI = ['Tsuki', 'Kaze', 'Hoshi', 'Yume', 'Sora', 'Hana', 'Yoru', 'Kimi', 'Umi', 'Sakura'];

const CHINESE_SURNAMES = ['Shen', 'Lu', 'Xie', 'Gu', 'Wen', 'Yan', 'Jiang', 'Mo', 'Su', 'Lin', 'Qin', 'Chu', 'Ye', 'Song', 'Fu', 'Bai'];
const CHINESE_GIVEN = ['Qingzhou', 'Lan', 'Zhiyuan', 'Ming', 'Heng', 'Yu', 'Ci', 'Jinghe', 'Shuang', 'Wei', 'Chen', 'Xiao', 'Ruo', 'Huai'];
const JAPANESE_SURNAMES = ['Arisawa', 'Kagami', 'Tachibana', 'Mizuno', 'Sakuraba', 'Hoshino', 'Kurose', 'Amagi', 'Fujisaki', 'Shiina'];
const JAPANESE_GIVEN = ['Kaito', 'Ren', 'Haruki', 'Sora', 'Itsuki', 'Minato', 'Yuzuru', 'Akane', 'Hinata', 'Tsubasa'];

const PEN_ADJECTIVES = ['Drowsy', 'Idle', 'Wandering', 'Tipsy', 'Quiet', 'Stubborn', 'Little', 'Lazy'];
const PEN_NOUNS = ['Kettle', 'Plum', 'Inkstone', 'Fox', 'Crane', 'Dumpling', 'Teacup', 'Sparrow', 'Radish'];
const PEN_VERBS = ['Sleep', 'Write', 'Cook', 'Fly', 'Hurry', 'Sing'];

const capitalise = (word: string): string => word[0].toUpperCase() + word.slice(1);

function originalName(rng: Rng, language: OriginalLanguage): string {
  const chars = (source: string, count: number): string => Array.from({ length: count }, () => pick(rng, [...source])).join('');
  if (language === 'Chinese') return chars(HANZI, int(rng, 4, 7));
  return `${chars(KANJI, 2)}の${chars(KANJI, int(rng, 1, 2))}${pick(rng, KANA_ENDINGS)}`;
}

function romanisedName(rng: Rng, language: OriginalLanguage): string {
  if (language === 'Japanese') return sample(rng, ROMAJI, 2).join(' no ');
  const word = (): string => capitalise(Array.from({ length: int(rng, 1, 2) }, () => pick(rng, PINYIN)).join(''));
  return Array.from({ length: int(rng, 2, 3) }, word).join(' ');
}

const initials = (title: string): string => title.split(' ').map((word) => word[0].toUpperCase()).join('');

function associatedNames(rng: Rng, title: string, language: OriginalLanguage): string[] {
  if (chance(rng, 0.5)) return [];
  const names = [romanisedName(rng, language), initials(title)];
  return chance(rng, 0.5) ? names : [pick(rng, names)];
}

/**
 * The language of a book, or of a series (keyed by its first book) so its books share an author. The first books
 * keep their own cycled language so that every language occurs.
 */
function languageOf(seed: number, bookId: number, series: readonly number[]): OriginalLanguage {
  const key = series[0] ?? bookId;
  const drawn = mulberry32(mix(seed, STREAM.language, key))() < 0.7 ? 'Chinese' : 'Japanese';
  return cycled(ORIGINAL_LANGUAGES, bookId) ?? cycled(ORIGINAL_LANGUAGES, key) ?? drawn;
}

/** An author's pen name, keyed like the language so a series shares it. */
function penName(seed: number, authorKey: number, language: OriginalLanguage): string {
  const rng = mulberry32(mix(seed, STREAM.author, authorKey));
  if (language === 'Japanese') return `${pick(rng, JAPANESE_SURNAMES)} ${pick(rng, JAPANESE_GIVEN)}`;
  switch (int(rng, 0, 2)) {
    case 0: return `${pick(rng, PEN_ADJECTIVES)} ${pick(rng, PEN_NOUNS)}`;
    case 1: return `${pick(rng, PEN_NOUNS)} Under the Eaves`;
    default: return `${pick(rng, PEN_NOUNS)} Doesn't ${pick(rng, PEN_VERBS)}`;
  }
}

/** A book's characters: full names, and the given names the narration mostly uses. */
function castOf(rng: Rng, language: OriginalLanguage): { full: string; short: string }[] {
  const size = int(rng, 2, 4);
  const chinese = language === 'Chinese';
  const surnames = sample(rng, chinese ? CHINESE_SURNAMES : JAPANESE_SURNAMES, size);
  const given = sample(rng, chinese ? CHINESE_GIVEN : JAPANESE_GIVEN, size);
  return surnames.map((surname, index) => ({
    full: chinese ? `${surname} ${given[index]}` : `${given[index]} ${surname}`,
    short: given[index],
  }));
}

/**
 * How the characters address one another, a title of the book's glossary: a Chinese book's disciples call their elder
 * "Shixiong", a Japanese book's juniors add "-senpai" to a name.
 */
const ADDRESSES = {
  Chinese: { inText: () => 'Shixiong', original: 'shixiong', rendering: 'senior brother', note: 'What a disciple calls an older disciple of the same master.' },
  Japanese: { inText: (given: string) => `${given}-senpai`, original: 'senpai', rendering: 'senior', note: 'Said after the name of someone older at school or work.' },
} as const;
type Address = (typeof ADDRESSES)[keyof typeof ADDRESSES];

const addressOf = (language: OriginalLanguage): Address => (language === 'Chinese' ? ADDRESSES.Chinese : ADDRESSES.Japanese);

function vocabularyOf(cast: readonly { full: string; short: string }[], setting: Setting, address: Address): Vocabulary {
  // The given name twice: narration uses it more often than the full name; the others are addressed by title too.
  const [protagonist, ...others] = cast.map(({ full, short }) => {
    const given = phrase(short);
    return [phrase(full), given, given];
  });
  const addressed = cast.slice(1).map(({ short }) => phrase(address.inText(short)));
  return [...WORD_SLOTS.map((slot) => SHARED_WORDS[slot]), ...SETTING_PHRASES[setting], protagonist, [...others.flat(), ...addressed]];
}

/**
 * A book's glossary: its characters' full names and the title they address one another with. The last of three or
 * more characters is shown from chapter 2 on, as a translator hides a name a reader should meet first in the text.
 */
function glossaryOf(cast: readonly { full: string }[], address: Address): GlossaryEntry[] {
  const late = cast.length > 2 ? cast.length - 1 : -1;
  return [
    ...cast.map(({ full }, index): GlossaryEntry => ({
      original: full,
      rendering: full,
      kind: 'character',
      note: index === 0 ? 'The protagonist.' : index === late ? 'Met again after many years.' : '',
      from_chapter: index === late ? 2 : 1,
    })),
    { original: address.original, rendering: address.rendering, kind: 'title', note: address.note, from_chapter: 1 },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Chapters.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const THREE_YEARS = 3 * 365 * DAY;
const SCENE_BREAK = '* * *';

/** Exactly `words` words of short sentences. */
function filler(rng: Rng, words: number): Phrase {
  const parts: string[] = [];
  for (let rest = words; rest > 0; ) {
    const length = Math.min(rest, int(rng, 1, 4));
    parts.push(pick(rng, FILLERS_BY_LENGTH[length - 1]).text);
    rest -= length;
  }
  return { text: parts.join(' '), words };
}

function paragraph(rng: Rng, vocabulary: Vocabulary, budget: number): Phrase {
  const templates = chance(rng, 0.3)
    ? [pick(rng, DIALOGUE), ...sample(rng, NARRATION, int(rng, 0, 1))]
    : sample(rng, NARRATION, int(rng, 2, 5));
  const sentences: string[] = [];
  let words = 0;
  for (const template of templates) {
    if (words === budget) break;
    const sentence = render(rng, template, vocabulary);
    const fitting = words + sentence.words <= budget ? sentence : filler(rng, budget - words);
    sentences.push(fitting.text);
    words += fitting.words;
  }
  return { text: sentences.join(' '), words };
}

/** Markdown paragraphs of exactly `target` words. */
function chapterContent(rng: Rng, vocabulary: Vocabulary, target: number): string {
  const blocks: string[] = [];
  for (let words = 0; words < target; ) {
    if (blocks.length > 0 && chance(rng, 0.03)) blocks.push(SCENE_BREAK);
    const next = paragraph(rng, vocabulary, target - words);
    blocks.push(next.text);
    words += next.words;
  }
  return blocks.join('\n\n');
}

type Freshness = 'fresh' | 'recent' | 'old';

/** How recently a book was updated: a tenth fresh (under two days) and a fifth recent, evenly spread. */
function freshnessOf(seed: number, bookId: number): Freshness {
  const position = evenPosition(seed, STREAM.freshness, STEP.golden, bookId);
  if (position < 0.1) return 'fresh';
  return position < 0.3 ? 'recent' : 'old';
}

/** Fresh books are nearly all still ongoing. */
function completionOf(rng: Rng, seed: number, bookId: number): CompletionStatus {
  const cycledStatus = cycled(COMPLETION_STATUSES, bookId);
  if (cycledStatus) return cycledStatus;
  if (freshnessOf(seed, bookId) === 'fresh') return chance(rng, 0.15) ? 'Completed' : 'Ongoing';
  return pick(rng, COMPLETION_STATUSES);
}

/** How long before `now` the latest chapter went up. */
function latestChapterAge(rng: Rng, freshness: Freshness): number {
  if (freshness === 'fresh') return int(rng, 10 * MINUTE, 2 * DAY - 10 * MINUTE);
  if (freshness === 'recent') return int(rng, 2 * DAY + 60 * MINUTE, 20 * DAY);
  return int(rng, 20 * DAY, THREE_YEARS - 60 * DAY);
}

/** `count` increasing whole-second times, the last `latestAge` before `now`, at least a minute apart. */
function uploadTimes(rng: Rng, count: number, now: number, latestAge: number): string[] {
  if (count === 0) return [];
  const latest = now - latestAge;
  const span = Math.max((latest - (now - THREE_YEARS)) * (0.05 + 0.95 * rng()), 3 * MINUTE * count);
  // Gap weights in [0.5, 1.5) keep every gap above a third of the average gap, hence above a minute.
  const gaps = Array.from({ length: count - 1 }, () => 0.5 + rng());
  const total = gaps.reduce((sum, gap) => sum + gap, 0);
  const newestFirst = [latest];
  for (const gap of gaps) newestFirst.push(newestFirst[newestFirst.length - 1] - (span * gap) / total);
  return newestFirst.reverse().map((time) => new Date(floor(time / 1000) * 1000).toISOString());
}

const maybe = (rng: Rng, probability: number, list: readonly Phrase[]): string => (chance(rng, probability) ? pick(rng, list).text : '');

function chaptersOf(rng: Rng, book: BookMetadata, vocabulary: Vocabulary, options: DemoCatalogOptions): ChapterData[] {
  const count = int(rng, options.minChapters, options.maxChapters);
  const latestAge = latestChapterAge(rng, freshnessOf(options.seed, book.book_id));
  const times = uploadTimes(rng, count, options.now.getTime(), latestAge);
  return times.map((uploaded_time, index) => ({
    book_id: book.book_id,
    chapter_id: index + 1,
    title: render(rng, pick(rng, CHAPTER_TITLES), vocabulary).text,
    content: chapterContent(rng, vocabulary, int(rng, options.minWordsPerChapter, options.maxWordsPerChapter)),
    footnote: maybe(rng, 0.1, SHARED_WORDS.glossary),
    chapter_author_note: maybe(rng, 0.08, SHARED_WORDS.authorNote),
    chapter_tl_note: maybe(rng, 0.08, SHARED_WORDS.translatorNote),
    uploaded_time,
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Books.

function description(rng: Rng, vocabulary: Vocabulary): string {
  const middles = sample(rng, DESCRIPTION_MIDDLES, int(rng, 0, 2));
  return [pick(rng, DESCRIPTION_OPENINGS), ...middles, pick(rng, DESCRIPTION_CLOSINGS)]
    .map((template) => render(rng, template, vocabulary).text)
    .join('\n\n');
}

/** About 60 % of the books are Danmei/BL, evenly spread. */
function diversityOf(seed: number, bookId: number): Diversity {
  const position = evenPosition(seed, STREAM.diversity, STEP.root3, bookId);
  return cycled(DIVERSITIES, bookId) ?? (position < 0.6 ? 'Danmei/BL' : 'Non-BL');
}

/** Distinct other books of the catalog, in id order. */
function otherBooks(rng: Rng, options: DemoCatalogOptions, count: number, excluded: readonly number[]): RelatedBookRef[] {
  const wanted = Math.min(count, options.books - excluded.length);
  const ids: number[] = [];
  while (ids.length < wanted) {
    const id = int(rng, 1, options.books);
    if (!ids.includes(id) && !excluded.includes(id)) ids.push(id);
  }
  return ids.sort((a, b) => a - b).map((id) => ({ book_id: id, name: demoBookName(id, options.seed) }));
}

/** A book's metadata, and the vocabulary (its cast and main setting) its chapters are written from. */
function bookOf(
  rng: Rng,
  bookId: number,
  series: readonly number[],
  options: DemoCatalogOptions,
): { book: BookMetadata; vocabulary: Vocabulary } {
  const { seed } = options;
  const name = demoBookName(bookId, seed);
  const language = languageOf(seed, bookId, series);
  const settings = sample(rng, SETTINGS, int(rng, 1, 2), cycled(SETTINGS, bookId));
  const cast = castOf(rng, language);
  const address = addressOf(language);
  const vocabulary = vocabularyOf(cast, settings[0], address);
  const excluded = series.length > 0 ? series : [bookId];
  const inUniverse = evenPosition(seed, STREAM.universe, STEP.silver, bookId) < 0.1;
  const sharedUniverse = inUniverse ? otherBooks(rng, options, int(rng, 1, 2), excluded) : [];
  const book: BookMetadata = {
    book_id: bookId,
    english_book_name: name,
    original_book_name: originalName(rng, language),
    associated_names: associatedNames(rng, name, language),
    author: penName(seed, series[0] ?? bookId, language),
    cover_image: `/covers/${bookId}.svg`,
    raw_source: `https://example.com/raw/${bookId}`,
    description: description(rng, vocabulary),
    book_tl_note: chance(rng, 0.5) ? '' : render(rng, pick(rng, TRANSLATOR_NOTES), vocabulary).text,
    diversities: diversityOf(seed, bookId),
    original_languages: language,
    completion_statuses: completionOf(rng, seed, bookId),
    endings: cycled(ENDINGS, bookId) ?? (chance(rng, 0.7) ? 'Happy Ending' : pick(rng, ENDINGS)),
    genres: sample(rng, GENRES, int(rng, 1, 3), cycled(GENRES, bookId)),
    settings,
    tags: sample(rng, TAGS, int(rng, 3, 7), cycled(TAGS, bookId)),
    part_of_series: series.map((id) => ({ book_id: id, name: demoBookName(id, seed) })),
    shared_universe: sharedUniverse,
    similar_theme: chance(rng, 0.3)
      ? otherBooks(rng, options, int(rng, 1, 3), [...excluded, ...sharedUniverse.map((ref) => ref.book_id)])
      : [],
    glossary: glossaryOf(cast, address),
  };
  return { book, vocabulary };
}

/**
 * Groups consecutive books into series of 2–4 as the ids are walked in order (about one book in five belongs to
 * one); returns each book's series, or an empty list for a standalone book.
 */
function seriesPlanner(options: DemoCatalogOptions): (bookId: number) => number[] {
  const rng = mulberry32(mix(options.seed, STREAM.series));
  let current: number[] = [];
  return (bookId) => {
    if (!current.includes(bookId)) {
      const last = Math.min(bookId + (chance(rng, 0.08) ? int(rng, 1, 3) : 0), options.books);
      current = Array.from({ length: last - bookId + 1 }, (_, index) => bookId + index);
    }
    return current.length > 1 ? current : [];
  };
}

function assertValidOptions(options: DemoCatalogOptions): void {
  const { seed, now, ...counts } = options;
  for (const [key, value] of Object.entries(counts)) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${key} must be a non-negative integer, got ${value}`);
  }
  if (options.minChapters > options.maxChapters) throw new RangeError('minChapters exceeds maxChapters');
  if (options.minWordsPerChapter > options.maxWordsPerChapter) throw new RangeError('minWordsPerChapter exceeds maxWordsPerChapter');
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid date');
}

/**
 * A made-up catalog of original English text, identical for identical options. Books are generated one at a time
 * as the iterator is consumed, so large catalogs never sit in memory.
 */
export function* generateDemoCatalog(options: DemoCatalogOptions): Generator<{ book: BookMetadata; chapters: ChapterData[] }> {
  assertValidOptions(options);
  const seriesOf = seriesPlanner(options);
  for (let bookId = 1; bookId <= options.books; bookId++) {
    const rng = mulberry32(mix(options.seed, STREAM.book, bookId));
    const { book, vocabulary } = bookOf(rng, bookId, seriesOf(bookId), options);
    yield { book, chapters: chaptersOf(rng, book, vocabulary, options) };
  }
}
