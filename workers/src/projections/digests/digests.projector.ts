import { Injectable } from '@nestjs/common';
import {
  type DigestChoicesReadModel,
  type DigestChosenV1,
  DigestReadModelCollection,
  type DigestRosterReadModel,
  type DigestZonesReadModel,
  digestRosterId,
  digestZonesId,
  LibraryEventType,
  partitionKey,
  partitionOf,
  type ReaderForgottenV1,
} from '@shelf/contracts';
import { saveDocument, versionStep } from '../documents';
import type { ProjectionContext, Projector, ReadModelStore } from '../../engine';
import { forgetDigestChoices, reduceDigestChoices, rosterZone, withRosterReader, withZone } from './digest-roster-reducers';

/**
 * Each reader's digest choices (one document per reader), and the rosters the digest scheduler reads: per time zone
 * and partition, the readers who get any digest, with each partition's list of zones. A reader's library streams
 * share a partition, whose consumer is the one writer of all three. Rosters are written before the choices, whose
 * version marks the event applied: a crash between them applies it again, and a roster change applied twice changes
 * nothing. An erased reader's choices keep no address (library.reader-forgotten.v1, in the same partition).
 */
@Injectable()
export class DigestsProjector implements Projector {
  readonly name = 'digests';
  readonly handles = [LibraryEventType.DigestChosen, LibraryEventType.ReaderForgotten];
  readonly owns = [DigestReadModelCollection.Rosters, DigestReadModelCollection.Choices];

  async apply(event: DigestChosenV1 | ReaderForgottenV1, { models }: ProjectionContext): Promise<void> {
    const choices = models.collection<DigestChoicesReadModel>(DigestReadModelCollection.Choices);
    const current = await choices.findOne({ _id: event.data.user_id });
    let next: DigestChoicesReadModel;
    if (event.type === LibraryEventType.ReaderForgotten) {
      if (!current) return;
      next = forgetDigestChoices(current);
    } else {
      if (versionStep(event.streamId, current?.version ?? 0, event.version) === 'skip') return;
      next = reduceDigestChoices(current, event);
    }
    const [was, now] = [rosterZone(current), rosterZone(next)];
    if (was !== now) {
      const stores = {
        rosters: models.collection<DigestRosterReadModel>(DigestReadModelCollection.Rosters),
        zones: models.collection<DigestZonesReadModel>(DigestReadModelCollection.Rosters),
      };
      const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
      if (was) await list(stores, was, partition, next._id, false);
      if (now) await list(stores, now, partition, next._id, true);
    }
    await saveDocument(choices, next, !current);
  }
}

/** Puts the reader on (or takes them off) the zone's roster, and the zone on (or off) the partition's list. */
async function list(
  { rosters, zones: zonesStore }: { rosters: ReadModelStore<DigestRosterReadModel>; zones: ReadModelStore<DigestZonesReadModel> },
  zone: string,
  partition: number,
  userId: string,
  listed: boolean,
): Promise<void> {
  const rosterId = digestRosterId(zone, partition);
  const roster = await rosters.findOne({ _id: rosterId });
  const changed = withRosterReader(roster ?? { _id: rosterId, zone, readers: [] }, userId, listed);
  if (changed) await saveDocument(rosters, changed, !roster);
  const readers = (changed ?? roster)?.readers.length ?? 0;
  const zonesId = digestZonesId(partition);
  const zones = await zonesStore.findOne({ _id: zonesId });
  const zonesChanged = withZone(zones ?? { _id: zonesId, zones: [] }, zone, readers > 0);
  if (zonesChanged) await saveDocument(zonesStore, zonesChanged, !zones);
}
