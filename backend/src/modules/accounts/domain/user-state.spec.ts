import { type AccountEvent, AccountEventType } from '@shelf/contracts';
import { foldStream, storedEvent } from '@test/decider-spec';
import { foldUser } from './user-state';

const event = (type: AccountEvent['type'], data: object = {}) => storedEvent('user-u1', type, { userId: 'u1', ...data });
const registered = () => event(AccountEventType.UserRegisteredV2, { email: 'r@example.test', username: 'Reader', credentialId: 'credential-0' });
const given = foldStream(foldUser);

describe('the password a user’s stream sets', () => {
  it('is the credential its latest registration, reset or change names', () => {
    expect(given(registered())?.password).toEqual({ credentialId: 'credential-0' });
    const reset = event(AccountEventType.PasswordResetV2, { credentialId: 'credential-1' });
    const changed = event(AccountEventType.PasswordChangedV2, { credentialId: 'credential-2' });
    expect(given(registered(), reset, event(AccountEventType.UsernameChanged, { username: 'Other' }))?.password).toEqual({ credentialId: 'credential-1' });
    expect(given(registered(), reset, changed)?.password).toEqual({ credentialId: 'credential-2' });
  });

  it('is the v1 event that stored the hash itself, until a v2 event names a credential', () => {
    const v1 = event(AccountEventType.UserRegistered, { email: 'r@example.test', username: 'Reader' });
    expect(given(v1)).toMatchObject({ email: 'r@example.test', username: 'Reader', password: { v1EventVersion: 1 } });
    expect(given(v1, event(AccountEventType.EmailVerified), event(AccountEventType.PasswordChanged))?.password).toEqual({ v1EventVersion: 3 });
    expect(given(v1, event(AccountEventType.PasswordReset), event(AccountEventType.PasswordChangedV2, { credentialId: 'credential-1' }))?.password).toEqual({
      credentialId: 'credential-1',
    });
  });
});
