/** A top-level value of a document as read here: strings, numbers, booleans, dates (as ms) and null; others are skipped. */
export type FieldValue = string | number | boolean | null;

/** Bytes of a value of each fixed-size BSON type. */
const FIXED: Record<number, number> = { 0x01: 8, 0x07: 12, 0x08: 1, 0x09: 8, 0x0a: 0, 0x10: 4, 0x11: 8, 0x12: 8, 0x13: 16, 0x7f: 0, 0xff: 0 };

/**
 * The named top-level fields of a BSON document, without decoding the rest (embedded documents are stepped over by
 * their length): a scan of the whole log reads a few fields of each of a million documents. Absent fields are
 * undefined. Dates are given in ms since the epoch.
 */
export function bsonFields(raw: Buffer, names: readonly string[]): Record<string, FieldValue | undefined> {
  const found: Record<string, FieldValue | undefined> = {};
  let left = names.length;
  let at = 4;
  const end = raw.readInt32LE(0) - 1;
  while (at < end && left > 0) {
    const type = raw[at];
    const nameEnd = raw.indexOf(0, at + 1);
    const name = raw.toString('latin1', at + 1, nameEnd);
    at = nameEnd + 1;
    const wanted = names.includes(name);
    let size: number;
    switch (type) {
      case 0x02: // string
      case 0x0d: // JavaScript code
      case 0x0e: // symbol
        size = 4 + raw.readInt32LE(at);
        if (wanted) found[name] = raw.toString('utf8', at + 4, at + size - 1);
        break;
      case 0x03: // document
      case 0x04: // array
      case 0x0f: // code with scope
        size = raw.readInt32LE(at);
        break;
      case 0x05: // binary
        size = 5 + raw.readInt32LE(at);
        break;
      case 0x0b: {
        // regular expression: two C strings
        const pattern = raw.indexOf(0, at);
        size = raw.indexOf(0, pattern + 1) + 1 - at;
        break;
      }
      case 0x0c: // DB pointer
        size = 4 + raw.readInt32LE(at) + 12;
        break;
      default:
        if (!(type in FIXED)) throw new Error(`unknown BSON type ${type} in field ${name}`);
        size = FIXED[type];
        if (wanted) found[name] = fixedValue(raw, type, at);
    }
    if (wanted) left -= 1;
    at += size;
  }
  return found;
}

function fixedValue(raw: Buffer, type: number, at: number): FieldValue {
  switch (type) {
    case 0x01:
      return raw.readDoubleLE(at);
    case 0x08:
      return raw[at] === 1;
    case 0x09:
    case 0x12:
      return Number(raw.readBigInt64LE(at));
    case 0x10:
      return raw.readInt32LE(at);
    case 0x0a:
      return null;
    default:
      throw new Error(`BSON type ${type} is not read here`);
  }
}
