import { type AccountEvent, AccountEventType } from '@shelf/contracts';
import {
  decideEmailVerification,
  decidePasswordChange,
  decidePasswordReset,
  decidePasswordResetRequest,
  decideRegistration,
  decideUsernameChange,
  decideVerificationResend,
  refuseBeforeHash,
  refusePasswordReset,
} from './account-decisions';
import { refusalOf } from '../../../domain/refusal-of';
import { foldUser, type UserState } from './user-state';

const event = (type: AccountEvent['type'], data: object = {}) =>
  ({ id: 'e', streamId: 'user-u1', version: 0, type, data: { userId: 'u1', ...data }, metadata: { actor: 'u1', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as AccountEvent;
const registered = () => event(AccountEventType.UserRegisteredV2, { email: 'r@example.test', username: 'Reader', credentialId: 'credential-0' });

/** Given the user's history, when the reader decides, then these events (or this refusal). */
const given = (...history: AccountEvent[]): UserState | null => foldUser(history.map((e, i) => ({ ...e, version: i + 1 })));

const GOOD = 'a long unusual passphrase';
/** Every refusal of the reader's account commands is of what they asked for. */
const refused = (message: string) => ({ code: 'invalid', message });

describe('registering', () => {
  const registration = { userId: 'u1', email: 'r@example.test', username: 'Reader', password: GOOD };

  it('registers a new reader, naming the credential that holds their password’s hash', () => {
    expect(decideRegistration(registration, 'credential-1')).toEqual({
      outcome: 'Registration successful! Please check your e-mail to verify your account.',
      events: [{ type: AccountEventType.UserRegisteredV2, data: { userId: 'u1', email: 'r@example.test', username: 'Reader', credentialId: 'credential-1' } }],
    });
    expect(refusalOf(() => refuseBeforeHash((credentialId) => decideRegistration(registration, credentialId)))).toBeNull();
  });

  it('refuses a bad address, then a bad username, then a bad password, before any hash', () => {
    const bad = { ...registration, email: 'not-an-address', username: ' x', password: 'short' };
    expect(refusalOf(() => decideRegistration(bad, 'credential-1'))).toEqual(refused('Please enter a valid e-mail address.'));
    expect(refusalOf(() => decideRegistration({ ...bad, email: 'r@example.test' }, 'credential-1'))).toEqual(refused('Your username cannot start or end with a space.'));
    expect(refusalOf(() => decideRegistration({ ...registration, password: 'short' }, 'credential-1'))).toEqual(refused('Your password must be at least 8 characters long.'));
    expect(refusalOf(() => refuseBeforeHash((credentialId) => decideRegistration({ ...registration, password: 'password' }, credentialId)))).toEqual(
      refused('This password is too common. Please choose a less common password.'),
    );
  });
});

describe('verifying an e-mail address', () => {
  it('verifies once, and says so a second time without an event', () => {
    expect(decideEmailVerification('valid', given(registered()))).toEqual({
      outcome: 'Your e-mail has been verified. You can now log in.',
      events: [{ type: AccountEventType.EmailVerified, data: { userId: 'u1' } }],
    });
    expect(decideEmailVerification('valid', given(registered(), event(AccountEventType.EmailVerified)))).toEqual({
      outcome: 'Your e-mail is already verified. You can log in.',
      events: [],
    });
  });

  it('refuses an unknown or expired link, and a link without its user', () => {
    expect(refusalOf(() => decideEmailVerification('unknown', given(registered())))).toEqual(refused('Invalid token.'));
    expect(refusalOf(() => decideEmailVerification('expired', given(registered())))).toEqual(refused('This link has expired or was already used. Please request a new one.'));
    expect(refusalOf(() => decideEmailVerification('valid', given()))).toEqual(refused('Invalid token.'));
  });
});

describe('asking for a password reset', () => {
  const sent = 'If an account exists for this e-mail, we have sent a link to reset its password.';

  it('records the request of an account, and answers the same without one', () => {
    expect(decidePasswordResetRequest(given(registered(), event(AccountEventType.UsernameChanged, { username: 'Renamed' })))).toEqual({
      outcome: sent,
      events: [{ type: AccountEventType.PasswordResetRequested, data: { userId: 'u1', email: 'r@example.test', username: 'Renamed' } }],
    });
    expect(decidePasswordResetRequest(given())).toEqual({ outcome: sent, events: [] });
  });
});

describe('resetting a password with a link', () => {
  const reset = { link: 'valid' as const, newPassword: GOOD, used: true, user: given(registered()) };

  it('names the new password’s credential', () => {
    expect(decidePasswordReset(reset, 'credential-2')).toEqual({
      outcome: 'Your password has been reset successfully. You can now log in with your new password.',
      events: [{ type: AccountEventType.PasswordResetV2, data: { userId: 'u1', credentialId: 'credential-2' } }],
    });
    expect(refusalOf(() => refusePasswordReset('valid', GOOD))).toBeNull();
  });

  it('refuses, before the hash, an unknown or expired link, then a bad password', () => {
    expect(refusalOf(() => refusePasswordReset('unknown', 'short'))).toEqual(refused('Invalid token.'));
    expect(refusalOf(() => refusePasswordReset('expired', GOOD))).toEqual(refused('This link has expired or was already used. Please request a new one.'));
    expect(refusalOf(() => decidePasswordReset({ ...reset, newPassword: 'x'.repeat(129) }, 'credential-2'))).toEqual(refused('Your password must be at most 128 characters long.'));
  });

  it('refuses a link used up meanwhile, and a link without its user', () => {
    expect(refusalOf(() => decidePasswordReset({ ...reset, used: false }, 'credential-2'))).toEqual(refused('This link has expired or was already used. Please request a new one.'));
    expect(refusalOf(() => decidePasswordReset({ ...reset, user: given() }, 'credential-2'))).toEqual(refused('Invalid token.'));
  });
});

describe('changing one’s password', () => {
  it('names the new password’s credential', () => {
    expect(decidePasswordChange(given(registered(), event(AccountEventType.PasswordChangedV2, { credentialId: 'credential-2' })), GOOD, 'credential-3')).toEqual({
      outcome: 'Your password has been changed.',
      events: [{ type: AccountEventType.PasswordChangedV2, data: { userId: 'u1', credentialId: 'credential-3' } }],
    });
  });

  it('refuses a bad password first, then a session without its user, before any hash', () => {
    const beforeHash = (user: UserState | null, password: string) => refusalOf(() => refuseBeforeHash((credentialId) => decidePasswordChange(user, password, credentialId)));
    expect(beforeHash(null, 'short')).toEqual(refused('Your password must be at least 8 characters long.'));
    expect(beforeHash(given(), GOOD)).toEqual(refused('Your session has expired. Please log in again.'));
    expect(beforeHash(given(registered()), GOOD)).toBeNull();
  });
});

describe('changing one’s username', () => {
  it('renames the reader', () => {
    expect(decideUsernameChange(given(registered()), 'New Name')).toEqual({
      outcome: 'Your username has been changed.',
      events: [{ type: AccountEventType.UsernameChanged, data: { userId: 'u1', username: 'New Name' } }],
    });
    expect(decideUsernameChange(given(registered()), 'reader').events).toEqual([{ type: AccountEventType.UsernameChanged, data: { userId: 'u1', username: 'reader' } }]);
  });

  it('refuses without a user, the same name, and a bad name', () => {
    expect(refusalOf(() => decideUsernameChange(given(), 'New Name'))).toEqual(refused('Your session has expired. Please log in again.'));
    expect(refusalOf(() => decideUsernameChange(given(registered(), event(AccountEventType.UsernameChanged, { username: 'Renamed' })), 'Renamed'))).toEqual(
      refused('The new username cannot be the same as the old username. Please choose a different username.'),
    );
    expect(refusalOf(() => decideUsernameChange(given(registered()), 'ab'))).toEqual(refused('Your username must be 3 to 30 characters long.'));
    expect(refusalOf(() => decideUsernameChange(given(registered()), 'a/b/c'))).toEqual(refused('Your username may contain only letters, digits, spaces, dots, hyphens and underscores.'));
  });
});

describe('asking for a new verification e-mail', () => {
  it('records the request, with the address and name the e-mail needs, while the address is not verified', () => {
    expect(decideVerificationResend(given(registered()))).toEqual({
      outcome: 'We have sent you a new verification e-mail. Its link works for 48 hours.',
      events: [{ type: AccountEventType.VerificationResent, data: { userId: 'u1', email: 'r@example.test', username: 'Reader' } }],
    });
  });

  it('refuses once the address is verified, and a reader with no account', () => {
    expect(refusalOf(() => decideVerificationResend(given(registered(), event(AccountEventType.EmailVerified))))).toEqual(refused('Your e-mail is already verified.'));
    expect(refusalOf(() => decideVerificationResend(null))).toMatchObject({ code: 'unauthenticated' });
  });
});
