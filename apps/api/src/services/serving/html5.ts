// HTML5 creatives uploaded as a ZIP: the archive is unpacked into storage (html5/<live id>/...) the
// first time the live creative is served, and its files are answered from there under
// /serve/h5/{liveID}/{path}. The runtime loads index.html in a sandboxed frame with ?clickTag=.
import type { Readable } from 'node:stream';
import { contentTypeOfName } from '@adconsole/domain';
import JSZip from 'jszip';
import type { Context } from '../../context';

const MAX_FILES = 500;
const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

/** The domain's media type of a file name; text (HTML, CSS, scripts) is served as UTF-8. */
export const contentTypeOf = (path: string) => {
  const type = contentTypeOfName(path);
  return /^text\//.test(type) ? `${type}; charset=utf-8` : type;
};

/** A path inside the archive that stays inside it: no '..', no absolute paths, no empty parts. */
const safePath = (path: string) =>
  path !== '' &&
  !path.startsWith('/') &&
  path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

const unpacked = new Map<string, Promise<Set<string>>>();

async function unpack(ctx: Context, liveId: string, zipKey: string): Promise<Set<string>> {
  const bytes = await ctx.storage.get(zipKey);
  if (!bytes) return new Set();
  const zip = await JSZip.loadAsync(bytes);
  const files = Object.values(zip.files).filter((entry) => !entry.dir && safePath(entry.name));
  // A ZIP packed with its folder ("banner/index.html") is served from inside that folder.
  const roots = new Set(files.map((entry) => entry.name.split('/')[0]));
  const prefix =
    !files.some((entry) => entry.name === 'index.html') && roots.size === 1 ? `${[...roots][0]}/` : '';
  const names = new Set<string>();
  let total = 0;
  for (const entry of files.slice(0, MAX_FILES)) {
    const content = await entry.async('nodebuffer');
    total += content.length;
    if (total > MAX_UNPACKED_BYTES) break;
    const name = entry.name.slice(prefix.length);
    if (!safePath(name)) continue;
    await ctx.storage.put(`html5/${liveId}/${name}`, content, contentTypeOf(name));
    names.add(name);
  }
  return names;
}

/** A file of a live creative's HTML5 ZIP, or undefined. */
export async function html5File(
  ctx: Context,
  liveId: string,
  path: string,
): Promise<{ body: Readable; contentType: string } | undefined> {
  if (!safePath(path)) return undefined;
  const live = await ctx.liveCreatives.get(liveId);
  const zip = live?.snapshot.assets.find((asset) => asset.uploadType === 'html5');
  if (!live || !zip?.path) return undefined;
  let files = unpacked.get(liveId);
  if (!files) {
    files = unpack(ctx, liveId, zip.path);
    unpacked.set(liveId, files);
    files.catch(() => unpacked.delete(liveId));
  }
  if (!(await files).has(path)) return undefined;
  const body = await ctx.storage.open(`html5/${liveId}/${path}`);
  return body ? { body, contentType: contentTypeOf(path) } : undefined;
}
