import { z } from 'zod';

const notSet = (name: string) => `${name} is not set. Start the site with \`npm start\`, or set ${name} to the service's URL.`;

/** A variable the process cannot start without: trimmed, blank counts as unset, and further rules apply once it is set. */
export const required = (name: string) => z.string({ error: notSet(name) }).trim().min(1, { error: notSet(name), abort: true });

/** A variable that may be unset: trimmed, and blank counts as unset. */
export const optional = () => z.string().optional().transform((value) => value?.trim() || undefined);

/** An optional variable, with the value it takes when unset or blank. */
export const withDefault = (fallback: string) => optional().transform((value) => value ?? fallback);
