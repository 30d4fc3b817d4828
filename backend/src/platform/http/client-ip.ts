import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Whether a peer address is a trusted proxy, from TRUST_PROXY (see ServiceEnv.trustProxy); a bad value fails at start. */
export type ProxyTrust = (address: string, hop: number) => boolean;

export const proxyTrust = (setting: string): ProxyTrust => proxyAddr.compile(setting.split(',').map((entry) => entry.trim()).filter(Boolean));

/**
 * The client's address as Express's `req.ip` gives it (with `trust proxy` set to the same trust), for code that runs
 * before Express. Without X-Forwarded-For that is the peer's address, read at once (proxy-addr would parse the header).
 */
export const clientIp = (req: IncomingMessage, trust: ProxyTrust): string =>
  req.headers['x-forwarded-for'] === undefined ? (req.socket.remoteAddress ?? '') : proxyAddr(req, trust);
