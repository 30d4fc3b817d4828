// Readers for benchmarks against a running site: registered through the API, verified through the e-mail the
// site's SMTP catcher caught, and logged in.
import { randomUUID } from 'node:crypto';

const PASSWORD = 'benchmark reader passphrase';

/** Each reader comes from its own client address, so the per-address registration limit does not add up. */
export async function registerReader(baseUrl, mailWebUrl, name) {
  const ip = `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@bench.test`;
  const call = async (method, path, body, token) => {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body && JSON.stringify(body),
    });
    return response.json();
  };
  await call('POST', 'user/register', { email, password: PASSWORD, username: `${name} ${randomUUID().slice(0, 4)}`, honeypot: '' });
  for (let tries = 0; ; tries++) {
    const mails = await (await fetch(`${mailWebUrl}/email`)).json();
    const mail = mails.find((m) => m.to.some((to) => to.address === email));
    if (mail) {
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)[0]);
      await call('GET', `user/verify-email?${link.searchParams}`);
      break;
    }
    if (tries > 200) throw new Error(`no verification e-mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const login = await call('POST', 'user/login', { email, password: PASSWORD, honeypot: '' });
  if (!login.token) throw new Error(`could not log in ${email}: ${login.message}`);
  return { ...login, call: (method, path, body) => call(method, path, body, login.token) };
}

/** p50/p95/p99/max of a list of milliseconds, as text. */
export function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`;
}
