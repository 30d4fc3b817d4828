/** The catalog's enumerations. 'All' is a filter value only, never a book's. */
export const DIVERSITIES = ['Danmei/BL', 'Non-BL'] as const;
export const ORIGINAL_LANGUAGES = ['Chinese', 'Japanese'] as const;
export const COMPLETION_STATUSES = ['Ongoing', 'Completed'] as const;
export const ENDINGS = ['Happy Ending', 'Sad Ending', 'Complex Ending'] as const;
export const SETTINGS = ['Modern', 'Medieval', 'Ancient Chinese', 'Futuristic', 'Apocalypse'] as const;
export const GENRES = [
  'Romance', 'Science Fiction', 'Mystery', 'Horror', 'Comedy', 'Drama',
  'Fantasy', 'Supernatural', 'Tragedy', 'Action', 'Adventure', 'Slice of Life',
] as const;
export const TAGS = [
  'Heartbreaking', 'Heartwarming', 'Lighthearted', 'Revenge', 'Scheming', 'Political Battle', 'Face Slapping',
  'Red Flag', 'Fake Death', 'Dog Blood', 'Redemption', 'Entertainment Industry', 'System', 'Omegaverse',
  'Reincarnation', 'Transmigration', 'Cultivation', 'Wuxia', 'Gaming', 'Childhood Friend', 'Secret Crush',
  'Enemy Turns Lover', 'Love-chasing Crematorium', 'Contract Marriage', 'Marriage Before Love', 'Sugar Daddy',
  'Stand In', 'White Moonlight', 'Mentally Unstable', 'Memory Loss', 'Family Conflict', 'Green Tea', 'Sweet',
  'Bittersweet', 'Campus', 'Office', 'Sentinel and Guide', 'Interstellar', 'Power Couple', 'Secret Identity',
  'Obsessive', 'Yandere', 'Childcare', 'Royalty', 'Long Separations', 'Human-Nonhuman Relationship',
  'Wealthy Family', 'Cute',
] as const;
export const SEARCH_SORTS = ['likes', 'newest', 'oldest'] as const;
export const CATEGORIES = ['diversity', 'setting', 'genre', 'tag'] as const;

export type Diversity = (typeof DIVERSITIES)[number];
export type OriginalLanguage = (typeof ORIGINAL_LANGUAGES)[number];
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];
export type Ending = (typeof ENDINGS)[number];
export type Setting = (typeof SETTINGS)[number];
export type Genre = (typeof GENRES)[number];
export type Tag = (typeof TAGS)[number];
export type SearchSort = (typeof SEARCH_SORTS)[number];
export type Category = (typeof CATEGORIES)[number];
