// The runner's own calls to the site: its API, and the mail its SMTP catcher (MailDev) caught.
/* global fetch */
import { setTimeout as sleep } from 'node:timers/promises';

/** A 503 (the site's store or Redis slow to answer) is asked again this many times, after its Retry-After. */
const RETRIES = 5;

/**
 * A JSON call to the site's API from client `address` (X-Forwarded-For, believed from loopback), so the runner's
 * preparation is counted per simulated reader by the rate limits; resolves with { status, data, retried }, `retried`
 * when an earlier attempt answered 503 (it may have been carried out all the same).
 */
export async function callApi(baseUrl, method, path, { body, token, address } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (address) headers['x-forwarded-for'] = address;
  if (token) headers.authorization = `Bearer ${token}`;
  const send = () => fetch(`${baseUrl}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const first = await send();
  let response = first;
  for (let retry = 0; response.status === 503 && retry < RETRIES; retry++) {
    await sleep(1000 * Number(response.headers.get('retry-after') ?? 1));
    response = await send();
  }
  const text = await response.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  return { status: response.status, data, retried: response !== first };
}

/** Every e-mail the site's MailDev has caught: [{ to: [{ address }], text }]. */
export async function caughtMail(mailUrl) {
  const response = await fetch(`${mailUrl}/email`);
  if (!response.ok) throw new Error(`the mail catcher at ${mailUrl} answered ${response.status}`);
  return response.json();
}
