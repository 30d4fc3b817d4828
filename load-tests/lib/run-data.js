// What the runner prepared for this run (load-tests/runner/run-data.mjs writes it to RUN_DATA): a sample of the
// catalog, the readers the authentication churn logs in, and the catalog's enumerations and the comment cooldown
// from @shelf/contracts. Loaded once and shared by all virtual users.
/* global open */
import { SharedArray } from 'k6/data';

const file = __ENV.RUN_DATA;
if (!file) throw new Error('RUN_DATA is not set: start load runs with `npm run load -- <journey|mix> <profile>`');

/** Books: { id, slug, chapters: [chapter ids in order], categories: [[category, value]] }. */
export const books = new SharedArray('books', () => JSON.parse(open(file)).books);

/** Registered readers to log in and out: { email, password }. */
export const churnReaders = new SharedArray('churn readers', () => JSON.parse(open(file)).churnReaders);

/** The filter values of the search (the catalog's enumerations) and the comment rules. */
export const { enums, commentRules } = new SharedArray('constants', () => {
  const { enums, commentRules } = JSON.parse(open(file));
  return [{ enums, commentRules }];
})[0];
