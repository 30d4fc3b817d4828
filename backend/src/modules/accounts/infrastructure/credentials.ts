import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { accountStreams } from '@shelf/contracts';
import type { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { EventStore } from '../../../event-store/event-store';
import type { PasswordCredential, UserState } from '../domain/user-state';
import { CREDENTIAL_MODEL, type CredentialDocument } from './credential.schema';

/**
 * The password hashes, apart from the log: each hash set is a credential of its own, which the user event setting the
 * password names. Written before that event, so an event never names a missing credential; a credential whose event
 * was never appended is simply never read. Every read is one lookup by `_id`.
 */
@Injectable()
export class Credentials {
  private readonly logger = new Logger(Credentials.name);

  constructor(
    @InjectModel(CREDENTIAL_MODEL) private readonly credentials: Model<CredentialDocument>,
    private readonly store: EventStore,
  ) {}

  /** Stores a hash of a password of the user; returns the credential id for the event that sets the password to name. */
  async add(userId: string, passwordHash: string): Promise<string> {
    const credentialId = randomUUID();
    await this.credentials.insertOne({ _id: credentialId, userId, passwordHash, createdAt: new Date() });
    return credentialId;
  }

  /**
   * The hash of the user's password: its credential's, or for a password set by a v1 event, the one that event stored.
   * A v1 event the log migration (`npm run log:migrate`) has since rewritten as v2 names a credential instead: a user
   * folded from the log before the switch (this process's streams) logs in with it all the same.
   */
  async hashOf(user: UserState): Promise<string | null> {
    const { password } = user;
    if ('v1EventVersion' in password) {
      const stored = (await this.store.readStoredData(accountStreams.user(user.userId), password.v1EventVersion)) as { passwordHash?: string; credentialId?: string } | null;
      if (stored?.credentialId) return this.credentialHash(user.userId, stored.credentialId);
      return stored?.passwordHash ?? null;
    }
    return this.credentialHash(user.userId, password.credentialId);
  }

  private async credentialHash(userId: string, credentialId: string): Promise<string | null> {
    const credential = await this.credentials.findById(credentialId).lean<CredentialDocument>().exec();
    return credential?.userId === userId ? credential.passwordHash : null;
  }

  /** Deletes every password hash of the user (their account is erased). */
  async forgetAll(userId: string): Promise<void> {
    await this.credentials.deleteMany({ userId });
  }

  /**
   * Deletes the credential of a password that a newer one has replaced, once the event naming the newer one is stored.
   * Only tidiness (nothing reads a replaced credential), so a failure is logged, not raised. A v1 event's hash stays in
   * the log, which readers see without it, until the log migration moves it into a credential.
   */
  async retire(replaced: PasswordCredential): Promise<void> {
    if (!('credentialId' in replaced)) return;
    await this.credentials.deleteOne({ _id: replaced.credentialId }).catch((error: Error) => this.logger.warn(`a replaced credential stays stored: ${error.message}`));
  }
}
