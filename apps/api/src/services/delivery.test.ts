// Mail over SMTP and files over the S3 API, each against a minimal local server speaking the protocol.

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, linkMessage } from './mail';
import { createDiskStorage, createS3Storage } from './storage';

const message = linkMessage({
  to: 'someone@adconsole.test',
  subject: 'Verify',
  intro: 'Hello <you>',
  action: 'Verify',
  link: 'http://localhost:4000/signin?verifyCode=abc&code=def',
  outro: 'Bye',
});

describe('mail', () => {
  it('sends through SMTP_URL with a text and an HTML part', async () => {
    const received: string[] = [];
    const server = createTcpServer((socket) => {
      let inData = false;
      let data = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        for (const line of chunk.toString('latin1').split('\r\n')) {
          if (inData) {
            if (line === '.') {
              inData = false;
              received.push(data);
              socket.write('250 queued\r\n');
            } else data += `${line}\n`;
            continue;
          }
          if (line === '') continue;
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
          else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        outboxDir: '/nonexistent',
        from: 'Adconsole <no-reply@adconsole.test>',
        log: () => undefined,
      });
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: someone@adconsole.test');
      expect(received[0]).toContain('Content-Type: text/plain');
      expect(received[0]).toContain('Content-Type: text/html');
      expect(received[0]).toContain('&lt;you&gt;');
    } finally {
      server.close();
    }
  });

  it('writes an .eml file into the outbox and logs the link when SMTP_URL is unset', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const lines: string[] = [];
    try {
      await createMailer({
        smtpUrl: undefined,
        outboxDir: dir,
        from: 'a@b.test',
        log: (line) => lines.push(line),
      }).send(message);
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const text = await readFile(path.join(dir, files[0] ?? ''), 'utf8');
      expect(text).toContain('Content-Type: text/plain');
      expect(text).toContain('Content-Type: text/html');
      expect(lines.join('\n')).toContain('http://localhost:4000/signin?verifyCode=abc&code=def');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('storage', () => {
  it('local disk: put, get, delete, and refuses keys that climb out of its folder', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'files-'));
    try {
      const storage = createDiskStorage(dir);
      await storage.put('assets/a1/logo.png', Buffer.from('png'), 'image/png');
      expect((await storage.get('assets/a1/logo.png'))?.toString()).toBe('png');
      await storage.delete('assets/a1/logo.png');
      expect(await storage.get('assets/a1/logo.png')).toBeUndefined();
      await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /Unsafe storage key/,
      );
      await expect(storage.get('assets/../../etc/passwd')).rejects.toThrow(/Unsafe storage key/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('S3 through @aws-sdk/client-s3', () => {
    const objects = new Map<string, { body: Buffer; contentType: string }>();
    const requests: string[] = [];
    const readBody = async (request: IncomingMessage) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const server = createHttpServer(async (request, response) => {
      const key = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      requests.push(`${request.method} ${key} ${request.headers.authorization ? 'signed' : 'unsigned'}`);
      if (request.method === 'PUT') {
        let body = await readBody(request);
        // The SDK may send the body aws-chunked; keep only the payload of each chunk.
        if (String(request.headers['content-encoding'] ?? '').includes('aws-chunked')) {
          const text = body.toString('latin1');
          const parts: Buffer[] = [];
          let offset = 0;
          while (offset < text.length) {
            const lineEnd = text.indexOf('\r\n', offset);
            const size = Number.parseInt(text.slice(offset, lineEnd).split(';')[0] ?? '0', 16);
            if (!size) break;
            parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
            offset = lineEnd + 2 + size + 2;
          }
          body = Buffer.concat(parts);
        }
        objects.set(key, { body, contentType: String(request.headers['content-type']) });
        response.writeHead(200, { ETag: '"1"' }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          response
            .writeHead(404, { 'Content-Type': 'application/xml' })
            .end('<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
          return;
        }
        response
          .writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': object.body.length })
          .end(object.body);
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else response.writeHead(405).end();
    });
    let endpoint = '';
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(() => server.close());

    it('puts, gets and deletes objects path-style in the bucket, signed with the configured keys', async () => {
      const storage = createS3Storage({
        bucket: 'ads',
        region: 'eu-west-1',
        endpoint,
        accessKeyId: 'key',
        secretAccessKey: 'secret',
      });
      await storage.put('tags/t1/sheet.xlsx', Buffer.from('sheet bytes'), 'application/octet-stream');
      expect(objects.get('/ads/tags/t1/sheet.xlsx')?.body.toString()).toBe('sheet bytes');
      expect((await storage.get('tags/t1/sheet.xlsx'))?.toString()).toBe('sheet bytes');
      await storage.delete('tags/t1/sheet.xlsx');
      expect(await storage.get('tags/t1/sheet.xlsx')).toBeUndefined();
      expect(requests.every((line) => line.endsWith('signed'))).toBe(true);
    });
  });
});
