// Report downloads: CSV / XLSX / pivot files whose totals equal the JSON's, formulas neutralised, private
// to their owner.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { CampaignRow } from '../../db/queries/campaigns';
import { type Client, testStoresLabel } from '../../test/harness';
import {
  campaignID,
  day,
  endOf,
  figures,
  other,
  owner,
  report,
  server,
  useReportsWorld,
} from '../../test/reports-world';
import { reportFileBytes } from './downloads';
import { reportFiguresWithRows } from './figures';
import { campaignScope } from './scope';

/** Names a user may type, and one that tries to add its own elements to the pivot cache's XML. */
const HOSTILE_NAMES = [`Ben & Jerry's <"Cookie Dough">`, '"/><s v="injected"/><s v="'];

describe(`reports on ${testStoresLabel()}`, () => {
  useReportsWorld();

  describe('downloads', () => {
    const query = {
      campaignID,
      start_dt: day('2026-03-01'),
      end_dt: endOf('2026-03-10'),
      withVideoData: 'true',
    };
    const download = async (type: string, client: Client = owner, extra: Record<string, string> = {}) => {
      const answer = await report({ ...query, campaignID, type, ...extra }, client);
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data as unknown as { file: string }).file;
    };
    const fetchFile = (file: string, client: Client = owner, suffix = '') =>
      fetch(`${server.url}/api/uploads/${file}${suffix}`, { headers: { Cookie: client.cookie ?? '' } });

    it('CSV: UTF-8, a header row, one row per local day per creative, totals equal to the JSON; formulas neutralised', async () => {
      const json = await figures({ start_dt: query.start_dt, end_dt: query.end_dt, withVideoData: 'true' });
      const file = await download('csv');
      expect(file).toMatch(/^reports\/[0-9a-f]{32}\/Spring_sale_2026-03-01_2026-03-10_UTC\.csv$/);
      const response = await fetchFile(file);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
      const text = (await response.text()).replace(/^\ufeff/, '');
      const [head, ...rows] = text.trim().split('\r\n');
      expect(head).toBe(
        'Date,Creative ID,Creative,Impressions,Viewable impressions,Measurable impressions,Engagements,Clicks,CTR (%),Engagement rate (%),Viewability (%),Video starts,First quartile,Midpoint,Third quartile,Video completes,Completion rate (%),Creative views,Media loaded,Skips,Closes,Conversions,Conversion rate (%),Signed conversions,Unsigned conversions (tag),Refused conversions,Filtered impressions (invalid traffic),Filtered clicks (invalid traffic)',
      );
      expect(rows).toHaveLength(10 * 2);
      expect(rows[0]).toContain(`"'=HYPERLINK(""http://evil"")"`);
      const impressions = rows.reduce((sum, row) => sum + Number(row.split(',').at(-25)), 0);
      expect(impressions).toBe(json.totals.impressions);
      // Another user cannot fetch it; nor can anyone without a session (404, as for a file that does not exist: docs/security.md, "Report downloads").
      expect((await fetchFile(file, other)).status).toBe(404);
      expect((await fetch(`${server.url}/api/uploads/${file}`)).status).toBe(404);
    });

    it('XLSX: Summary, Daily, By creative, Video, Invalid traffic and one sheet per breakdown, typed numbers and dates, frozen filtered headers; no text cell starts a formula', async () => {
      const json = await figures({ start_dt: query.start_dt, end_dt: query.end_dt, withVideoData: 'true' });
      const file = await download('xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await (await fetchFile(file)).arrayBuffer()) as never);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
        'Summary',
        'Daily',
        'By creative',
        'Video',
        'Invalid traffic',
        'By site',
        'By device',
        'By OS',
        'By browser',
        'By country',
      ]);
      const daily = workbook.getWorksheet('Daily');
      expect(daily?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(daily?.autoFilter).toBeTruthy();
      expect(daily?.getCell('A2').value).toBeInstanceOf(Date);
      expect(daily?.getColumn(2).numFmt).toBe('#,##0');
      const column = (daily?.getColumn(2).values ?? []) as unknown[];
      const dailyImpressions = column.slice(2).reduce((sum: number, value) => sum + Number(value ?? 0), 0);
      expect(dailyImpressions).toBe(json.totals.impressions);
      const byCreative = workbook.getWorksheet('By creative');
      // Formula-safe as in the CSV (a leading apostrophe), whichever program opens or converts it.
      expect(byCreative?.getCell('A2').value).toBe(`'=HYPERLINK("http://evil")`);
      expect(typeof byCreative?.getCell('D2').value).toBe('number');
    });

    it('XLSX with pivot: a real pivot table (cache and table parts) over a long-form data sheet, recordCount corrected', async () => {
      const file = await download('xlsx-pivot');
      const bytes = Buffer.from(await (await fetchFile(file)).arrayBuffer());
      const zip = await JSZip.loadAsync(bytes);
      const names = Object.keys(zip.files);
      expect(names).toContain('xl/pivotTables/pivotTable1.xml');
      expect(names).toContain('xl/pivotCache/pivotCacheDefinition1.xml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as never);
      expect(workbook.worksheets[0]?.name).toBe('Summary');
      const data = workbook.getWorksheet('Data');
      expect(data?.getRow(1).values).toEqual([undefined, 'Date', 'Creative', 'Metric', 'Value']);
      const records = (data?.rowCount ?? 1) - 1;
      const definition = await zip.file('xl/pivotCache/pivotCacheDefinition1.xml')?.async('string');
      expect(definition).toContain(`recordCount="${records}"`);
      const dataImpressions = (data?.getSheetValues() ?? [])
        .slice(2)
        .filter((row) => Array.isArray(row) && row[3] === 'Impressions')
        .reduce((sum: number, row) => sum + Number((row as unknown[])[4]), 0);
      expect(dataImpressions).toBe(212);
    });

    it('XLSX with pivot: names with & < > " \' (and an attempt to inject XML) make a well-formed workbook whose pivot cache holds them as written', async () => {
      const [campaign] = await server.db.query<CampaignRow>('select * from campaigns where id = $1', [
        campaignID,
      ]);
      for (const breakdown of [undefined, 'site'] as const) {
        const rows = await reportFiguresWithRows(
          server.app.adconsole,
          await campaignScope(server.db, campaign as CampaignRow),
          {
            start_dt: query.start_dt,
            end_dt: query.end_dt,
            tzOffset: '+00:00',
            granularity: 'day',
            withVideoData: true,
            ...(breakdown ? { breakdown } : {}),
          },
          'xlsx-pivot',
        );
        // The creatives the pivot's rows name: the figures' own, or the breakdown's by creative.
        const named = rows.fileBreakdowns?.byCreative?.creatives ?? rows.figures.creatives;
        expect(named.length, String(breakdown)).toBeGreaterThanOrEqual(1);
        named.forEach((creative, index) => {
          creative.name = HOSTILE_NAMES[index % HOSTILE_NAMES.length] as string;
        });
        const bytes = await reportFileBytes(rows, 'xlsx-pivot', 'full');
        // Every XML part read by libxml2 (xmllint), a parser of its own.
        const zip = await JSZip.loadAsync(bytes);
        const dir = await mkdtemp(path.join(tmpdir(), 'pivot-xml-'));
        try {
          const parts = Object.keys(zip.files).filter((name) => /\.(xml|rels)$/.test(name));
          expect(parts).toContain('xl/pivotCache/pivotCacheDefinition1.xml');
          for (const [index, name] of parts.entries()) {
            const file = path.join(dir, `${index}.xml`);
            await writeFile(file, (await zip.file(name)?.async('nodebuffer')) ?? '');
            expect(() => execFileSync('xmllint', ['--noout', file], { stdio: 'pipe' }), name).not.toThrow();
          }
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
        const definition = (await zip.file('xl/pivotCache/pivotCacheDefinition1.xml')?.async('string')) ?? '';
        expect(definition).not.toContain('<s v="injected"/>');
        const items = [...definition.matchAll(/<s v="([^"]*)" \/>/g)].map((match) =>
          (match[1] ?? '')
            .replace(/&quot;/g, '"')
            .replace(/&apos;/g, "'")
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&amp;/g, '&'),
        );
        for (const creative of named) expect(items, String(breakdown)).toContain(creative.name);
      }
    });

    it('a download is removed after 24 hours', async () => {
      const file = await download('csv');
      await server.db.query("update files set expires_at = now() - interval '1 minute' where name = $1", [
        file,
      ]);
      expect((await fetchFile(file)).status).toBe(404);
      const { sweepExpiredFiles } = await import('../stored-files/file-rows');
      expect(await sweepExpiredFiles(server.app.adconsole)).toBeGreaterThanOrEqual(1);
    });
  });
});
