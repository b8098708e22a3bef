// A real HTTP server on 127.0.0.1 (ephemeral port) for the API client tests, so the wire format is
// proven: method, path, query, headers, JSON and multipart bodies, and slow answers for time-outs.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  json: () => unknown;
  formData: () => Promise<FormData>;
}

export interface Answer {
  status?: number;
  /** Sent as JSON unless it is a string. */
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
}

export type Responder = (request: RecordedRequest) => Answer;

export interface LocalServer {
  url: string;
  requests: RecordedRequest[];
  /** Sets how the server answers from now on. */
  respond: (responder: Responder) => void;
  close: () => Promise<void>;
}

export async function startLocalServer(): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = () => ({ status: 200, body: { status: 200, data: null } });

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const rawBody = Buffer.concat(chunks);
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        rawBody,
        json: () => JSON.parse(rawBody.toString('utf8')) as unknown,
        formData: () =>
          new Response(rawBody, {
            headers: { 'content-type': String(incoming.headers['content-type']) },
          }).formData(),
      };
      requests.push(request);
      const answer = responder(request);
      const send = () => {
        if (outgoing.destroyed) return;
        const body =
          answer.body === undefined
            ? ''
            : typeof answer.body === 'string'
              ? answer.body
              : JSON.stringify(answer.body);
        outgoing.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        outgoing.end(body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (next) => {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
