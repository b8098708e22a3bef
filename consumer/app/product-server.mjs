// The product's own server, as another product would run it: it keeps a personal API token of the
// Adconsole API (never sent to the browser), fetches a campaign's report with the domain's client and
// hands it to its page as /report.json; everything else is the built page (dist/).
//   ADCONSOLE_API_URL=http://host/api ADCONSOLE_TOKEN=adc_... PORT=0 node product-server.mjs
// prints `listening <url>` once it listens.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { ApiError, createApiClient } from '@adconsole/domain';

const dist = path.resolve(import.meta.dirname, 'dist');
const api = createApiClient({ baseUrl: process.env.ADCONSOLE_API_URL, token: process.env.ADCONSOLE_TOKEN });
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/report.json') {
    try {
      const report = await api.getReport({
        campaignID: url.searchParams.get('campaignID') ?? '',
        dates: {
          start: new Date(`${url.searchParams.get('start')}T00:00:00Z`),
          end: new Date(`${url.searchParams.get('end')}T23:59:59Z`),
        },
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(report));
    } catch (error) {
      const status = error instanceof ApiError ? error.status || 502 : 500;
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: error instanceof Error ? error.message : String(error) }));
    }
    return;
  }
  const file = path.join(dist, url.pathname === '/' ? 'index.html' : url.pathname);
  if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response
    .writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
    .end(readFileSync(file));
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
