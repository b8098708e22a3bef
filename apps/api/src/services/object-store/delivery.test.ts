// Mail over SMTP to a real SMTP server (received and parsed as a mail client would), and files over
// the S3 API against a real S3 protocol server, beside the embedded defaults (outbox, local disk).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, type SmtpPeer, startS3Peer, startSmtpPeer } from '../../test/peers';
import { createMailer, linkMessage } from '../outbound/mail';
import { createDiskObjectStore } from './disk';
import { createS3Client, createS3ObjectStore } from './s3';
import { inBucket, type ObjectBucket } from './store';

const message = linkMessage({
  to: 'someone@adconsole.test',
  subject: 'Verify',
  intro: 'Hello <you>',
  action: 'Verify',
  link: 'http://localhost:4000/signin?verifyCode=abc&code=def',
  outro: 'Bye',
});

describe('mail', () => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());

  const mailer = (logLinks = false, lines: string[] = []) =>
    createMailer({
      smtpUrl: smtp.url,
      outboxDir: '/nonexistent',
      from: 'no-reply@adconsole.test',
      fromName: 'Adconsole',
      log: (line) => lines.push(line),
      logLinks,
    });

  it('sends through SMTP_URL to one recipient with an explicit envelope, as text and HTML', async () => {
    const before = smtp.received.length;
    await mailer().send(message);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.envelope).toEqual({ from: 'no-reply@adconsole.test', to: ['someone@adconsole.test'] });
    expect(mail?.parsed.to?.map((to) => to.address)).toEqual(['someone@adconsole.test']);
    expect(mail?.parsed.from?.address).toBe('no-reply@adconsole.test');
    expect(mail?.parsed.text).toContain('http://localhost:4000/signin?verifyCode=abc&code=def');
    expect(mail?.parsed.html).toContain('&lt;you&gt;');
  });

  // Security review finding 1: a comma in the address made nodemailer mail two recipients.
  it.each([
    'attacker@evil.com,someone@adconsole.test',
    'Attacker <attacker@evil.com>',
    'someone@adconsole.test; attacker@evil.com',
  ])('refuses to send to %j: never more than one parsed address', async (to) => {
    const before = smtp.received.length;
    const sender = mailer();
    await expect(sender.send({ ...message, to })).rejects.toThrow(/one plain address/);
    // A message sent after it through the same mailer is the only one the server received: the
    // refused one did not go (the peer acknowledges a message only once it is in `received`).
    await sender.send({ ...message, subject: 'After the refusal' });
    expect(smtp.received.slice(before).map((mail) => mail.parsed.subject)).toEqual(['After the refusal']);
  });

  it('carries attachments', async () => {
    const before = smtp.received.length;
    await mailer().send({
      ...message,
      attachments: [{ filename: 'report.csv', content: Buffer.from('a,b\n1,2\n'), contentType: 'text/csv' }],
    });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ['report.csv', 'text/csv'],
    ]);
  });

  it('writes an .eml file into the outbox; the link is logged only in development', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const lines: string[] = [];
    try {
      const outbox = (logLinks: boolean) =>
        createMailer({
          smtpUrl: undefined,
          outboxDir: dir,
          from: 'no-reply@adconsole.test',
          fromName: 'Adconsole',
          log: (line) => lines.push(line),
          logLinks,
        });
      await outbox(false).send(message);
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const text = await readFile(path.join(dir, files[0] ?? ''), 'utf8');
      expect(text).toContain('Content-Type: text/plain');
      expect(text).toContain('verifyCode=3Dabc');
      // Production: the log says a mail was written, never its link (security review, finding 6).
      expect(lines.join('\n')).toContain('Mail to someone@adconsole.test');
      expect(lines.join('\n')).not.toContain('verifyCode');
      await outbox(true).send(message);
      expect(lines.join('\n')).toContain('http://localhost:4000/signin?verifyCode=abc&code=def');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const storageContract = (
  name: string,
  make: () => Promise<{ storage: ObjectBucket; close(): Promise<void> }>,
) =>
  describe(`storage: ${name}`, () => {
    let storage: ObjectBucket;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await make());
    });
    afterAll(() => close());

    it('puts bytes and streams, reads them whole or by byte range, deletes', async () => {
      await storage.put('assets/a1/logo.png', Buffer.from('png bytes'), 'image/png');
      expect((await storage.get('assets/a1/logo.png'))?.toString()).toBe('png bytes');
      const big = Buffer.alloc(9 * 1024 * 1024 + 17, 7);
      big.write('start', 0);
      big.write('end', big.length - 3);
      // Several multipart-upload parts on S3: a stream of unknown length.
      await storage.put(
        'assets/a2/clip.mp4',
        Readable.from([big.subarray(0, 4_000_000), big.subarray(4_000_000)]),
        'video/mp4',
      );
      const ranged = await storage.open('assets/a2/clip.mp4', { start: big.length - 3, end: big.length - 1 });
      const chunks: Buffer[] = [];
      for await (const chunk of ranged ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
      expect(Buffer.concat(chunks).toString()).toBe('end');
      expect((await storage.get('assets/a2/clip.mp4'))?.equals(big)).toBe(true);
      await storage.delete('assets/a1/logo.png');
      expect(await storage.get('assets/a1/logo.png')).toBeUndefined();
      expect(await storage.open('assets/a1/logo.png')).toBeUndefined();
    });

    it('stores nothing when the stream fails half-way', async () => {
      const failing = new Readable({
        read() {
          this.push(Buffer.from('half'));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put('assets/a3/cut.mp4', failing, 'video/mp4')).rejects.toThrow();
      expect(await storage.get('assets/a3/cut.mp4')).toBeUndefined();
    });

    it('refuses keys that climb out of its folder', async () => {
      await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /Unsafe storage key/,
      );
      await expect(storage.get('assets/../../etc/passwd')).rejects.toThrow(/Unsafe storage key/);
    });
  });

storageContract('local disk', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'files-'));
  return {
    storage: inBucket(createDiskObjectStore(dir, Buffer.alloc(32)), 'files'),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});

storageContract('S3 (s3rver, signed by @aws-sdk/client-s3)', async () => {
  const peer: S3Peer = await startS3Peer();
  const client = createS3Client({
    bucket: peer.bucket,
    region: 'us-east-1',
    endpoint: peer.endpoint,
    accessKeyId: peer.accessKeyId,
    secretAccessKey: peer.secretAccessKey,
  });
  const storage = inBucket(createS3ObjectStore(client), peer.bucket);
  return { storage, close: () => peer.close() };
});
