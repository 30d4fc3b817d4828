import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { UNOPENABLE_FIELDS_COLLECTION } from '@shelf/contracts';
import type { Connection } from 'mongoose';

/** Sealed fields that did not open under their owner's live key, as every process records them (PersonalKeys). */
@Injectable()
export class UnopenableFieldsReader {
  constructor(@InjectConnection() private readonly store: Connection) {}

  /** None on a sound store, so counted exactly. */
  count(): Promise<number> {
    return this.store.collection(UNOPENABLE_FIELDS_COLLECTION).countDocuments();
  }
}
