// The disk back end's signed URLs, which the API answers itself (routes/file-manager.ts): an HMAC of what
// the URL allows (GET or PUT, bucket, key, expiry, type, size, download) with the server's secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The path under /api the disk store's signed URLs use (routes/file-manager.ts serves it). */
export const SIGNED_FILES_PATH = '/api/files/signed';

export interface SignedRequest {
  op: 'get' | 'put';
  bucket: string;
  key: string;
  expires: number;
  contentType: string;
  maxBytes: number;
  download: boolean;
}

const signatureOf = (secret: Buffer, request: SignedRequest) =>
  createHmac('sha256', secret)
    .update(
      [
        'adconsole-file',
        request.op,
        request.bucket,
        request.key,
        request.expires,
        request.contentType,
        request.maxBytes,
        request.download ? 1 : 0,
      ].join('\n'),
    )
    .digest('base64url');

export function signedUrl(secret: Buffer, request: SignedRequest): string {
  const query = new URLSearchParams({
    op: request.op,
    exp: String(request.expires),
    ct: request.contentType,
    max: String(request.maxBytes),
    dl: request.download ? '1' : '0',
    sig: signatureOf(secret, request),
  });
  const keyPath = request.key.split('/').map(encodeURIComponent).join('/');
  return `${SIGNED_FILES_PATH}/${encodeURIComponent(request.bucket)}/${keyPath}?${query.toString()}`;
}

/** The signed request a URL stands for, when its signature is right and it has not expired. */
export function verifySignedUrl(
  secret: Buffer,
  bucket: string,
  key: string,
  query: Record<string, string | undefined>,
  now = Date.now(),
): SignedRequest | undefined {
  const request: SignedRequest = {
    op: query.op === 'put' ? 'put' : 'get',
    bucket,
    key,
    expires: Number(query.exp),
    contentType: query.ct ?? '',
    maxBytes: Number(query.max),
    download: query.dl === '1',
  };
  if (!Number.isFinite(request.expires) || request.expires * 1000 < now) return undefined;
  const expected = Buffer.from(signatureOf(secret, request));
  const given = Buffer.from(query.sig ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? request : undefined;
}
