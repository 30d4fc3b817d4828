import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { AccountEventType, type AuditTrailReadModel, ModerationReadModelCollection, readServiceEnv } from '@shelf/contracts';
import { userInfo } from 'node:os';
import { ReadModels } from '../../../platform/read-models';
import { AccountDirectory } from '../../accounts/application/account-directory';
import { ChangeOperatorRoleCommand } from '../../accounts/application/change-operator-role.command';
import type { AccountModerationOutcome } from '../../accounts/domain/account-moderation';
import { OperatorsCliModule } from './operators-cli.module';

const usage = `usage:
  operators grant <email>    give the account with this e-mail the operator role (appends user.operator-granted.v1)
  operators revoke <email>   take the role back (appends user.operator-revoked.v1)
  operators list             the accounts holding the role, as the audit trail has projected it`;

/** Who ran the command, as the events' actor: the audit trail shows it. */
const actor = () => `operators-cli:${userInfo().username}`;

async function main(argv: string[]): Promise<void> {
  const [command, email] = argv;
  if (!(['grant', 'revoke'].includes(command) && email) && command !== 'list') {
    console.error(usage);
    process.exit(2);
  }
  const app = await NestFactory.createApplicationContext(OperatorsCliModule.register(readServiceEnv(process.env)), { logger: ['error', 'warn'] });
  try {
    if (command === 'list') return await list(app.get(ReadModels), app.get(AccountDirectory));
    const outcome: AccountModerationOutcome = await app.get(CommandBus).execute(new ChangeOperatorRoleCommand(email, command === 'grant', actor()));
    console.log(outcome.message);
    if (!outcome.ok) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

/** Folds the role events of the audit trail, oldest first, into who holds the role now. */
async function list(readModels: ReadModels, directory: AccountDirectory): Promise<void> {
  const trail = readModels.collection<AuditTrailReadModel>(ModerationReadModelCollection.AuditTrail);
  const changes = await trail
    .find({ type: { $in: [AccountEventType.OperatorGranted, AccountEventType.OperatorRevoked] } })
    .sort({ occurred_at: 1 })
    .toArray();
  const holders = new Map<string, AuditTrailReadModel>();
  for (const change of changes) {
    if (change.type === AccountEventType.OperatorGranted) holders.set(change.target, change);
    else holders.delete(change.target);
  }
  if (holders.size === 0) return console.log('No account holds the operator role.');
  for (const [userId, granted] of holders) {
    const user = await directory.find(userId);
    console.log(`${user ? `${user.username} <${user.email}>` : userId}  granted ${granted.occurred_at.toISOString()} by ${granted.actor}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  Logger.error(error instanceof Error ? error.message : String(error), 'Operators');
  process.exit(1);
});
