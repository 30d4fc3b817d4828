// Personal free text in the log, end to end on the real store: a saved search is stored sealed and read opened, and a
// sealed value moved to another field is never read as erased: the rebuild refuses it, and it is recorded.
import { EventLogCollection, LibraryEventType, LibraryReadModelCollection, type SearchPresetsResponse, type StoredEventDocument, UNOPENABLE_FIELDS_COLLECTION } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { type Reader, readModelSnapshot, rebuild, registerReader, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('sealed personal fields', () => {
  let site: TestSite;
  let reader: Reader;

  beforeAll(async () => {
    site = await startSite(env);
    reader = await registerReader(site, 'Sealer');
  }, 60_000);

  afterAll(() => site.close());

  it('stores a saved search sealed, and shows it to its reader', async () => {
    const saved = await site.call<SearchPresetsResponse>('PUT', 'user/search-presets', { token: reader.token, body: { name: 'Moonlit gardens', query: 'q=moonlit' } });
    expect(saved.status).toBe(200);
    await site.drained();
    const events = await site.store.db!.collection<StoredEventDocument>(EventLogCollection.Events).find({ type: LibraryEventType.SearchPresetSaved }).toArray();
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ name: expect.stringMatching(/^sealed:v2:/), query: expect.stringMatching(/^sealed:v2:/) });
    expect(JSON.stringify(await site.store.db!.collection(EventLogCollection.Events).find({}).toArray())).not.toMatch(/Moonlit|moonlit/);
    const { body } = await site.call<SearchPresetsResponse>('GET', 'user/search-presets', { token: reader.token });
    expect(body.presets).toEqual([expect.objectContaining({ name: 'Moonlit gardens', query: 'q=moonlit' })]);
  });

  it('refuses to rebuild from a sealed value moved to another field, leaving the read model as it was', async () => {
    const events = site.store.db!.collection<StoredEventDocument>(EventLogCollection.Events);
    const event = (await events.findOne({ type: LibraryEventType.SearchPresetSaved }))!;
    const data = event.data as { name: string; query: string };
    await events.updateOne({ _id: event._id }, { $set: { 'data.query': data.name } });
    const before = await readModelSnapshot(site.workers, [LibraryReadModelCollection.SearchPresets]);

    await expect(rebuild(site.workers, { api: site.api, names: ['search-presets'] })).rejects.toThrow(`query of ${LibraryEventType.SearchPresetSaved} event ${event._id} does not open`);
    expect(await readModelSnapshot(site.workers, [LibraryReadModelCollection.SearchPresets])).toEqual(before);
    expect(await site.store.db!.collection(UNOPENABLE_FIELDS_COLLECTION).find({}).toArray()).toEqual([
      expect.objectContaining({ _id: `${event._id}/query`, owner: reader.user.user_id, field: 'query', type: LibraryEventType.SearchPresetSaved }),
    ]);
  });
});
