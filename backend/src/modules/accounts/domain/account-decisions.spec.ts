import { type AccountEvent, AccountEventType } from '@shelf/contracts';
import {
  decideEmailVerification,
  decidePasswordChange,
  decidePasswordReset,
  decidePasswordResetRequest,
  decideRegistration,
  decideUsernameChange,
  passwordResetRefusal,
  refusalBeforeHash,
} from './account-decisions';
import { foldUser, type UserState } from './user-state';

const event = (type: AccountEvent['type'], data: object = {}) =>
  ({ id: 'e', streamId: 'user-u1', version: 0, type, data: { userId: 'u1', ...data }, metadata: { actor: 'u1', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as AccountEvent;
const registered = () => event(AccountEventType.UserRegistered, { email: 'r@example.test', username: 'Reader', passwordHash: 'old-hash' });

/** Given the user's history, when the reader decides, then these events (or this refusal). */
const given = (...history: AccountEvent[]): UserState | null => foldUser(history.map((e, i) => ({ ...e, version: i + 1 })));

const GOOD = 'a long unusual passphrase';
const refused = (message: string) => ({ outcome: { success: false, message }, events: [] });

describe('registering', () => {
  const registration = { userId: 'u1', email: 'r@example.test', username: 'Reader', password: GOOD };

  it('registers a new reader with the hash of their password', () => {
    expect(decideRegistration(registration, 'hash')).toEqual({
      outcome: { success: true, message: 'Registration successful! Please check your e-mail to verify your account.' },
      events: [{ type: AccountEventType.UserRegistered, data: { userId: 'u1', email: 'r@example.test', username: 'Reader', passwordHash: 'hash' } }],
    });
    expect(refusalBeforeHash((hash) => decideRegistration(registration, hash))).toBeNull();
  });

  it('refuses a bad address, then a bad username, then a bad password, before any hash', () => {
    const bad = { ...registration, email: 'not-an-address', username: ' x', password: 'short' };
    expect(decideRegistration(bad, 'hash')).toEqual(refused('Please enter a valid e-mail address.'));
    expect(decideRegistration({ ...bad, email: 'r@example.test' }, 'hash')).toEqual(refused('Your username cannot start or end with a space.'));
    expect(decideRegistration({ ...registration, password: 'short' }, 'hash')).toEqual(refused('Your password must be at least 8 characters long.'));
    expect(refusalBeforeHash((hash) => decideRegistration({ ...registration, password: 'password' }, hash))).toEqual(
      refused('This password is too common. Please choose a less common password.'),
    );
  });
});

describe('verifying an e-mail address', () => {
  it('verifies once, and says so a second time without an event', () => {
    expect(decideEmailVerification('valid', given(registered()))).toEqual({
      outcome: { success: true, message: 'Your e-mail has been verified. You can now log in.' },
      events: [{ type: AccountEventType.EmailVerified, data: { userId: 'u1' } }],
    });
    expect(decideEmailVerification('valid', given(registered(), event(AccountEventType.EmailVerified)))).toEqual({
      outcome: { success: true, message: 'Your e-mail is already verified. You can log in.' },
      events: [],
    });
  });

  it('refuses an unknown or expired link, and a link without its user', () => {
    expect(decideEmailVerification('unknown', given(registered()))).toEqual(refused('Invalid token.'));
    expect(decideEmailVerification('expired', given(registered()))).toEqual(refused('This link has expired or was already used. Please request a new one.'));
    expect(decideEmailVerification('valid', given())).toEqual(refused('Invalid token.'));
  });
});

describe('asking for a password reset', () => {
  const sent = { success: true, message: 'If an account exists for this e-mail, we have sent a link to reset its password.' };

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

  it('sets the new password’s hash', () => {
    expect(decidePasswordReset(reset, 'new-hash')).toEqual({
      outcome: { success: true, message: 'Your password has been reset successfully. You can now log in with your new password.' },
      events: [{ type: AccountEventType.PasswordReset, data: { userId: 'u1', passwordHash: 'new-hash' } }],
    });
    expect(passwordResetRefusal('valid', GOOD)).toBeNull();
  });

  it('refuses, before the hash, an unknown or expired link, then a bad password', () => {
    expect(passwordResetRefusal('unknown', 'short')).toEqual(refused('Invalid token.'));
    expect(passwordResetRefusal('expired', GOOD)).toEqual(refused('This link has expired or was already used. Please request a new one.'));
    expect(decidePasswordReset({ ...reset, newPassword: 'x'.repeat(129) }, 'new-hash')).toEqual(refused('Your password must be at most 128 characters long.'));
  });

  it('refuses a link used up meanwhile, and a link without its user', () => {
    expect(decidePasswordReset({ ...reset, used: false }, 'new-hash')).toEqual(refused('This link has expired or was already used. Please request a new one.'));
    expect(decidePasswordReset({ ...reset, user: given() }, 'new-hash')).toEqual(refused('Invalid token.'));
  });
});

describe('changing one’s password', () => {
  it('sets the new password’s hash', () => {
    expect(decidePasswordChange(given(registered(), event(AccountEventType.PasswordChanged, { passwordHash: 'h2' })), GOOD, 'h3')).toEqual({
      outcome: { success: true, message: 'Your password has been changed.' },
      events: [{ type: AccountEventType.PasswordChanged, data: { userId: 'u1', passwordHash: 'h3' } }],
    });
  });

  it('refuses a bad password first, then a session without its user, before any hash', () => {
    expect(refusalBeforeHash((hash) => decidePasswordChange(null, 'short', hash))).toEqual(refused('Your password must be at least 8 characters long.'));
    expect(refusalBeforeHash((hash) => decidePasswordChange(given(), GOOD, hash))).toEqual(refused('Your session has expired. Please log in again.'));
    expect(refusalBeforeHash((hash) => decidePasswordChange(given(registered()), GOOD, hash))).toBeNull();
  });
});

describe('changing one’s username', () => {
  it('renames the reader', () => {
    expect(decideUsernameChange(given(registered()), 'New Name')).toEqual({
      outcome: { success: true, message: 'Your username has been changed.' },
      events: [{ type: AccountEventType.UsernameChanged, data: { userId: 'u1', username: 'New Name' } }],
    });
    expect(decideUsernameChange(given(registered()), 'reader').events).toEqual([{ type: AccountEventType.UsernameChanged, data: { userId: 'u1', username: 'reader' } }]);
  });

  it('refuses without a user, the same name, and a bad name', () => {
    expect(decideUsernameChange(given(), 'New Name')).toEqual(refused('Your session has expired. Please log in again.'));
    expect(decideUsernameChange(given(registered(), event(AccountEventType.UsernameChanged, { username: 'Renamed' })), 'Renamed')).toEqual(
      refused('The new username cannot be the same as the old username. Please choose a different username.'),
    );
    expect(decideUsernameChange(given(registered()), 'ab')).toEqual(refused('Your username must be 3 to 30 characters long.'));
    expect(decideUsernameChange(given(registered()), 'a/b/c')).toEqual(refused('Your username may contain only letters, digits, spaces, dots, hyphens and underscores.'));
  });
});
