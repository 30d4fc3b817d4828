import type { ById, ReadModelStore } from '@shelf/read-model-formats';

/** The stores of the read models, by name, that a writer of shared documents writes through (see exclusive). */
export type SharedStores = <T extends ById>(readModel: string) => ReadModelStore<T>;
