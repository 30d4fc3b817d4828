import { BSON, Binary, Decimal128, Double, Int32, Long, ObjectId, Timestamp } from 'mongodb';
import { bsonFields } from './bson-fields';

describe('bsonFields', () => {
  it('reads the named top-level fields as BSON.deserialize does, stepping over every other type', () => {
    const at = new Date('2024-05-06T07:08:09.010Z');
    const raw = Buffer.from(
      BSON.serialize({
        nested: { type: 'not this one', deeper: [1, { type: 'nor this' }] },
        oid: new ObjectId(),
        bin: new Binary(Buffer.from('bytes')),
        regex: /a.b/i,
        decimal: Decimal128.fromString('1.5'),
        stamp: new Timestamp({ t: 1, i: 2 }),
        long: Long.fromNumber(7),
        _id: 'stream-1:0000000001',
        type: 'thing.happened.v1',
        seq: new Int32(42),
        ratio: new Double(0.25),
        big: Long.fromNumber(2 ** 40),
        at,
        passedAt: null,
        ok: true,
        word: 'héllo ✓',
        list: ['type'],
      }),
    );
    const names = ['_id', 'type', 'seq', 'ratio', 'big', 'at', 'passedAt', 'ok', 'word', 'absent'];
    expect(bsonFields(raw, names)).toEqual({
      _id: 'stream-1:0000000001',
      type: 'thing.happened.v1',
      seq: 42,
      ratio: 0.25,
      big: 2 ** 40,
      at: at.getTime(),
      passedAt: null,
      ok: true,
      word: 'héllo ✓',
    });
  });
});
