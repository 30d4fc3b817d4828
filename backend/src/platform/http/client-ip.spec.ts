import type { IncomingMessage } from 'node:http';
import { clientIp, proxyTrust } from './client-ip';

const request = (peer: string, forwardedFor?: string) =>
  ({ headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: peer }, connection: { remoteAddress: peer } }) as unknown as IncomingMessage;

describe('clientIp', () => {
  const trust = proxyTrust('loopback');

  it('is the peer without X-Forwarded-For', () => {
    expect(clientIp(request('203.0.113.9'), trust)).toBe('203.0.113.9');
    expect(clientIp(request('127.0.0.1'), trust)).toBe('127.0.0.1');
  });

  it('is the forwarded client behind a trusted proxy, and the peer when the proxy is not trusted', () => {
    expect(clientIp(request('127.0.0.1', '198.51.100.7, 127.0.0.1'), trust)).toBe('198.51.100.7');
    expect(clientIp(request('203.0.113.9', '198.51.100.7'), trust)).toBe('203.0.113.9');
  });
});
