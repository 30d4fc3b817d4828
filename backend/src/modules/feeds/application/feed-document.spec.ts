import { type FeedContent, feedDocument, type FeedSite, tagUri } from './feed-document';

const site: FeedSite = { name: 'Novel Shelf', url: 'https://novels.example.com', host: 'novels.example.com' };
const hostile = 'A ]]> B ]]> <b>C</b> & "D"';
const content: FeedContent = {
  id: tagUri(site, 'feeds/story/7'),
  title: `${hostile} on Novel Shelf`,
  description: 'New chapters.',
  pageUrl: 'https://novels.example.com/7-a-b',
  selfUrls: { rss: 'https://novels.example.com/api/feeds/stories/7.rss', atom: 'https://novels.example.com/api/feeds/stories/7.atom' },
  chapters: [{ bookId: 7, bookName: hostile, slug: '7-a-b', chapterId: 3, title: hostile, uploadedTime: '2026-11-27T10:00:00.000Z', wordCount: 12345 }],
  namesStory: false,
  updated: '2026-11-27T10:00:00.000Z',
};

describe('feed documents', () => {
  it('keeps every CDATA section whole and escapes what is HTML, whatever a title holds', () => {
    for (const format of ['rss', 'atom'] as const) {
      const xml = feedDocument(site, content, format);
      const outsideCdata = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
      expect(outsideCdata).not.toContain(']]>');
      expect(outsideCdata).not.toContain('<b>');
    }
    const atom = feedDocument(site, content, 'atom');
    expect(atom).toContain('<title type="html"><![CDATA[A ]]&gt; B ]]&gt; &lt;b&gt;C&lt;/b&gt; &amp; &quot;D&quot;]]></title>');
    expect(atom).toContain('12,345 words.');
    expect(feedDocument(site, content, 'rss')).toContain('<title><![CDATA[A ]] > B ]] > <b>C</b> & "D"]]></title>');
  });

  it("names each chapter by a tag: URI of its ids and links its page, and the feed's own addresses", () => {
    const rss = feedDocument(site, content, 'rss');
    expect(rss).toContain('<guid isPermaLink="false">tag:novels.example.com,2026:chapter/7/3</guid>');
    expect(rss).toContain('<link>https://novels.example.com/7-a-b/3</link>');
    expect(rss).toContain('<atom:link href="https://novels.example.com/api/feeds/stories/7.rss" rel="self" type="application/rss+xml"/>');
    const atom = feedDocument(site, content, 'atom');
    expect(atom).toContain('<id>tag:novels.example.com,2026:chapter/7/3</id>');
    expect(atom).toContain('<link rel="self" href="https://novels.example.com/api/feeds/stories/7.atom"/>');
    expect(atom).toContain('<updated>2026-11-27T10:00:00.000Z</updated>');
  });
});
