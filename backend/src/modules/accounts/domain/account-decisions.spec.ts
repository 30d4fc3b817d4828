import { type AccountEvent, AccountEventType } from '@shelf/contracts';
import { deciderSpec, foldStream, storedEvent } from '@test/decider-spec';
import {
  decideEmailVerification,
  decideErasure,
  decideErasureRequest,
  decidePasswordChange,
  decidePasswordReset,
  decidePasswordResetRequest,
  decideRegistration,
  decideUsernameChange,
  decideVerificationResend,
  type LinkStatus,
  type PasswordReset,
  refuseBeforeHash,
  refusePasswordReset,
  type Registration,
} from './account-decisions';
import { foldUser } from './user-state';

const event = (type: AccountEvent['type'], data: object = {}) => storedEvent('user-u1', type, { userId: 'u1', ...data });
const registered = () => event(AccountEventType.UserRegisteredV2, { email: 'r@example.test', username: 'Reader', credentialId: 'credential-0' });
const verified = () => event(AccountEventType.EmailVerified);
const renamed = () => event(AccountEventType.UsernameChanged, { username: 'Renamed' });

const GOOD = 'a long unusual passphrase';
const user = foldStream(foldUser);
/** Before the reader has an account. */
const nobody = () => null;
const registration: Registration = { userId: 'u1', email: 'r@example.test', username: 'Reader', password: GOOD };
const register = deciderSpec(nobody, (_, asked: Registration) => decideRegistration(asked, 'credential-1'));
const registerBeforeHash = deciderSpec(nobody, (_, asked: Registration) => refuseBeforeHash((credentialId) => decideRegistration(asked, credentialId)));
const verify = deciderSpec(user, (state, link: LinkStatus) => decideEmailVerification(link, state));
const requestReset = deciderSpec(user, decidePasswordResetRequest);
const resetBeforeHash = deciderSpec(nobody, (_, { link, newPassword }: { link: LinkStatus; newPassword: string }) => refusePasswordReset(link, newPassword));
const reset = deciderSpec(user, (state, asked: Partial<Omit<PasswordReset, 'user'>>) =>
  decidePasswordReset({ link: 'valid', newPassword: GOOD, used: true, user: state, ...asked }, 'credential-2'),
);
const changePassword = deciderSpec(user, (state, newPassword: string) => decidePasswordChange(state, newPassword, 'credential-3'));
const changePasswordBeforeHash = deciderSpec(user, (state, newPassword: string) => refuseBeforeHash((credentialId) => decidePasswordChange(state, newPassword, credentialId)));
const rename = deciderSpec(user, decideUsernameChange);
const resendVerification = deciderSpec(user, decideVerificationResend);
const requestErasure = deciderSpec(user, decideErasureRequest);
const erase = deciderSpec(user, (state, link: LinkStatus) => decideErasure(link, state));
const erased = () => event(AccountEventType.UserErased);

const expiredLink = 'This link has expired or was already used. Please request a new one.';
const sessionExpired = 'Your session has expired. Please log in again.';
const resetSent = 'If an account exists for this e-mail, we have sent a link to reset its password.';

describe('registering', () => {
  it('registers a new reader, naming the credential that holds their password’s hash', () =>
    register
      .given()
      .when(registration)
      .then(
        [{ type: AccountEventType.UserRegisteredV2, data: { userId: 'u1', email: 'r@example.test', username: 'Reader', credentialId: 'credential-1' } }],
        'Registration successful! Please check your e-mail to verify your account.',
      ));

  it('finds nothing to refuse before the hash of a good registration', () => registerBeforeHash.given().when(registration).thenAllows());

  it('refuses a bad address first', () =>
    register.given().when({ ...registration, email: 'not-an-address', username: ' x', password: 'short' }).thenRefuses('invalid', 'Please enter a valid e-mail address.'));

  it('refuses a bad username next', () => register.given().when({ ...registration, username: ' x', password: 'short' }).thenRefuses('invalid', 'Your username cannot start or end with a space.'));

  it('refuses a bad password last', () => register.given().when({ ...registration, password: 'short' }).thenRefuses('invalid', 'Your password must be at least 8 characters long.'));

  it('refuses a common password before the hash', () =>
    registerBeforeHash.given().when({ ...registration, password: 'password' }).thenRefuses('invalid', 'This password is too common. Please choose a less common password.'));
});

describe('verifying an e-mail address', () => {
  it('verifies the address', () =>
    verify.given(registered()).when('valid').then([{ type: AccountEventType.EmailVerified, data: { userId: 'u1' } }], 'Your e-mail has been verified. You can now log in.'));

  it('says so a second time, without an event', () => verify.given(registered(), verified()).when('valid').then([], 'Your e-mail is already verified. You can log in.'));

  it('refuses an unknown link', () => verify.given(registered()).when('unknown').thenRefuses('invalid', 'Invalid token.'));

  it('refuses an expired link', () => verify.given(registered()).when('expired').thenRefuses('invalid', expiredLink));

  it('refuses a link without its user', () => verify.given().when('valid').thenRefuses('invalid', 'Invalid token.'));
});

describe('asking for a password reset', () => {
  it('records the request of an account, with its address and current name', () =>
    requestReset
      .given(registered(), renamed())
      .when()
      .then([{ type: AccountEventType.PasswordResetRequested, data: { userId: 'u1', email: 'r@example.test', username: 'Renamed' } }], resetSent));

  it('answers the same without an account, recording nothing', () => requestReset.given().when().then([], resetSent));
});

