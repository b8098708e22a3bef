// Bulk upload of creatives (docs/product.md §7, "Bulk upload"): many files, or one ZIP holding them, make one
// creative each in one campaign. Which files make a creative, how a batch ZIP is told from an HTML5
// ad's ZIP, the creative's name and the batch's bounds are written here once, for the console and the API.

import { BULK_MESSAGES, MAX_BULK_BYTES, MAX_BULK_FILES } from '../validation/bulk-messages';
import { type AssetKind, assetFileType } from './asset-upload';

export { BULK_MESSAGES, MAX_BULK_BYTES, MAX_BULK_FILES };

/** The creative a file makes: its type, and the kind of asset the file is. */
export type BulkFileKind = Extract<AssetKind, 'image' | 'video' | 'html5'>;

/** Names a packer adds that are not files of the batch (macOS resource forks, Finder and Explorer files). */
const SYSTEM_FILE = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$|\._)/i;

/** Is this entry of a batch ZIP a packer's own file, skipped without a word? */
export const isPackerFile = (path: string): boolean => SYSTEM_FILE.test(path);

/** The kind of creative a file makes, or undefined when bulk upload does not take it (VPAID scripts included). */
export function bulkFileKind(filename: string): BulkFileKind | undefined {
  const kind = assetFileType(filename)?.kind;
  return kind === 'image' || kind === 'video' || kind === 'html5' ? kind : undefined;
}

/**
 * An HTML5 ad's ZIP has an index.html at its root, or inside the one folder everything is packed in (as the
 * HTML5 upload serves it); any other ZIP sent to bulk upload is a batch ZIP, whose entries are the files.
 */
export function isHtml5AdZip(paths: readonly string[]): boolean {
  const files = paths.filter((path) => !path.endsWith('/') && !isPackerFile(path));
  if (files.includes('index.html')) return true;
  const roots = new Set(files.map((path) => path.split('/')[0]));
  const [root] = [...roots];
  return (
    roots.size === 1 && files.every((path) => path.includes('/')) && files.includes(`${root}/index.html`)
  );
}

/** The index.html of an HTML5 ad's ZIP (see isHtml5AdZip), or undefined. */
export function html5IndexPath(paths: readonly string[]): string | undefined {
  if (paths.includes('index.html')) return 'index.html';
  return paths.find((path) => /^[^/]+\/index\.html$/.test(path) && isHtml5AdZip(paths));
}

/** The size an HTML5 ad declares: `<meta name="ad.size" content="width=300,height=250">` (the IAB's meta). */
export function adSizeOf(html: string): { width: number; height: number } | undefined {
  for (const meta of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/\bname\s*=\s*["']?ad\.size\b/i.test(meta)) continue;
    const content = /\bcontent\s*=\s*["']([^"']*)["']/i.exec(meta)?.[1] ?? '';
    const width = Number(/width\s*=\s*(\d{1,5})/i.exec(content)?.[1]);
    const height = Number(/height\s*=\s*(\d{1,5})/i.exec(content)?.[1]);
    if (width > 0 && height > 0) return { width, height };
  }
  return undefined;
}

/** A creative's name from its file's: the base name without its extension, at most 200 characters. */
export function bulkCreativeName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? filename;
  const name = base.replace(/\.[^.]+$/, '').trim();
  return (name === '' ? base : name).slice(0, 200);
}

// The texts a user reads (the API's refusals, the console's summary).

/** A batch over its count of files. */
export const bulkTooManyFilesMessage = (count: number): string =>
  `The batch holds ${count} files: at most ${MAX_BULK_FILES} files are uploaded at once. Split it into smaller batches.`;

/** A batch over its bytes (sent, or unpacked from a batch ZIP). */
export const bulkTooLargeMessage = (): string =>
  `The batch is too large: at most ${MAX_BULK_BYTES / 1024 / 1024} MB are uploaded at once. Split it into smaller batches.`;

/** An HTML5 ad that does not declare its size. */
export const html5WithoutSizeMessage = (filename: string): string =>
  `${filename}: the HTML5 ad does not declare its size: add <meta name="ad.size" content="width=300,height=250"> to its index.html.`;

/** Why a batch cannot be sent as chosen (too many files, too many bytes), or undefined. */
export function bulkBatchProblem(files: readonly { size: number }[]): string | undefined {
  if (files.length > MAX_BULK_FILES) return bulkTooManyFilesMessage(files.length);
  if (files.reduce((sum, file) => sum + file.size, 0) > MAX_BULK_BYTES) return bulkTooLargeMessage();
  return undefined;
}

/** One file refused: nothing of the batch is made. */
export const bulkNothingMadeMessage = (reason: string): string => `Nothing was made. ${reason}`;
