import type { GlossaryEntry } from '@shelf/contracts';

/** How a glossary entry's kind reads beside it, in the list and on the card. */
export const KIND_LABEL: Record<GlossaryEntry['kind'], string> = { character: 'Character', title: 'Title', term: 'Term' };
