// Real protocol peers for the API's tests: an SMTP server that receives (smtp-server) and hands each
// message over parsed (postal-mime) with its SMTP envelope, and an S3 protocol server (s3rver) on
// loopback that @aws-sdk/client-s3 signs and speaks to exactly as it would to S3.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';

interface ReceivedMail {
  /** MAIL FROM and RCPT TO as the SMTP conversation gave them. */
  envelope: { from: string; to: string[] };
  parsed: Email;
  raw: Buffer;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** Refuse RCPT TO for this address (a bounce), until accepted again. */
  reject(address: string): void;
  accept(address: string): void;
  /** Waits until `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** An SMTP server on a free port of `address` (loopback, or the fleet suite's network). */
export async function startSmtpPeer(address = '127.0.0.1'): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const rejected = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address)) {
        callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw).then(
          (parsed) => {
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              },
              parsed,
              raw,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${address}:${port}`,
    received,
    reject: (address) => rejected.add(address),
    accept: (address) => rejected.delete(address),
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} mails, received ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface S3Peer {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/**
 * s3rver on a free port of `address` (loopback, or the fleet suite's network) with one empty bucket; its
 * files live in a temporary folder.
 */
export async function startS3Peer(bucket = 'adconsole-test', address = '127.0.0.1'): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const listening = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://${address}:${listening.port}`,
    bucket,
    // s3rver checks signatures made with these keys.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A webhook receiver on 127.0.0.1 (the Standard Webhooks reference library verifies each delivery with the
 * endpoint's secret of the moment) answering `status()`; `received` holds what came, verified or not. */
interface ReceivedWebhook {
  headers: IncomingMessage['headers'];
  body: string;
  verified: unknown;
}

/** A receiver on 127.0.0.1 that verifies with the reference library and answers `status()`. */
export async function startWebhookReceiver(secret: () => string, status: () => number) {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    const verifier = new Webhook(secret());
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: unknown;
      try {
        verified = verifier.verify(body, request.headers as Record<string, string>);
      } catch (error) {
        verified = error instanceof Error ? error.message : String(error);
      }
      received.push({ headers: request.headers, body, verified });
      response.statusCode = status();
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/adconsole`,
    /** The receiver's port, for WEBHOOK_ALLOWED_PORTS (receivers elsewhere listen on 80 or 443). */
    port: String(port),
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
