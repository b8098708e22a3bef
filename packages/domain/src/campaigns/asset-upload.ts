// Which files a creative accepts and how large they may be. The console checks them before uploading;
// the API checks them again (and also reads each file's first bytes to see it is what its name says).
import { MAX_OTHER_BYTES, MAX_VIDEO_BYTES } from '../constants';
import { assetTooLargeMessage, unsupportedAssetMessage } from '../validation/value-messages';

export type AssetKind = 'image' | 'video' | 'html5' | 'vpaid';

export interface AssetFileType {
  kind: AssetKind;
  contentType: string;
}

/** Accepted file name extensions: images, MP4/WebM video, a ZIP for HTML5, a JavaScript file for VPAID. */
export const ASSET_FILE_TYPES: Readonly<Record<string, AssetFileType>> = {
  png: { kind: 'image', contentType: 'image/png' },
  jpg: { kind: 'image', contentType: 'image/jpeg' },
  jpeg: { kind: 'image', contentType: 'image/jpeg' },
  gif: { kind: 'image', contentType: 'image/gif' },
  webp: { kind: 'image', contentType: 'image/webp' },
  mp4: { kind: 'video', contentType: 'video/mp4' },
  webm: { kind: 'video', contentType: 'video/webm' },
  zip: { kind: 'html5', contentType: 'application/zip' },
  js: { kind: 'vpaid', contentType: 'text/javascript; charset=utf-8' },
};

export const ASSET_EXTENSIONS = Object.keys(ASSET_FILE_TYPES);
/** The extensions as a file picker's accept list ('.png', '.jpg', ...). */
export const ASSET_ACCEPT = ASSET_EXTENSIONS.map((extension) => `.${extension}`);

/** The accepted type a file name stands for, by its extension; undefined when not accepted. */
export function assetFileType(filename: string): AssetFileType | undefined {
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  return Object.hasOwn(ASSET_FILE_TYPES, extension) ? ASSET_FILE_TYPES[extension] : undefined;
}

/** Videos may be 200 MB; images, HTML5 zips and VPAID scripts 10 MB. */
export const maxAssetBytes = (kind: AssetKind): number =>
  kind === 'video' ? MAX_VIDEO_BYTES : MAX_OTHER_BYTES;

/** Why a file cannot be uploaded to a creative (its type or its size), or undefined when it can. */
export function assetUploadProblem(file: { name: string; size: number }): string | undefined {
  const type = assetFileType(file.name);
  if (!type) return unsupportedAssetMessage(file.name);
  if (file.size > maxAssetBytes(type.kind)) return assetTooLargeMessage(file.name, type.kind);
  return undefined;
}

/** What an upload does to a creative's earlier assets. */
export interface AssetReplacement {
  /** Earlier assets the upload removes. */
  removed: string[];
  /** Earlier assets the upload keeps under a new name. */
  renamed: { id: string; name: string }[];
}

/**
 * The asset replacement rule: an uploaded file replaces an earlier asset of the same name; when the
 * client sends its list of the creative's assets, earlier assets missing from it are removed and
 * listed ones whose `name` differs are renamed. Without a list nothing else changes.
 */
export function assetReplacement(
  earlier: readonly { id: string; name: string }[],
  uploadedNames: readonly string[],
  listed?: readonly { id?: string | number | undefined; name?: unknown }[],
): AssetReplacement {
  const uploaded = new Set(uploadedNames);
  const wanted =
    listed === undefined ? undefined : new Map(listed.map((asset) => [String(asset.id ?? ''), asset]));
  const removed = earlier.filter(
    (asset) => uploaded.has(asset.name) || (wanted !== undefined && !wanted.has(asset.id)),
  );
  const removedIds = new Set(removed.map((asset) => asset.id));
  const renamed = earlier.flatMap((asset) => {
    const name = wanted?.get(asset.id)?.name;
    if (removedIds.has(asset.id) || typeof name !== 'string') return [];
    const trimmed = name.trim().slice(0, 200);
    return trimmed !== '' && trimmed !== asset.name ? [{ id: asset.id, name: trimmed }] : [];
  });
  return { removed: removed.map((asset) => asset.id), renamed };
}

/** What a creative's upload accepts, in a sentence (the dropzone's hint). */
export const ASSET_LIMITS_HINT =
  'PNG, JPEG, GIF, WebP, a ZIP for HTML5 or a JavaScript file for VPAID up to 10 MB; MP4 or WebM video up to 200 MB';
