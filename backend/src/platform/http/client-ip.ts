import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Proxies whose X-Forwarded-For is believed: this machine and private networks (docker-compose's nginx). */
export const TRUSTED_PROXIES = 'loopback, linklocal, uniquelocal';
const trust = proxyAddr.compile(TRUSTED_PROXIES.split(', '));

/** The client's address as Express's `req.ip` would give it, for code that runs before Express. */
export const clientIp = (req: IncomingMessage): string => proxyAddr(req, trust);
