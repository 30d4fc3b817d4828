/** A set of an index's slots (small whole numbers) as bits, so filters combine a word of 32 slots at a time. */
export class SlotBits {
  private words: Uint32Array;

  constructor(words: Uint32Array = new Uint32Array(0)) {
    this.words = words;
  }

  has(slot: number): boolean {
    return ((this.words[slot >>> 5] >>> (slot & 31)) & 1) === 1;
  }

  add(slot: number): void {
    const word = slot >>> 5;
    if (word >= this.words.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
    this.words[word] |= 1 << (slot & 31);
  }

  delete(slot: number): void {
    const word = slot >>> 5;
    if (word < this.words.length) this.words[word] &= ~(1 << (slot & 31));
  }

  clone(): SlotBits {
    return new SlotBits(this.words.slice());
  }

  /** Adds the slots `other` has. */
  or(other: SlotBits): this {
    if (other.words.length > this.words.length) {
      const grown = new Uint32Array(other.words.length);
      grown.set(this.words);
      this.words = grown;
    }
    for (let i = 0; i < other.words.length; i++) this.words[i] |= other.words[i];
    return this;
  }

  isEmpty(): boolean {
    return this.words.every((word) => word === 0);
  }

  /** Keeps only the slots `other` has too. */
  and(other: SlotBits): this {
    for (let i = 0; i < this.words.length; i++) this.words[i] &= other.words[i] ?? 0;
    return this;
  }

  /** Drops the slots `other` has. */
  andNot(other: SlotBits): this {
    for (let i = 0; i < Math.min(this.words.length, other.words.length); i++) this.words[i] &= ~other.words[i];
    return this;
  }
}
