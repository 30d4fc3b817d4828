import { AccountEventType, type UserReadModel } from '@shelf/contracts';
import { reduceUser, type UserEvent } from './user-reducers';

const event = (version: number, type: UserEvent['type'], data: object = {}) =>
  ({ id: `e${version}`, streamId: 'user-u1', version, type, data: { userId: 'u1', ...data }, metadata: { actor: 'x', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as UserEvent;
const registered = event(1, AccountEventType.UserRegisteredV2, { email: 'a@example.com', username: 'Ann', credentialId: 'credential-1' });

/** Applies events in turn, as the projector does. */
const fold = (...events: UserEvent[]) => events.reduce<UserReadModel | null>((doc, e) => reduceUser(doc, e) ?? doc, null);

describe("an account's users document", () => {
  it('is made by the registration, of either version, with the name and neither the address nor the credential', () => {
    expect(fold(registered)).toEqual({ _id: 'u1', username: 'Ann', operator: false, suspension: null, version: 1 });
    expect(fold(event(1, AccountEventType.UserRegistered, { email: 'a@example.com', username: 'Ann' }))).toEqual(fold(registered));
  });

  it('follows renames, the operator role and suspensions', () => {
    const suspended = fold(registered, event(2, AccountEventType.UsernameChanged, { username: 'Anna' }), event(3, AccountEventType.OperatorGranted),
      event(4, AccountEventType.CommentingSuspended, { until: null, reason: 'spam' }));
    expect(suspended).toEqual({ _id: 'u1', username: 'Anna', operator: true, suspension: { until: null, reason: 'spam' }, version: 4 });
    expect(reduceUser(suspended, event(5, AccountEventType.CommentingSuspensionLifted))).toMatchObject({ suspension: null, version: 5 });
    expect(reduceUser(suspended, event(5, AccountEventType.OperatorRevoked))).toMatchObject({ operator: false });
  });

  it("names an erased account [deleted account], with no role or suspension left", () => {
    const operator = fold(registered, event(2, AccountEventType.OperatorGranted), event(3, AccountEventType.CommentingSuspended, { until: null, reason: 'spam' }));
    expect(reduceUser(operator, event(4, AccountEventType.UserErased))).toEqual({ _id: 'u1', username: '[deleted account]', operator: false, suspension: null, version: 4 });
  });

  it('changes nothing for an event applied before, or before the registration', () => {
    const renamed = fold(registered, event(2, AccountEventType.UsernameChanged, { username: 'Anna' }));
    expect(reduceUser(renamed, event(2, AccountEventType.UsernameChanged, { username: 'Other' }))).toBeNull();
    expect(reduceUser(null, event(2, AccountEventType.UsernameChanged, { username: 'Anna' }))).toBeNull();
  });
});
