import { describe, expect, it } from 'vitest';
import {
  checkRequestSchemas,
  exampleInput,
  messages,
  type RequestExample,
} from '../../../test/request-schemas';
import { validate } from '../../validation/validation-error';
import {
  newTokenRequestSchema,
  reportsQuerySchema,
  scheduledReportBodySchema,
  shareReportsQuerySchema,
} from './requests';

const report = { start_dt: '2026-01-01 00:00:00', end_dt: '2026-01-07 23:59:59' };
const token = 'x'.repeat(32);

const examples: RequestExample[] = [
  ['reportsQuery', reportsQuerySchema, { campaignID: '4', ...report }],
  ['shareReportsQuery', shareReportsQuerySchema, { sharedToken: token, ...report }],
  ['newToken', newTokenRequestSchema, { campaignID: 4 }],
  [
    'scheduledReport',
    scheduledReportBodySchema,
    {
      campaignID: '4',
      name: 'Weekly',
      frequency: 'Weekly',
      reportType: 'Full',
      format: 'xlsx-pivot',
      timezone: 'Europe/Berlin',
      recipients: ['ada@example.com'],
    },
  ],
];

describe('report request schemas (docs/product.md §7)', () => {
  checkRequestSchemas(examples);

  it('query and multipart fields given as text become numbers, booleans and lists', () => {
    expect(validate(reportsQuerySchema, { liveIDs: '1, 2,,3', withVideoData: '1', ...report })).toMatchObject(
      {
        liveIDs: ['1', '2', '3'],
        withVideoData: true,
        tzOffset: '+00:00',
        type: 'json',
        granularity: 'full',
      },
    );
  });

  it("a report needs a campaign or live ids: 'No live ids set'", () => {
    expect(messages(reportsQuerySchema, report)).toEqual(['No live ids set']);
    expect(messages(reportsQuerySchema, { ...report, liveIDs: '' })).toEqual(['No live ids set']);
  });

  it("sends report dates as UTC 'YYYY-MM-DD HH:mm:ss' in order, with a UTC offset and an optional IANA zone", () => {
    expect(
      messages(reportsQuerySchema, { campaignID: '1', start_dt: '2026-01-01', end_dt: report.end_dt }),
    ).toEqual(["start_dt must be a date 'YYYY-MM-DD HH:mm:ss'"]);
    expect(
      messages(reportsQuerySchema, { campaignID: '1', start_dt: report.end_dt, end_dt: report.start_dt }),
    ).toEqual(['start_dt must not be after end_dt']);
    expect(messages(reportsQuerySchema, { campaignID: '1', ...report, tzOffset: '+5' })).toEqual([
      "tzOffset must be a UTC offset like '+05:30'",
    ]);
    expect(messages(reportsQuerySchema, { campaignID: '1', ...report, timezone: 'Mars/Olympus' })).toEqual([
      "timezone must be an IANA zone like 'Europe/Berlin'",
    ]);
    expect(
      validate(reportsQuerySchema, {
        campaignID: '1',
        ...report,
        tzOffset: '-03:30',
        timezone: 'America/St_Johns',
      }),
    ).toMatchObject({
      tzOffset: '-03:30',
      timezone: 'America/St_Johns',
    });
  });

  it('shared reports need a share token longer than 24 characters', () => {
    expect(messages(shareReportsQuerySchema, { sharedToken: 'x'.repeat(24), ...report })).toEqual([
      'sharedToken must be a share token',
    ]);
  });

  it("a share link or scheduled report without a payload reads 'No data'", () => {
    expect(messages(newTokenRequestSchema, undefined)).toEqual(['No data']);
    expect(messages(scheduledReportBodySchema, null)).toEqual(['No data']);
  });

  it('schedules with the frequencies, report types, formats, a timezone and e-mail recipients of the dialog', () => {
    const valid = exampleInput(examples, 'scheduledReport');
    expect(messages(scheduledReportBodySchema, { ...valid, frequency: 'Hourly' })).toEqual([
      'frequency must be one of: Daily, Weekly, Monthly, On campaign end',
    ]);
    expect(messages(scheduledReportBodySchema, { ...valid, reportType: 'Tiny' })).toEqual([
      'reportType must be one of: Summary, Full',
    ]);
    expect(messages(scheduledReportBodySchema, { ...valid, format: 'docx' })).toEqual([
      'format must be one of: pdf, csv, xlsx, xlsx-pivot',
    ]);
    expect(messages(scheduledReportBodySchema, { ...valid, recipients: [] })).toEqual([
      'recipients: Add at least one recipient',
    ]);
    expect(messages(scheduledReportBodySchema, { ...valid, recipients: ['nobody'] })).toEqual([
      'recipients.0: Each recipient must be an e-mail address',
    ]);
    expect(validate(scheduledReportBodySchema, { ...valid, timezone: '+05:45' }).timezone).toBe('+05:45');
    expect(validate(scheduledReportBodySchema, { ...valid, timezone: undefined }).timezone).toBe('UTC');
  });
});
