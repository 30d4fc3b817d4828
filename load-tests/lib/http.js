// HTTP requests of the journeys: each named for its route (the `name` tag groups URLs with ids in them), checked for
// the status the journey expects, and sent from the client address of its virtual user (lib/addresses.mjs).
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { clientAddress } from './addresses.mjs';
import { baseUrl } from './config.js';
import { tagStep } from './steps.js';

/** A virtual user is one reader's browser: one client address for all its iterations. */
const vuAddress = () => clientAddress('browser', exec.vu.idInTest);

/** The request parameters of `request` and `requestAsync`. */
function paramsOf({ name, token, address = vuAddress(), expected = 200, json = true }) {
  tagStep();
  const headers = { 'X-Forwarded-For': address };
  if (json) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return { headers, tags: { name }, responseCallback: http.expectedStatuses(expected) };
}

const bodyOf = (body) => (body === undefined ? null : JSON.stringify(body));

/** Checks the answer's status; returns { status, data }, data being its JSON body (null when it has none). */
function checked(response, name, expected) {
  check(response, { [`${name} answers ${expected}`]: (r) => r.status === expected });
  let data = null;
  try {
    data = response.status === expected ? response.json() : null;
  } catch {
    data = null;
  }
  return { status: response.status, data };
}

/**
 * Sends `method` `path` (below the site's address) as the route `name`, with an optional JSON `body` and bearer
 * `token`; checks it answered `expected` (200 unless said).
 */
export function request(method, path, options) {
  const response = http.request(method, `${baseUrl}${path}`, bodyOf(options.body), paramsOf(options));
  return checked(response, options.name, options.expected ?? 200);
}

/** `request` without blocking the VU's event loop (socket messages keep arriving meanwhile). */
export async function requestAsync(method, path, options) {
  const response = await http.asyncRequest(method, `${baseUrl}${path}`, bodyOf(options.body), paramsOf(options));
  return checked(response, options.name, options.expected ?? 200);
}

/** The page a browser opens first: the web app's HTML. */
export const openPage = (path, name) => request('GET', path, { name, json: false });

/** A reader's pause between pages, between `min` and `max` seconds. */
export const think = (min, max) => sleep(min + Math.random() * (max - min));

/** One of `items` at random. */
export const pick = (items) => items[Math.floor(Math.random() * items.length)];
