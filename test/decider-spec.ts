// Given/when/then for the backend's deciders (`decide*` in backend/src/modules/*/domain): given what a decider decides
// on, when it decides a command, then it appends these events (and answers this outcome), or it refuses. One behaviour
// per `it`:
//
//   const like = deciderSpec(foldStream(foldComment), decideCommentLike);
//   it('likes a shown comment', () => like.given(posted()).when({ userId: 'u', like: true, likedBefore: false }).then([liked]));
import type { AnyDomainEvent } from '@shelf/contracts';
import type { Decision, NewEvent } from '../backend/src/domain/decision';
import type { RefusalCode } from '../backend/src/domain/domain-error';
import { refusalOf } from '../backend/src/domain/refusal-of';

/** The event of a stream as the store keeps it, before `stream` numbers it. */
export function storedEvent<E extends AnyDomainEvent = AnyDomainEvent>(streamId: string, type: E['type'], data: object, occurredAt = '2026-11-23T10:00:00.000Z'): E {
  return { id: 'e', streamId, version: 0, type, data, metadata: { actor: 'x', correlationId: 'k', causationId: null }, occurredAt } as E;
}

/** Events in their stream's order, numbered from version 1 as the store numbers them. */
export const stream = <E extends AnyDomainEvent>(...events: E[]): E[] => events.map((event, i) => ({ ...event, id: `e${i + 1}`, version: i + 1 }));

/** A fold of a stream, given its events one by one: what a decider that decides on the folded state is given. */
export const foldStream =
  <State>(fold: (history: AnyDomainEvent[]) => State) =>
  (...events: AnyDomainEvent[]): State =>
    fold(stream(...events));

/** What a decision (or a check that refuses or not: `refuse*`) is expected to do. Not a promise: never await it. */
export class Then<Outcome> {
  constructor(private readonly decide: () => Decision<Outcome> | void) {}

  /** It appends exactly these events (none: nothing changes), and answers `outcome` where one is given. */
  then(events: NewEvent[], ...outcome: [] | [Outcome]): void {
    const decision = this.decide();
    if (outcome.length) expect(decision).toEqual({ outcome: outcome[0], events });
    else expect(decision?.events).toEqual(events);
  }

  /** It answers this outcome, whatever it appends. */
  thenAnswers(outcome: Outcome): void {
    expect(this.decide()?.outcome).toEqual(outcome);
  }

  /** It refuses with this code and message (with the code alone, any message). */
  thenRefuses(code: RefusalCode, message?: string): void {
    const refusal = refusalOf(this.decide);
    if (message === undefined) expect(refusal).toMatchObject({ code });
    else expect(refusal).toEqual({ code, message });
  }

  /** It does not refuse. */
  thenAllows(): void {
    expect(refusalOf(this.decide)).toBeNull();
  }
}

export interface DeciderSpec<Given extends unknown[], Command, Outcome> {
  given(...given: Given): { when(command: Command): Then<Outcome> };
}

/**
 * The spec of one decider: `fold` turns what `given` is handed (a stream's events, or a state read elsewhere) into what
 * `decide` decides on, as the application hands it over; `decide` takes one command (none: `when()`).
 */
export function deciderSpec<Given extends unknown[], State, Command = void, Outcome = unknown>(
  fold: (...given: Given) => State,
  decide: (state: State, command: Command) => Decision<Outcome> | void,
): DeciderSpec<Given, Command, Outcome> {
  return { given: (...given) => ({ when: (command) => new Then(() => decide(fold(...given), command)) }) };
}
