// A printed PDF read line by line with where each line stands (Poppler's `pdftotext -bbox-layout`), for
// the journeys that check how a report breaks across pages.
import { execFileSync } from 'node:child_process';

export type PdfLine = {
  page: number;
  text: string;
  /** The line's top and bottom edges, in points from the page's top. */
  top: number;
  bottom: number;
  /** The page's height in points (A4: 841.89). */
  pageHeight: number;
};

const attribute = (tag: string, name: string) => Number(new RegExp(`${name}="([\\d.]+)"`).exec(tag)?.[1]);

/** Every line of every page of the PDF `file`, in reading order. */
export function pdfLines(file: string): PdfLine[] {
  const xhtml = execFileSync('pdftotext', ['-bbox-layout', file, '-'], { encoding: 'utf8' });
  return [...xhtml.matchAll(/<page ([^>]*)>([\s\S]*?)<\/page>/g)].flatMap((pageMatch, index) => {
    const pageHeight = attribute(pageMatch[1] ?? '', 'height');
    return [...(pageMatch[2] ?? '').matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g)].map((line) => ({
      page: index + 1,
      text: [...(line[2] ?? '').matchAll(/<word [^>]*>([^<]*)<\/word>/g)]
        .map((word) => (word[1] ?? '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'))
        .join(' '),
      top: attribute(line[1] ?? '', 'yMin'),
      bottom: attribute(line[1] ?? '', 'yMax'),
      pageHeight,
    }));
  });
}
