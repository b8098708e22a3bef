// The file manager's calls, run twice: on the embedded store (files on disk, the API answers the
// signed URLs) and on S3 (s3rver on loopback: real @aws-sdk/client-s3 signing, XML and presigned
// URLs). The bytes always go straight to the presigned URL, as the browser sends them.
import { Readable } from 'node:stream';
import {
  FILE_MANAGER_MAX_BYTES,
  type FileEntry,
  fileTooLargeMessage,
  folderTooLargeMessage,
  MESSAGES,
  nameTakenMessage,
  uploadQuotaMessage,
  uploadRateMessage,
} from '@adconsole/domain';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePolicy } from '../../app';
import { loadConfig } from '../../config';
import {
  type ApiAnswer,
  type Client,
  startServer,
  type TestServer,
  testDatabaseKind,
} from '../../test/harness';
import { demoAsset, signedInAdmin, signedInUser } from '../../test/helpers';
import { type S3Peer, startS3Peer } from '../../test/peers';
import { createS3Client } from '../object-store/s3';

const png = await demoAsset('banner.png');

type Listing = { bucket: string; directory: string; entries: FileEntry[]; nextToken: string | null };
type Ticket = { url: string; method: 'PUT'; headers: Record<string, string>; path: string };

describe.each(['disk', 's3'] as const)(`file manager on %s (${testDatabaseKind()})`, (store) => {
  let server: TestServer;
  let peer: S3Peer | undefined;
  let user: Client;
  let other: Client;
  let admin: Client;
  let userId: string;
  /** A server on this store (s3rver's bucket when on S3), with further settings. */
  const serverOnStore = (env: Record<string, string> = {}) =>
    startServer({
      ...(peer
        ? {
            S3_BUCKET: peer.bucket,
            S3_ENDPOINT: peer.endpoint,
            S3_ACCESS_KEY_ID: peer.accessKeyId,
            S3_SECRET_ACCESS_KEY: peer.secretAccessKey,
          }
        : {}),
      ...env,
    });
  beforeAll(async () => {
    peer = store === 's3' ? await startS3Peer() : undefined;
    server = await serverOnStore();
    user = (await signedInUser(server)).client;
    other = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
    userId = (await user.get<{ user: { id: string } }>('/me')).body.data?.user.id ?? '';
  });
  afterAll(async () => {
    await server.close();
    await peer?.close();
  });

  const list = async (client: Client, directory = '') =>
    (await client.get<Listing>(`/v1/files?directory=${encodeURIComponent(directory)}`)).body.data;
  const names = async (client: Client, directory = '') =>
    (await list(client, directory))?.entries.map((entry) => `${entry.kind}:${entry.name}`);
  /** PUTs the bytes to the presigned URL as the browser does (a relative URL is the API's own). */
  const put = (ticket: Ticket, body: Buffer, headers: Record<string, string> = ticket.headers) =>
    fetch(new URL(ticket.url, server.url), { method: 'PUT', headers, body: new Uint8Array(body) });
  const upload = async (client: Client, directory: string, name: string, body: Buffer, on = server) => {
    const ticket = await client.post<Ticket>('/v1/files/upload', { directory, name, size: body.length });
    expect(ticket.httpStatus, JSON.stringify(ticket.body)).toBe(200);
    const answer = await fetch(new URL((ticket.body.data as Ticket).url, on.url), {
      method: 'PUT',
      headers: (ticket.body.data as Ticket).headers,
      body: new Uint8Array(body),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return ticket.body.data as Ticket;
  };
  /** Every page of a directory, `pageSize` entries a page, as the console's "Load more" asks for them. */
  const allPages = async (client: Client, directory: string, pageSize: number) => {
    const pages: FileEntry[][] = [];
    let token: string | null = null;
    do {
      const query: URLSearchParams = new URLSearchParams({ directory, pageSize: String(pageSize) });
      if (token) query.set('token', token);
      const answer: ApiAnswer<Listing> = await client.get<Listing>(`/v1/files?${query}`);
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      pages.push(answer.body.data?.entries ?? []);
      token = answer.body.data?.nextToken ?? null;
      expect(pages.length).toBeLessThan(5000);
    } while (token);
    return pages;
  };
  /** Puts bytes under a key of the server's store directly (a fixture, as if uploaded long ago). */
  const seed = async (on: TestServer, bucket: string, key: string, body: Buffer) => {
    const disk = on.app.adconsole.diskFiles;
    if (disk) {
      await disk.write(bucket, key, Readable.from([body]), body.length);
      return;
    }
    const client = createS3Client({
      bucket,
      region: 'us-east-1',
      endpoint: peer?.endpoint,
      accessKeyId: peer?.accessKeyId,
      secretAccessKey: peer?.secretAccessKey,
    });
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
  };

  it("lets the console's page reach the presigned URLs (Content-Security-Policy connect-src)", async () => {
    const policy = (await fetch(`${server.url}/api/ping`)).headers.get('content-security-policy') ?? '';
    const connect = policy.split('; ').find((directive) => directive.startsWith('connect-src')) ?? '';
    expect(connect).toContain(store === 's3' ? new URL(peer?.endpoint ?? '').origin : "'self'");
    const aws = consolePolicy(loadConfig({ S3_BUCKET: 'media', S3_REGION: 'eu-west-1' }));
    expect(aws).toContain('https://*.s3.eu-west-1.amazonaws.com');
  });

  it("offers FILE_MANAGER_BUCKETS' buckets: a user's private space, an admin's whole bucket", async () => {
    const mine = await user.get<{ buckets: string[]; space: string; maxBytes: number }>('/v1/files/buckets');
    expect(mine.body.data).toMatchObject({
      buckets: [store === 's3' ? peer?.bucket : 'files'],
      space: 'private',
    });
    expect(mine.body.data?.maxBytes).toBe(FILE_MANAGER_MAX_BYTES);
    expect((await admin.get<{ space: string }>('/v1/files/buckets')).body.data?.space).toBe('bucket');
    expect((await user.get('/v1/files?bucket=elsewhere')).body.message).toBe(MESSAGES.fileBucketUnknown);
  });

  it('creates folders, lists folders and files, and refuses an existing name', async () => {
    expect(await names(user)).toEqual([]);
    const folder = await user.post<FileEntry>('/v1/files/folder', { directory: '', name: 'photos' });
    expect(folder.body.data).toMatchObject({ kind: 'folder', name: 'photos', path: 'photos/' });
    await user.post('/v1/files/folder', { directory: 'photos/', name: '2026' });
    expect(await names(user)).toEqual(['folder:photos']);
    expect(await names(user, 'photos/')).toEqual(['folder:2026']);
    const again = await user.post('/v1/files/folder', { directory: '', name: 'photos' });
    expect(again.httpStatus).toBe(409);
    expect(again.body.message).toBe(nameTakenMessage('photos'));
  });

  it('refuses names with "/" or "..", paths that climb, and a file over the limit', async () => {
    const slash = await user.post('/v1/files/folder', { directory: '', name: 'a/b' });
    expect(slash.httpStatus).toBe(400);
    expect(slash.body.errors).toContain(MESSAGES.fileNameHasSlash);
    const dots = await user.post('/v1/files/upload', { directory: '', name: '..', size: 1 });
    expect(dots.body.errors).toContain(MESSAGES.fileNameHasDots);
    const climb = await user.get('/v1/files?directory=../../');
    expect(climb.httpStatus).toBe(400);
    expect(climb.body.errors).toContain(MESSAGES.fileNameHasDots);
    const big = await user.post('/v1/files/upload', {
      directory: '',
      name: 'big.mp4',
      size: FILE_MANAGER_MAX_BYTES + 1,
    });
    expect(big.httpStatus).toBe(400);
    expect(big.body.errors).toContain(fileTooLargeMessage('big.mp4'));
  });

  it('uploads straight to the presigned URL; the listing shows name, size, type and time', async () => {
    const before = Date.now();
    await upload(user, 'photos/', 'banner.png', png);
    const after = Date.now();
    const [file] = (await list(user, 'photos/'))?.entries.filter((entry) => entry.kind === 'file') ?? [];
    expect(file).toMatchObject({
      name: 'banner.png',
      path: 'photos/banner.png',
      size: png.length,
      contentType: 'image/png',
    });
    // Written during the upload; file times are coarse (S3 keeps whole seconds, a disk the kernel's
    // clock tick), so within a second of it.
    expect(Date.parse(file?.modified ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(file?.modified ?? '')).toBeLessThanOrEqual(after + 1000);
    const again = await user.post('/v1/files/upload', { directory: 'photos/', name: 'banner.png', size: 3 });
    expect(again.httpStatus).toBe(409);
    expect(again.body.message).toBe(nameTakenMessage('banner.png'));
  });

  it('a presigned PUT takes only the signed type and size, for 15 minutes', async () => {
    const ticket = (await user.post<Ticket>('/v1/files/upload', { directory: '', name: 'x.png', size: 4 }))
      .body.data as Ticket;
    if (store === 's3') {
      // s3rver does not recompute V4 signatures (its source says so); S3 does, over these headers.
      const url = new URL(ticket.url);
      expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
        expect.arrayContaining(['content-length', 'content-type', 'host']),
      );
      expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
      return;
    }
    expect((await put(ticket, Buffer.from('four'), { 'Content-Type': 'text/html' })).status).toBe(403);
    expect((await put(ticket, Buffer.from('forty bytes and more than that'))).status).toBe(403);
    expect(await names(user)).not.toContain('file:x.png');
  });

  it('a presigned PUT replayed within its 15 minutes cannot overwrite the file it stored', async () => {
    const ticket = (await user.post<Ticket>('/v1/files/upload', { directory: '', name: 'once.png', size: 4 }))
      .body.data as Ticket;
    expect((await put(ticket, Buffer.from('four'))).status).toBe(200);
    // S3 would need If-None-Match on the PUT, which s3rver does not keep: the disk store only.
    if (store === 'disk') {
      const replay = await put(ticket, Buffer.from('FOUR'));
      expect(replay.status).toBe(409);
      const shown = await user.get<{ url: string }>('/v1/files/url?path=once.png&download=true');
      expect(await (await fetch(new URL(shown.body.data?.url ?? '', server.url))).text()).toBe('four');
    }
    expect((await user.delete('/v1/files?path=once.png')).httpStatus).toBe(200);
  });

  it('hands out presigned GET URLs that answer the bytes, and refuse once expired or tampered with', async () => {
    const answer = await user.get<{ url: string }>('/v1/files/url?path=photos/banner.png');
    const url = new URL(answer.body.data?.url ?? '', server.url);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    const download = await user.get<{ url: string }>('/v1/files/url?path=photos/banner.png&download=true');
    const attachment = await fetch(new URL(download.body.data?.url ?? '', server.url));
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment/);
    await attachment.arrayBuffer();
    const tampered = new URL(url);
    if (store === 's3') {
      // Signed an hour ago: past its 15 minutes (s3rver checks the time, not the signature).
      const signedAt = tampered.searchParams.get('X-Amz-Date') ?? '';
      const earlier = new Date(
        Date.parse(signedAt.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')) -
          3_600_000,
      );
      tampered.searchParams.set('X-Amz-Date', earlier.toISOString().replace(/[-:]|\.\d{3}/g, ''));
    } else {
      const signature = tampered.searchParams.get('sig') ?? '';
      tampered.searchParams.set('sig', `${signature.slice(0, -2)}${signature.endsWith('aa') ? 'bb' : 'aa'}`);
    }
    expect((await fetch(tampered)).status).toBe(403);
    expect((await user.get('/v1/files/url?path=photos/missing.png')).httpStatus).toBe(404);
  });

  it('stores and serves a file by its name: a page, an SVG or a script is an attachment, never run inline', async () => {
    // The browser's word on the type is not taken: a.png asked as text/html is signed as image/png.
    const ticket = await user.post<Ticket>('/v1/files/upload', {
      directory: '',
      name: 'a.png',
      size: 4,
      contentType: 'text/html',
    });
    expect(ticket.body.data?.headers['Content-Type']).toBe('image/png');
    const page = Buffer.from('<script>alert(document.domain)</script>');
    await user.post('/v1/files/folder', { directory: '', name: 'types' });
    for (const name of ['page.html', 'logo.svg', 'tool.js']) {
      await upload(user, 'types/', name, page);
      const shown = await user.get<{ url: string }>(`/v1/files/url?path=types/${name}`);
      const answer = await fetch(new URL(shown.body.data?.url ?? '', server.url));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type'), name).toMatch(/^application\/octet-stream/);
      expect(answer.headers.get('content-disposition'), name).toMatch(/^attachment/);
      await answer.arrayBuffer();
    }
    // An image the console previews keeps its type and shows in place.
    const image = await user.get<{ url: string }>('/v1/files/url?path=photos/banner.png');
    const shown = await fetch(new URL(image.body.data?.url ?? '', server.url));
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('content-disposition')).toMatch(/^inline/);
    await shown.arrayBuffer();
    expect((await user.delete('/v1/files?path=types/')).httpStatus).toBe(200);
  });

  it("keeps a user's space private; an admin sees it under users/<id>/", async () => {
    expect(await names(other)).toEqual([]);
    expect((await other.get('/v1/files/url?path=photos/banner.png')).httpStatus).toBe(404);
    expect(await names(admin, 'users/')).toContain(`folder:${userId}`);
    expect(await names(admin, `users/${userId}/photos/`)).toContain('file:banner.png');
  });

  it('renames a file and moves a folder with its contents', async () => {
    const renamed = await user.post<FileEntry>('/v1/files/move', {
      from: 'photos/banner.png',
      to: 'photos/hero.png',
    });
    expect(renamed.body.data).toMatchObject({ name: 'hero.png', path: 'photos/hero.png', size: png.length });
    await user.post('/v1/files/folder', { directory: '', name: 'archive' });
    const moved = await user.post<FileEntry>('/v1/files/move', { from: 'photos/', to: 'archive/photos/' });
    expect(moved.body.data).toMatchObject({ kind: 'folder', path: 'archive/photos/' });
    expect(await names(user)).toEqual(['folder:archive']);
    expect(await names(user, 'archive/photos/')).toEqual(['folder:2026', 'file:hero.png']);
    const into = await user.post('/v1/files/move', { from: 'archive/', to: 'archive/photos/inside/' });
    expect(into.body.message).toBe(MESSAGES.folderIntoItself);
    const taken = await user.post('/v1/files/move', { from: 'archive/photos/2026/', to: 'archive/photos/' });
    expect(taken.httpStatus).toBe(409);
  });

  it('uses a file in a creative: it becomes one of its assets', async () => {
    const campaign = await user.post<{ id: string }>('/v1/campaign/new', { name: 'Files' });
    const creative = await user.post<{ id: string }>('/v1/campaign/creatives', {
      campaignID: campaign.body.data?.id,
      name: 'From the file manager',
      type: 'Banner',
      width: 300,
      height: 250,
    });
    const asset = await user.post<{ name: string; width: number; url: string }>('/v1/files/use', {
      path: 'archive/photos/hero.png',
      creativeID: creative.body.data?.id,
    });
    expect(asset.httpStatus, JSON.stringify(asset.body)).toBe(200);
    expect(asset.body.data).toMatchObject({ name: 'hero.png', width: expect.any(Number) });
    const stored = await fetch(new URL(new URL(asset.body.data?.url ?? '').pathname, server.url));
    expect(Buffer.from(await stored.arrayBuffer()).equals(png)).toBe(true);
    const foreign = await other.post('/v1/files/use', {
      path: 'archive/photos/hero.png',
      creativeID: creative.body.data?.id,
    });
    expect(foreign.httpStatus).toBe(404);
  });

  it('deletes a folder with everything in it', async () => {
    const answer = await user.delete<{ deleted: number }>('/v1/files?path=archive/');
    expect(answer.body.data).toEqual({ deleted: 1 });
    expect(await names(user)).toEqual([]);
    expect((await user.delete('/v1/files?path=archive/')).httpStatus).toBe(404);
  });

  it('lists a directory in pages: nextToken continues it, every entry once, folders first in a page', async () => {
    const pager = (await signedInUser(server)).client;
    await pager.post('/v1/files/folder', { directory: '', name: 'many' });
    for (const name of ['b-folder', 'd-folder', 'f-folder'])
      await pager.post('/v1/files/folder', { directory: 'many/', name });
    // One folder is not empty, so a store that lists its contents must still roll it up into one entry.
    await upload(pager, 'many/d-folder/', 'inside.png', png);
    for (const name of ['a.png', 'c.png', 'e.png', 'g.png', 'h.png']) await upload(pager, 'many/', name, png);
    const everything = [
      'folder:b-folder',
      'folder:d-folder',
      'folder:f-folder',
      'file:a.png',
      'file:c.png',
      'file:e.png',
      'file:g.png',
      'file:h.png',
    ];
    // One page of the default size (200) holds all of it, with no next page.
    const whole = await list(pager, 'many/');
    expect(whole?.entries.map((entry) => `${entry.kind}:${entry.name}`)).toEqual(everything);
    expect(whole?.nextToken).toBeNull();

    const pages = await allPages(pager, 'many/', 3);
    const shown = pages.flat().map((entry) => `${entry.kind}:${entry.name}`);
    expect(shown.toSorted()).toEqual(everything.toSorted());
    for (const page of pages) {
      const kinds = page.map((entry) => entry.kind);
      expect(kinds).toEqual(kinds.toSorted((a, b) => (a === b ? 0 : a === 'folder' ? -1 : 1)));
    }
    if (store === 'disk') {
      // Storage order (by key, as S3 compares them), three at a time.
      expect(pages.map((page) => page.map((entry) => entry.name))).toEqual([
        ['b-folder', 'a.png', 'c.png'],
        ['d-folder', 'f-folder', 'e.png'],
        ['g.png', 'h.png'],
      ]);
    } else {
      // S3 counts folders and files against MaxKeys; s3rver counts only files.
      for (const page of pages)
        expect(page.filter((entry) => entry.kind === 'file').length).toBeLessThanOrEqual(3);
      expect(pages.length).toBeGreaterThan(1);
    }
  });

  it('refuses a page size above 1,000 and a page token it did not answer', async () => {
    const big = await user.get('/v1/files?directory=&pageSize=1001');
    expect(big.httpStatus).toBe(400);
    expect(big.body.errors).toContain('pageSize must be at most 1000');
    const forged = await user.get(`/v1/files?token=${Buffer.from('{"a":1}').toString('base64url')}`);
    expect(forged.httpStatus).toBe(400);
    expect(forged.body.message).toBe(MESSAGES.folderPageTokenInvalid);
    const garbage = await user.get('/v1/files?token=bm90IGpzb24');
    expect(garbage.body.message).toBe(MESSAGES.folderPageTokenInvalid);
  });

  it('moves and deletes a folder of more than one page of keys (1,000 a call), and lists it in pages', async () => {
    const owner = (await signedInUser(server)).client;
    const ownerId = (await owner.get<{ user: { id: string } }>('/me')).body.data?.user.id ?? '';
    const bucket = store === 's3' ? (peer?.bucket ?? '') : 'files';
    await owner.post('/v1/files/folder', { directory: '', name: 'bulk' });
    const count = 1_005;
    const keys = Array.from(
      { length: count },
      (_, index) => `users/${ownerId}/bulk/f${String(index).padStart(4, '0')}.txt`,
    );
    for (let start = 0; start < keys.length; start += 25)
      await Promise.all(
        keys.slice(start, start + 25).map((key) => seed(server, bucket, key, Buffer.from('x'))),
      );
    const pages = await allPages(owner, 'bulk/', 1000);
    // On S3 the folder's own marker object is one of the first page's 1,000 keys (and not shown).
    expect(pages.map((page) => page.length)).toEqual(store === 'disk' ? [1000, 5] : [999, 6]);

    const moved = await owner.post('/v1/files/move', { from: 'bulk/', to: 'moved/' });
    expect(moved.httpStatus, JSON.stringify(moved.body)).toBe(200);
    expect(await names(owner)).toEqual(['folder:moved']);
    expect((await allPages(owner, 'moved/', 1000)).flat()).toHaveLength(count);

    const deleted = await owner.delete<{ deleted: number }>('/v1/files?path=moved/');
    expect(deleted.body.data).toEqual({ deleted: count });
    expect(await names(owner)).toEqual([]);
  }, 180_000);

  describe('limits (FILE_MANAGER_QUOTA_MB=1, FILE_MANAGER_UPLOADS_PER_MINUTE=5, FILE_MANAGER_FOLDER_KEY_LIMIT=5)', () => {
    const MB = 1024 * 1024;
    let limited: TestServer;
    const fresh = async () => {
      const client = (await signedInUser(limited)).client;
      const id = (await client.get<{ user: { id: string } }>('/me')).body.data?.user.id ?? '';
      return { client, id };
    };
    const ticket = (client: Client, directory: string, name: string, size: number) =>
      client.post<Ticket>('/v1/files/upload', { directory, name, size });
    beforeAll(async () => {
      limited = await serverOnStore({
        FILE_MANAGER_QUOTA_MB: '1',
        FILE_MANAGER_UPLOADS_PER_MINUTE: '5',
        FILE_MANAGER_FOLDER_KEY_LIMIT: '5',
      });
    });
    afterAll(() => limited.close());

    it("refuses an upload ticket past the user's quota (413), saying how much is used and the quota", async () => {
      const { client } = await fresh();
      // Files anywhere in the space count, folders within folders included.
      await client.post('/v1/files/folder', { directory: '', name: 'deep' });
      await upload(client, 'deep/', 'banner.png', png, limited);
      const over = await ticket(client, '', 'video.mp4', MB - png.length + 1);
      expect(over.httpStatus).toBe(413);
      expect(over.body.message).toBe(
        uploadQuotaMessage({
          name: 'video.mp4',
          size: MB - png.length + 1,
          used: png.length,
          quotaBytes: MB,
        }),
      );
      // Exactly up to the quota fits; the ticket then counts while its file has not arrived.
      expect((await ticket(client, '', 'video.mp4', MB - png.length)).httpStatus).toBe(200);
      const pending = await ticket(client, '', 'one-more.txt', 1);
      expect(pending.httpStatus).toBe(413);
      expect(pending.body.message).toBe(
        uploadQuotaMessage({ name: 'one-more.txt', size: 1, used: MB, quotaBytes: MB }),
      );
    });

    it('a file named x.partial is a file like any other: listed, counted once in the quota, and deletable', async () => {
      const { client } = await fresh();
      await upload(client, '', 'x.partial', png, limited);
      const listed = (await client.get<Listing>('/v1/files?directory=')).body.data?.entries ?? [];
      expect(listed.map((entry) => `${entry.kind}:${entry.name}`)).toEqual(['file:x.partial']);
      // Counted once: exactly what is left of the quota still fits, one more byte does not.
      expect((await ticket(client, '', 'rest.bin', MB - png.length + 1)).httpStatus).toBe(413);
      expect((await client.delete('/v1/files?path=x.partial')).httpStatus).toBe(200);
      expect((await client.get<Listing>('/v1/files?directory=')).body.data?.entries).toEqual([]);
    });

    it("counts an admin's upload into a user's space against that user; the admin's own area has no quota", async () => {
      const { client, id } = await fresh();
      const admin = (await signedInAdmin(limited)).client;
      expect((await ticket(client, '', 'big.mp4', MB - 10)).httpStatus).toBe(200);
      const intoUser = await ticket(admin, `users/${id}/`, 'from-admin.png', 11);
      expect(intoUser.httpStatus).toBe(413);
      expect(intoUser.body.message).toBe(
        uploadQuotaMessage({ name: 'from-admin.png', size: 11, used: MB - 10, quotaBytes: MB }),
      );
      await admin.post('/v1/files/folder', { directory: '', name: 'shared' });
      expect((await ticket(admin, 'shared/', 'large.mp4', 5 * MB)).httpStatus).toBe(200);
    });

    it('takes 5 upload tickets a minute per user (refused ones count), then 429 with Retry-After', async () => {
      const { client } = await fresh();
      for (const name of ['1.png', '2.png', '3.png'])
        expect((await ticket(client, '', name, 1)).httpStatus).toBe(200);
      for (const name of ['4.mp4', '5.mp4'])
        expect((await ticket(client, '', name, 2 * MB)).httpStatus).toBe(413);
      const sixth = await ticket(client, '', '6.png', 1);
      expect(sixth.httpStatus).toBe(429);
      const retryAfter = Number(sixth.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(sixth.body.message).toBe(uploadRateMessage(5, retryAfter));
      // Per user: another user's uploads are not held up.
      expect((await ticket((await fresh()).client, '', '1.png', 1)).httpStatus).toBe(200);
    });

    it('refuses to move or delete a folder of more than 5 keys (413) before anything changes', async () => {
      const { client } = await fresh();
      await client.post('/v1/files/folder', { directory: '', name: 'big' });
      for (const name of ['a', 'b', 'c', 'd', 'e', 'f'])
        await client.post('/v1/files/folder', { directory: 'big/', name });
      const move = await client.post('/v1/files/move', { from: 'big/', to: 'elsewhere/' });
      expect(move.httpStatus).toBe(413);
      expect(move.body.message).toBe(folderTooLargeMessage('big', 5));
      const remove = await client.delete('/v1/files?path=big/');
      expect(remove.httpStatus).toBe(413);
      expect(remove.body.message).toBe(folderTooLargeMessage('big', 5));
      expect(await names(client)).toEqual(['folder:big']);
      expect(await names(client, 'big/')).toHaveLength(6);
      // Five keys are within the limit.
      expect((await client.delete('/v1/files?path=big/f/')).httpStatus).toBe(200);
      expect((await client.post('/v1/files/move', { from: 'big/', to: 'elsewhere/' })).httpStatus).toBe(200);
      expect(await names(client, 'elsewhere/')).toHaveLength(5);
      expect((await client.delete<{ deleted: number }>('/v1/files?path=elsewhere/')).httpStatus).toBe(200);
      expect(await names(client)).toEqual([]);
    });
  });
});

describe('FILE_MANAGER_QUOTA_MB, FILE_MANAGER_UPLOADS_PER_MINUTE, FILE_MANAGER_FOLDER_KEY_LIMIT', () => {
  it('default to 1,024 MB a user space, 60 uploads a minute and 10,000 keys; 0 turns quota or rate off', () => {
    expect(loadConfig({}).fileManager).toMatchObject({
      quotaBytes: 1024 * 1024 * 1024,
      uploadsPerMinute: 60,
      folderKeyLimit: 10_000,
    });
    expect(
      loadConfig({ FILE_MANAGER_QUOTA_MB: '0', FILE_MANAGER_UPLOADS_PER_MINUTE: '0' }).fileManager,
    ).toMatchObject({ quotaBytes: null, uploadsPerMinute: 0 });
    expect(() => loadConfig({ FILE_MANAGER_QUOTA_MB: 'lots' })).toThrow(/FILE_MANAGER_QUOTA_MB/);
    expect(() => loadConfig({ FILE_MANAGER_FOLDER_KEY_LIMIT: '0' })).toThrow(/FILE_MANAGER_FOLDER_KEY_LIMIT/);
  });
});

describe('FILE_MANAGER_BUCKETS', () => {
  it('lists the buckets offered (the first is the default); a bad name stops the server', () => {
    expect(loadConfig({ FILE_MANAGER_BUCKETS: 'media, archive-2026' }).fileManager.buckets).toEqual([
      'media',
      'archive-2026',
    ]);
    expect(loadConfig({ S3_BUCKET: 'assets' }).fileManager.buckets).toEqual(['assets']);
    expect(() => loadConfig({ FILE_MANAGER_BUCKETS: 'Bad_Bucket' })).toThrow(/FILE_MANAGER_BUCKETS/);
  });
});
