/** Bits per id: with 11 hashes, about one false "maybe" in 2,000 lookups. */
const BITS_PER_ID = 16;
const HASHES = 11;
const FIRST_CAPACITY = 65_536;

/**
 * The ids written to a collection, in about 2 bytes each (a Bloom filter that adds a twice larger one when full): a
 * "no" is certain, a "maybe" is checked in the store. Lets the rebuild tell a new document from one it has written and
 * forgotten without asking the store for each.
 */
export class IdFilter {
  private readonly filters: { bits: Uint32Array; size: number; count: number; capacity: number }[] = [];

  add(id: string): void {
    let filter = this.filters.at(-1);
    if (!filter || filter.count >= filter.capacity) {
      const capacity = filter ? filter.capacity * 2 : FIRST_CAPACITY;
      const size = capacity * BITS_PER_ID;
      filter = { bits: new Uint32Array(size / 32), size, count: 0, capacity };
      this.filters.push(filter);
    }
    const [a, b] = hashes(id);
    for (let i = 0; i < HASHES; i++) {
      const bit = (a + i * b) % filter.size;
      filter.bits[bit >>> 5] |= 1 << (bit & 31);
    }
    filter.count += 1;
  }

  mayHold(id: string): boolean {
    if (this.filters.length === 0) return false;
    const [a, b] = hashes(id);
    return this.filters.some(({ bits, size }) => {
      for (let i = 0; i < HASHES; i++) {
        const bit = (a + i * b) % size;
        if ((bits[bit >>> 5] & (1 << (bit & 31))) === 0) return false;
      }
      return true;
    });
  }
}

/** Two independent 32-bit hashes of the id (FNV-1a with two offsets), the second odd. */
function hashes(id: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return [a >>> 0, (b | 1) >>> 0];
}
