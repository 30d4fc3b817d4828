import { PERSONAL_KEYS_COLLECTION, type PersonalKeyDocument, UNOPENABLE_FIELDS_COLLECTION, type UnopenableFieldDocument } from '@shelf/contracts';
import type { Db } from 'mongodb';
import type { DoctorData, Outcome } from './doctor-report';

/** Unopenable fields the doctor names one by one; the rest are counted. */
const SHOWN = 10;

/**
 * The personal keys (docs/architecture.md, "Erasure"): sealed fields that did not open under their owner's live key
 * (recorded by every reader of the log, which stops there rather than read them as erased) need an operator; keys
 * still stored unwrapped, as before KEY_ENCRYPTION_KEY, are wrapped at their first use or by a rebuild.
 */
export async function checkPersonalKeys(db: Db): Promise<Outcome<DoctorData['personalKeys']>> {
  const [unopenable, unwrapped] = await Promise.all([
    db.collection<UnopenableFieldDocument>(UNOPENABLE_FIELDS_COLLECTION).find({}, { sort: { firstAt: 1 } }).toArray(),
    db.collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION).countDocuments({ key: { $exists: true } }),
  ]);
  const data = { unopenable: unopenable.length, unopenableIds: unopenable.map((doc) => doc._id), unwrapped };
  const wrapping = unwrapped > 0 ? [`${unwrapped} keys stored unwrapped: each is wrapped at its first use, all by npm run projections:rebuild`] : [];
  if (unopenable.length === 0) {
    return { status: unwrapped > 0 ? 'warn' : 'ok', summary: unwrapped > 0 ? `${unwrapped} stored unwrapped` : 'every key wrapped, no sealed field found unopenable', details: wrapping, data };
  }
  const details = unopenable.slice(0, SHOWN).map((doc) => `${doc._id}: ${doc.field} of ${doc.type} (account ${doc.owner}), since ${doc.firstAt.toISOString()}`);
  if (unopenable.length > SHOWN) details.push(`and ${unopenable.length - SHOWN} more`);
  details.push('a wrong KEY_ENCRYPTION_KEY, or a key or event restored from different backups? see docs/operations.md, "The key-encryption key"', ...wrapping);
  return { status: 'attention', summary: `${unopenable.length} sealed fields do not open under their owner's key`, details, data };
}
