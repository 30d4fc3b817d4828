import { JwtService } from '@nestjs/jwt';
import type { PersonalKeys } from '@shelf/server-config';
import { MongoServerSelectionError } from 'mongodb';
import { createHmac } from 'node:crypto';
import { accessTokenKey } from '../modules/accounts/api/access-token-key';
import { JwtStrategy } from '../modules/accounts/api/jwt.strategy';
import type { ErasureAnnouncements } from '../modules/accounts/infrastructure/erasure-announcements';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../platform/http/service-unavailable';
import type { ServiceEnv } from '../platform/config/service-env';
import { HandshakeAuth, HandshakeMessage } from './handshake-auth';

const env = { authSecret: 'a handshake secret of thirty-two characters or more' } as ServiceEnv;
const claims = { sub: 'user-1', username: 'Reader', email: 'reader@example.test', email_verified: true };

describe('HandshakeAuth', () => {
  // Registers the 'jwt' strategy with passport, as AccountsModule does; 'user-erased' is an erased account, and the
  // store does not answer for 'user-unknowable'.
  const isErased = async (userId: string) => {
    if (userId === 'user-unknowable') throw new MongoServerSelectionError('Server selection timed out after 5000 ms', {} as never);
    return userId === 'user-erased';
  };
  new JwtStrategy(env, { isErased } as PersonalKeys, { listening: true } as ErasureAnnouncements);
  const auth = new HandshakeAuth();
  const jwt = new JwtService({ secret: accessTokenKey(env), signOptions: { algorithm: 'HS256' } });

  it('makes a socket without a token a visitor', async () => {
    for (const none of [undefined, null, '']) expect(await auth.userIdOf(none)).toBeNull();
  });

  it("makes a socket with a good access token its user's", async () => {
    expect(await auth.userIdOf(await jwt.signAsync(claims, { expiresIn: '15m' }))).toBe('user-1');
  });

  it("refuses an erased account's token", async () => {
    await expect(auth.userIdOf(await jwt.signAsync({ ...claims, sub: 'user-erased' }, { expiresIn: '15m' }))).rejects.toThrow();
  });

  it('refuses a token the store cannot check, as an outage', async () => {
    await expect(auth.userIdOf(await jwt.signAsync({ ...claims, sub: 'user-unknowable' }, { expiresIn: '15m' }))).rejects.toThrow(SERVICE_UNAVAILABLE_MESSAGE);
  });

  it('refuses an expired token as expired', async () => {
    const expired = await jwt.signAsync({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 });
    await expect(auth.userIdOf(expired)).rejects.toThrow(HandshakeMessage.expired);
  });

  it('refuses a forged, unsigned, subjectless or malformed token as invalid', async () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
    const refused = [
      `${unsigned}.${createHmac('sha256', 'not the key').update(unsigned).digest('base64url')}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      await jwt.signAsync({ ...claims, sub: '' }),
      'not.a.jwt',
      42,
    ];
    for (const token of refused) await expect(auth.userIdOf(token)).rejects.toThrow(HandshakeMessage.invalid);
  });
});
