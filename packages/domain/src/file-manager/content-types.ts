// The media type a stored file stands for, and how storage answers it (previewed in place, or an
// attachment that never runs as a page).

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
  zip: 'application/zip',
  js: 'text/javascript',
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  woff: 'font/woff',
  woff2: 'font/woff2',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The media type a file name stands for; application/octet-stream when unknown. */
export function contentTypeOfName(name: string): string {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return Object.hasOwn(CONTENT_TYPES, extension)
    ? (CONTENT_TYPES[extension] as string)
    : 'application/octet-stream';
}

/**
 * How storage answers a file: images and videos the console previews keep their type and may show in
 * place; anything else (HTML, SVG, scripts, documents) is an `application/octet-stream` attachment,
 * so no stored file ever runs as a page or a script of the origin that serves it.
 */
export function servedFileType(name: string, download: boolean): { contentType: string; inline: boolean } {
  const contentType = contentTypeOfName(name);
  if (previewKind(contentType) === undefined)
    return { contentType: 'application/octet-stream', inline: false };
  return { contentType, inline: !download };
}

/** What a file can be previewed as in the console (SVG is not: it may carry script). */
export function previewKind(contentType: string | null): 'image' | 'video' | undefined {
  if (contentType === null) return undefined;
  if (/^image\/(png|jpeg|gif|webp)$/.test(contentType)) return 'image';
  if (/^video\/(mp4|webm)$/.test(contentType)) return 'video';
  return undefined;
}
