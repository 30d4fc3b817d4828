/**
 * Which collection holds each read model now. A rebuild fills new collections while the site runs and then points
 * the read model at them here, in one write; readers resolve names through this. A read model with no document here
 * lives in the collection of its own name.
 */
export const READ_MODEL_VERSIONS_COLLECTION = 'read_model_versions';

export interface ReadModelVersionDocument {
  /** The read model's name (ReadModelCollection, SocialReadModelCollection). */
  _id: string;
  /** The collection that holds it. */
  collection: string;
  rebuiltAt: Date;
}

/** The names as last loaded; `physical` maps a read model's name to its collection. */
export class ReadModelNames {
  private names = new Map<string, string>();

  constructor(private readonly load: () => Promise<ReadModelVersionDocument[]>) {}

  async refresh(): Promise<void> {
    this.names = new Map((await this.load()).map((doc) => [doc._id, doc.collection]));
  }

  physical(readModel: string): string {
    return this.names.get(readModel) ?? readModel;
  }
}
