// Registration gives no oracle (issue 13, item 4): the time, status and body of POST /api/user/register for an
// address that has an account and for a new one, SAMPLES each, interleaved, on the whole site (`scripts/start.mjs`).
// Each request comes from its own client address (the site trusts X-Forwarded-For from this machine) and each taken
// address is tried once, so no rate limit is reached. Prints the medians, p90s and the distinct answers of each kind.
//
// Usage: node load-tests/bench/registration-timing.mjs   (build first). SAMPLES=200 by default.
import { randomUUID } from 'node:crypto';
import { startSite } from './lib/site.mjs';

const SAMPLES = Number(process.env.SAMPLES ?? 200);
const password = 'a registration timing passphrase';

const site = await startSite('bench-registration-timing', { demoCatalog: false });
try {
  let client = 0;
  const register = async (email) => {
    const ip = `10.${90 + Math.floor(client / 62500)}.${Math.floor(client / 250) % 250}.${(client++ % 250) + 1}`;
    const started = performance.now();
    const response = await fetch(`${site.baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password, username: `Timing ${randomUUID().slice(0, 12)}`, honeypot: '' }),
    });
    const body = await response.text();
    return { ms: performance.now() - started, answer: `${response.status} ${body}` };
  };

  const taken = Array.from({ length: SAMPLES }, () => `taken.${randomUUID().slice(0, 8)}@timing.test`);
  console.log(`registering ${SAMPLES} accounts to try again…`);
  for (const email of taken) await register(email);
  // Warm both paths before measuring.
  await register(taken[0]);
  await register(`warm.${randomUUID().slice(0, 8)}@timing.test`);

  const times = { taken: [], fresh: [] };
  const answers = { taken: new Set(), fresh: new Set() };
  for (let i = 0; i < SAMPLES; i++) {
    const order = Math.random() < 0.5 ? ['taken', 'fresh'] : ['fresh', 'taken'];
    for (const kind of order) {
      const { ms, answer } = await register(kind === 'taken' ? taken[i] : `new.${randomUUID().slice(0, 8)}@timing.test`);
      times[kind].push(ms);
      answers[kind].add(answer);
    }
  }
  const at = (values, q) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))].toFixed(1);
  for (const kind of ['taken', 'fresh']) {
    console.log(`${kind === 'taken' ? 'address with an account' : 'new address          '}: median ${at(times[kind], 0.5)} ms, p90 ${at(times[kind], 0.9)} ms (${SAMPLES} samples); answers: ${[...answers[kind]].join(' | ')}`);
  }
  console.log(`same answers: ${[...answers.taken].join() === [...answers.fresh].join()}`);
} finally {
  await site.stop();
}