describe('resetting a password with a link', () => {
  it('names the new password’s credential', () =>
    reset
      .given(registered())
      .when({})
      .then([{ type: AccountEventType.PasswordResetV2, data: { userId: 'u1', credentialId: 'credential-2' } }], 'Your password has been reset successfully. You can now log in with your new password.'));

  it('finds nothing to refuse before the hash of a good link and password', () => resetBeforeHash.given().when({ link: 'valid', newPassword: GOOD }).thenAllows());

  it('refuses an unknown link before the hash, before a bad password', () => resetBeforeHash.given().when({ link: 'unknown', newPassword: 'short' }).thenRefuses('invalid', 'Invalid token.'));

  it('refuses an expired link before the hash', () => resetBeforeHash.given().when({ link: 'expired', newPassword: GOOD }).thenRefuses('invalid', expiredLink));

  it('refuses a password that is too long', () =>
    reset.given(registered()).when({ newPassword: 'x'.repeat(129) }).thenRefuses('invalid', 'Your password must be at most 128 characters long.'));

  it('refuses a link used up meanwhile', () => reset.given(registered()).when({ used: false }).thenRefuses('invalid', expiredLink));

  it('refuses a link without its user', () => reset.given().when({}).thenRefuses('invalid', 'Invalid token.'));
});

describe('changing one’s password', () => {
  it('names the new password’s credential', () =>
    changePassword
      .given(registered(), event(AccountEventType.PasswordChangedV2, { credentialId: 'credential-2' }))
      .when(GOOD)
      .then([{ type: AccountEventType.PasswordChangedV2, data: { userId: 'u1', credentialId: 'credential-3' } }], 'Your password has been changed.'));

  it('refuses a bad password before the hash, before looking for the user', () =>
    changePasswordBeforeHash.given().when('short').thenRefuses('invalid', 'Your password must be at least 8 characters long.'));

  it('refuses a session without its user before the hash', () => changePasswordBeforeHash.given().when(GOOD).thenRefuses('invalid', sessionExpired));

  it('finds nothing to refuse before the hash of a good password', () => changePasswordBeforeHash.given(registered()).when(GOOD).thenAllows());
});

describe('changing one’s username', () => {
  it('renames the reader', () =>
    rename.given(registered()).when('New Name').then([{ type: AccountEventType.UsernameChanged, data: { userId: 'u1', username: 'New Name' } }], 'Your username has been changed.'));

  it('takes a change of case alone', () => rename.given(registered()).when('reader').then([{ type: AccountEventType.UsernameChanged, data: { userId: 'u1', username: 'reader' } }]));

  it('refuses without a user', () => rename.given().when('New Name').thenRefuses('invalid', sessionExpired));

  it('refuses the same name', () =>
    rename.given(registered(), renamed()).when('Renamed').thenRefuses('invalid', 'The new username cannot be the same as the old username. Please choose a different username.'));

  it('refuses a name too short', () => rename.given(registered()).when('ab').thenRefuses('invalid', 'Your username must be 3 to 30 characters long.'));

  it('refuses a name with other characters', () =>
    rename.given(registered()).when('a/b/c').thenRefuses('invalid', 'Your username may contain only letters, digits, spaces, dots, hyphens and underscores.'));
});

describe('asking for a new verification e-mail', () => {
  it('records the request, with the address and name the e-mail needs, while the address is not verified', () =>
    resendVerification
      .given(registered())
      .when()
      .then(
        [{ type: AccountEventType.VerificationResent, data: { userId: 'u1', email: 'r@example.test', username: 'Reader' } }],
        'We have sent you a new verification e-mail. Its link works for 48 hours.',
      ));

  it('refuses once the address is verified', () => resendVerification.given(registered(), verified()).when().thenRefuses('invalid', 'Your e-mail is already verified.'));

  it('refuses a reader with no account', () => resendVerification.given().when().thenRefuses('unauthenticated'));
});

describe('asking to delete the account', () => {
  it('records the request with the address and current name, for the e-mail that confirms it', () =>
    requestErasure
      .given(registered(), renamed())
      .when(true)
      .then(
        [{ type: AccountEventType.ErasureRequested, data: { userId: 'u1', email: 'r@example.test', username: 'Renamed' } }],
        'We have sent you an e-mail with a link to confirm the deletion of your account. The link works for one hour.',
      ));

  it('refuses a wrong password', () => requestErasure.given(registered()).when(false).thenRefuses('invalid', 'The password is not correct.'));

  it('refuses an account already erased as signed out', () => requestErasure.given(registered(), erased()).when(true).thenRefuses('unauthenticated', 'Your session has expired. Please log in again.'));
});

describe('confirming the deletion with the link', () => {
  it('erases the account', () => erase.given(registered()).when('valid').then([{ type: AccountEventType.UserErased, data: { userId: 'u1' } }], 'Your account has been deleted.'));

  it('erases it once, however often the link is followed before it is used up', () => erase.given(registered(), erased()).when('valid').then([], 'Your account has been deleted.'));

  it('refuses an unknown or expired link', () => {
    erase.given(registered()).when('unknown').thenRefuses('invalid', 'Invalid token.');
    erase.given(registered()).when('expired').thenRefuses('invalid', expiredLink);
  });
});
