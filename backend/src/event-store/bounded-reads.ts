/**
 * At most `limit` reads in flight at once; the others wait their turn, first come first served. The store on SQLite
 * shares its CPU among every call in flight, and runs one write at a time: a hundred reads at once make each write
 * wait a hundred shares, so an append (which is all writes) slows down with every request that reads, while a few
 * reads in flight keep the store as busy and leave the writes their turn.
 */
export class BoundedReads {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(read: () => Promise<T>): Promise<T> {
    if (this.inFlight >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight++;
    try {
      return await read();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    }
  }
}
