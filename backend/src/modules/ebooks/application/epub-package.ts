import { strToU8, zipSync, type Zippable } from 'fflate';
import { chapterDocument, chapterFile, coverDocument, type EbookStory, navDocument, packageDocument, STYLE_SHEET, titleDocument, type Xhtml } from './epub-documents';

export const EPUB_MEDIA_TYPE = 'application/epub+zip';

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`;

/**
 * The story as an EPUB 3 file (OCF): `mimetype` first and stored uncompressed, as the format requires, then the
 * container, the package and its documents, compressed. Every entry carries the story's last change as its time, so
 * the same story always gives the same bytes.
 */
export function epubPackage(story: EbookStory, cover: string, toXhtml: Xhtml): Uint8Array {
  const text = (content: string) => strToU8(content);
  const files: Zippable = {
    mimetype: [text(EPUB_MEDIA_TYPE), { level: 0 }],
    'META-INF/container.xml': text(CONTAINER),
    'OEBPS/content.opf': text(packageDocument(story)),
    'OEBPS/nav.xhtml': text(navDocument(story)),
    'OEBPS/style.css': text(STYLE_SHEET),
    'OEBPS/cover.svg': text(cover),
    'OEBPS/cover.xhtml': text(coverDocument(story)),
    'OEBPS/title.xhtml': text(titleDocument(story, toXhtml)),
  };
  for (const chapter of story.chapters) files[`OEBPS/${chapterFile(chapter.chapter_id)}`] = text(chapterDocument(chapter, toXhtml));
  return zipSync(files, { level: 6, mtime: new Date(story.modified) });
}
