// Opt-in (npm run test:libreoffice; LibreOffice is large): the "Excel with Pivot" download holds a real
// pivot table. LibreOffice opens the workbook, rebuilds the pivot from its cache and source sheet, and
// its grand totals equal the report's.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRow } from '../../db/queries/campaigns';
import { startServer, type TestServer } from '../../test/harness';
import { seedDemoData } from '../demo/demo';
import { storeReportDownload } from './downloads';
import { reportFiguresWithRows } from './figures';
import { campaignScope } from './scope';

/** The cells of every row of every table in LibreOffice's HTML export. */
function htmlRows(html: string): string[][] {
  const text = (cell: string) =>
    cell
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .trim();
  return [...html.matchAll(/<tr[\s\S]*?<\/tr>/g)].map((row) =>
    [...row[0].matchAll(/<td[\s\S]*?<\/td>/g)].map((cell) => text(cell[0])),
  );
}

describe('the pivot table, opened in LibreOffice', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startServer();
    await seedDemoData(server.app.adconsole);
    dir = await mkdtemp(path.join(tmpdir(), 'pivot-'));
  });
  // The demo campaign that has served (the demo also books one that has not started: no figures).
  const servedCampaign = async () =>
    (
      await server.db.query<CampaignRow>(
        'select c.* from campaigns c join creatives cr on cr.campaign_id = c.id where cr.name = $1',
        ['Trail season banner'],
      )
    )[0] as CampaignRow;
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['UTC', { tzOffset: '+00:00' }],
    ['Asia/Kathmandu', { tzOffset: '+05:45', timezone: 'Asia/Kathmandu' }],
  ])('grand totals equal the report in %s', async (_zone, zone) => {
    const campaign = await servedCampaign();
    const end = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const start = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const rows = await reportFiguresWithRows(server.app.adconsole, await campaignScope(server.db, campaign), {
      start_dt: `${start} 00:00:00`,
      end_dt: `${end} 23:59:59`,
      granularity: 'day',
      withVideoData: true,
      ...zone,
    });
    const { file } = await storeReportDownload(server.app.adconsole, rows, 'xlsx-pivot', {});
    const xlsx = path.join(dir, `${_zone.replace('/', '-')}.xlsx`);
    await writeFile(xlsx, (await server.app.adconsole.storage.get(file)) as Buffer);
    execFileSync('soffice', ['--headless', '--convert-to', 'html', '--outdir', dir, xlsx], {
      stdio: 'pipe',
      timeout: 120_000,
    });
    const table = htmlRows(await readFile(xlsx.replace(/\.xlsx$/, '.html'), 'utf8'));
    const header = table.find(
      (row) => row[0] === 'Creative' && row[1] === 'Date' && row.includes('Total Result'),
    );
    const total = table.find((row) => row[0] === 'Total Result');
    expect(header, 'LibreOffice rebuilt the pivot table').toBeDefined();
    const column = (metric: string) => Number((total ?? [])[(header ?? []).indexOf(metric)]);
    const { totals } = rows.figures;
    expect(column('Impressions')).toBe(totals.impressions);
    expect(column('Clicks')).toBe(totals.clicks);
    expect(column('Viewable impressions')).toBe(totals.viewable);
    expect(column('Video completes')).toBe(totals.videoCompletes);
    expect(totals.impressions).toBeGreaterThan(0);
  });

  it('opens the pivot of creatives named with & < > " \' and an attempt to inject XML, names as written', async () => {
    const campaign = await servedCampaign();
    const end = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const start = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const rows = await reportFiguresWithRows(server.app.adconsole, await campaignScope(server.db, campaign), {
      start_dt: `${start} 00:00:00`,
      end_dt: `${end} 23:59:59`,
      tzOffset: '+00:00',
      granularity: 'day',
      withVideoData: true,
    });
    const names = [`Ben & Jerry's <"Cookie Dough">`, '"/><s v="injected"/><s v="'];
    rows.figures.creatives.forEach((creative, index) => {
      creative.name = names[index % names.length] as string;
    });
    const { file } = await storeReportDownload(server.app.adconsole, rows, 'xlsx-pivot', {});
    const xlsx = path.join(dir, 'names.xlsx');
    await writeFile(xlsx, (await server.app.adconsole.storage.get(file)) as Buffer);
    execFileSync('soffice', ['--headless', '--convert-to', 'html', '--outdir', dir, xlsx], {
      stdio: 'pipe',
      timeout: 120_000,
    });
    const html = await readFile(path.join(dir, 'names.html'), 'utf8');
    const decode = (cell: string) =>
      cell
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#0?39;|&apos;/g, "'");
    const table = htmlRows(html).map((row) => row.map(decode));
    expect(
      table.find((row) => row[0] === 'Total Result'),
      'LibreOffice rebuilt the pivot table',
    ).toBeDefined();
    const firstCells = table.map((row) => row[0]);
    for (const name of names) expect(firstCells, name).toContain(name);
  });
});
