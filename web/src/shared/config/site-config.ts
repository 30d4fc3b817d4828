/** Facts about the site that pages and the side panel show. */
export const SITE_NAME = 'Novel Shelf';
export const SITE_DESCRIPTION =
  'Translated Chinese and Japanese web novels, boys-love first: read, like and discuss every chapter.';
export const CONTACT_EMAIL = 'contact@novelshelf.local';
export const TIP_JAR_URL = 'https://ko-fi.com/novelshelf';
export const COMMUNITY_CHAT_URL = 'https://discord.gg/novelshelf';
export const SOCIAL_LINKS = [
  { label: 'Novel Shelf on X', url: 'https://x.com/novelshelf' },
  { label: 'Novel Shelf on Facebook', url: 'https://www.facebook.com/novelshelf' },
] as const;
