import type { EventMetadata } from '@shelf/contracts';
import { randomUUID } from 'node:crypto';

/** The metadata of events a request or tool appends on its own: who did it, under a fresh correlation id. */
export const eventMetadata = (actor: string): EventMetadata => ({ actor, correlationId: randomUUID(), causationId: null });
