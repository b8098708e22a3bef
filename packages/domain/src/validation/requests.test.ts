import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  assetUploadFieldsSchema,
  campaignBodySchema,
  campaignIdQuerySchema,
  campaignListQuerySchema,
  campaignRequestSchema,
  campaignUpdateBodySchema,
  changePasswordRequestSchema,
  creativeBodySchema,
  creativeRequestSchema,
  deleteAssetQuerySchema,
  forgotPasswordRequestSchema,
  inviteUsersRequestSchema,
  loginRequestSchema,
  newTokenRequestSchema,
  publishCreativeRequestSchema,
  reportsQuerySchema,
  scheduledReportBodySchema,
  shareReportsQuerySchema,
  signUpRequestSchema,
  tagsRequestSchema,
  verifyRequestSchema,
} from './requests';
import { ValidationError, validate } from './validation-error';

const messages = (schema: z.ZodType, input: unknown): string[] => {
  try {
    validate(schema, input);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.messages;
    throw error;
  }
};

const report = { start_dt: '2026-01-01 00:00:00', end_dt: '2026-01-07 23:59:59' };
const token = 'x'.repeat(32);

/** A valid example per request schema, and the schema itself. */
const examples: [string, z.ZodType, unknown][] = [
  [
    'login',
    loginRequestSchema,
    { method: 'password', username: 'ada@example.com', password: 'secret1', remember: true },
  ],
  [
    'signUp',
    signUpRequestSchema('example.com'),
    {
      firstName: 'A',
      lastName: 'L',
      email: 'a@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      termsChecked: true,
    },
  ],
  [
    'verify',
    verifyRequestSchema,
    { code: 'YWRhQGV4YW1wbGUuY29t', verifyToken: 't0k3n', email: 'ada@example.com' },
  ],
  ['forgotPassword', forgotPasswordRequestSchema, { email: 'ada@example.com' }],
  [
    'changePassword',
    changePasswordRequestSchema,
    { username: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1', code: 'forgot-token' },
  ],
  [
    'campaignBody',
    campaignBodySchema,
    { name: 'Spring', data: { start: { date: '2026-03-01' }, end: null } },
  ],
  ['campaignUpdate', campaignUpdateBodySchema, { id: 4, name: 'Spring' }],
  [
    'creativeBody',
    creativeBodySchema,
    {
      campaignID: '4',
      name: 'Banner',
      type: 'Banner',
      width: 300,
      height: 250,
      platform: 'xandr',
      settings: [{ key: 'euCreative', value: true }],
    },
  ],
  ['publishCreative', publishCreativeRequestSchema, { id: '9', platform: null }],
  [
    'tags',
    tagsRequestSchema,
    {
      campaignID: '4',
      type: 'xlsx',
      tags: { 9: [{ liveCreativeID: '11', platform: 'Xandr', tag: '<ins></ins>' }] },
    },
  ],
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
  ['inviteUsers', inviteUsersRequestSchema, { emails: ['bob@example.com'] }],
  ['campaignIdQuery', campaignIdQuerySchema, { campaignID: '4' }],
  ['deleteAssetQuery', deleteAssetQuerySchema, { id: '1', creativeID: '2' }],
  [
    'assetUpload',
    assetUploadFieldsSchema,
    { type: 'video', width: '640', height: '360', duration: '15.5', creativeID: '2', assets: '[{"id":"1"}]' },
  ],
];

describe('API request schemas (docs/product.md §7)', () => {
  it.each(examples)('%s: accepts its valid payload', (_name, schema, input) => {
    expect(messages(schema, input)).toEqual([]);
  });

  it.each(examples)('%s: refuses unknown keys with a readable message', (_name, schema, input) => {
    expect(messages(schema, { ...(input as object), isAdmin: true })).toContain(
      'Unrecognized key: "isAdmin"',
    );
  });

  it.each(examples)(
    '%s: refuses garbage (null, strings, arrays, numbers, nested junk) with readable messages',
    (_name, schema) => {
      const garbage: unknown[] = [
        null,
        undefined,
        'x',
        42,
        [],
        [1, 2],
        { a: { b: { c: [] } } },
        true,
        { __proto__: { polluted: 1 } },
      ];
      for (const input of garbage) {
        const found = messages(schema, input);
        expect(found.length).toBeGreaterThan(0);
        for (const message of found) {
          expect(message).toMatch(/^[\w "'[\].,:!()@+/-]+/);
          expect(message.length).toBeLessThan(300);
        }
      }
    },
  );

  it.each(examples)('%s: refuses every field given a wrong type, field by field', (_name, schema, input) => {
    for (const key of Object.keys(input as object)) {
      for (const wrong of [{ nested: 1 }, ['a', 'b'], Number.NaN]) {
        const found = messages(schema, { ...(input as object), [key]: wrong });
        // Some fields accept lists (tags, liveIDs); everything else must refuse every wrong type.
        if (found.length === 0)
          expect(['tags', 'recipients', 'emails', 'settings'].includes(key) && Array.isArray(wrong)).toBe(
            true,
          );
      }
    }
  });

  it("login needs method 'password'", () => {
    expect(
      messages(loginRequestSchema, {
        method: 'token',
        username: 'ada@example.com',
        password: 'secret1',
        remember: false,
      }),
    ).toEqual(["method must be 'password'"]);
  });

  it("change password needs the reset link's code: 'Invalid URL!'", () => {
    expect(
      messages(changePasswordRequestSchema, {
        username: 'ada@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    ).toEqual(['Invalid URL!']);
  });

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
    expect(validate(campaignListQuerySchema, { 'paginate[page]': '3' })).toEqual({ page: 3 });
    expect(validate(campaignListQuerySchema, { paginate: { page: '2' } })).toEqual({ page: 2 });
    expect(validate(campaignListQuerySchema, {})).toEqual({ page: 1 });
    expect(validate(assetUploadFieldsSchema, { type: 'image', creativeID: 7 })).toEqual({
      type: 'image',
      creativeID: '7',
    });
    expect(messages(campaignListQuerySchema, { 'paginate[page]': '0' })).toEqual([
      'paginate[page] must be at least 1',
    ]);
    expect(messages(assetUploadFieldsSchema, { type: 'image', creativeID: '7', assets: '{oops' })).toEqual([
      'assets must be JSON',
    ]);
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
    const valid = examples.find(([name]) => name === 'scheduledReport')?.[2] as object;
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

  it('creative bodies name a campaign, a type of Banner, VAST or VPAID, a size and a known platform', () => {
    const valid = examples.find(([name]) => name === 'creativeBody')?.[2] as object;
    expect(messages(creativeBodySchema, { ...valid, type: 'Video' })).toEqual([
      'type must be one of: Banner, VAST, VPAID',
    ]);
    expect(messages(creativeBodySchema, { ...valid, platform: 'myspace' })[0]).toMatch(
      /^platform must be one of: google-ad-manager/,
    );
    expect(messages(creativeBodySchema, { ...valid, width: -1 })).toEqual(['width must be at least 0']);
    expect(messages(creativeBodySchema, { ...valid, name: '   ' })).toEqual([
      'name: Fill in the creative name',
    ]);
  });

  it('invites users by e-mail with role user unless admin is asked for', () => {
    expect(validate(inviteUsersRequestSchema, { emails: ['bob@example.com'] }).role).toBe('user');
    expect(messages(inviteUsersRequestSchema, { emails: [] })).toEqual([
      'emails: Add at least one e-mail address',
    ]);
    expect(messages(inviteUsersRequestSchema, { emails: ['bob@example.com'], role: 'root' })).toEqual([
      'role must be one of: user, admin',
    ]);
  });
});

describe('campaign flight', () => {
  it('refuses a campaign whose end date is before its start date', () => {
    const result = campaignBodySchema.safeParse({
      name: 'Spring',
      data: { start: { date: '2026-03-10' }, end: { date: '2026-03-09' } },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: 'The end date must be on or after the start date',
      path: ['data', 'end'],
    });
  });

  it('accepts a one-day flight and flights with only one date', () => {
    for (const data of [
      { start: { date: '2026-03-10' }, end: { date: '2026-03-10 23:59:59' } },
      { start: { date: '2026-03-10' }, end: null },
      { start: null, end: { date: '2026-03-10' } },
    ]) {
      expect(campaignBodySchema.safeParse({ name: 'Spring', data }).success).toBe(true);
    }
  });
});

describe('round trip: an entity goes back as the server answered it', () => {
  const campaign = {
    id: 'c1',
    name: 'Spring',
    creatives: [{ id: 'k1' }],
    data: { impressions: 10, engagement: 2, clicks: 1, start: { date: '2026-03-01' }, end: null },
    videoCompletes: 4,
    reportURL: null,
    report: null,
    updatedAt: '2026-03-02T00:00:00.000Z',
    dataPulledAt: null,
    scheduledReports: [],
    lastReportDates: null,
    lastReportUpdate: null,
    lastVideoDates: null,
    lastEventDates: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    ownerEmail: 'a@adconsole.test',
  };

  it('accepts the whole campaign and keeps only what a client writes: id, name and flight dates', () => {
    expect(campaignUpdateBodySchema.parse(campaign)).toEqual({
      id: 'c1',
      name: 'Spring',
      data: { start: { date: '2026-03-01' }, end: null },
    });
    expect(campaignRequestSchema.parse({ name: 'New' })).toEqual({ name: 'New' });
  });

  it('still refuses unknown fields, a campaign update without an id, and an end before the start', () => {
    expect(messages(campaignUpdateBodySchema, { ...campaign, colour: 'red' })[0]).toMatch(/colour/);
    expect(messages(campaignUpdateBodySchema, { name: 'No id' })).toEqual(['id must be an id']);
    expect(
      messages(campaignRequestSchema, {
        name: 'x',
        data: { start: { date: '2026-03-02' }, end: { date: '2026-03-01' } },
      }),
    ).toEqual(['data.end: The end date must be on or after the start date']);
  });

  const creative = {
    id: 'k1',
    campaignID: 'c1',
    name: 'Banner',
    type: 'Banner',
    width: 300,
    height: 250,
    size: '300x250',
    fluid: false,
    platform: null,
    assets: [{ id: 'a1', filename: 'a.png', name: 'a.png', creativeID: 'k1', url: 'u' }],
    trackers: {},
    settings: [],
    liveCreatives: [{ id: 'l1' }],
    layout: null,
    html: null,
    data: { impressions: 1, engagement: 0, clicks: 0 },
    updatedAt: null,
  };

  it('accepts the whole creative for save, duplicate and publish, dropping assets, live creatives and counters', () => {
    const body = creativeRequestSchema.parse(creative);
    expect(body).not.toHaveProperty('assets');
    expect(body).not.toHaveProperty('liveCreatives');
    expect(body).not.toHaveProperty('data');
    expect(body).toMatchObject({ id: 'k1', name: 'Banner', width: 300 });
    expect(publishCreativeRequestSchema.parse(creative)).toEqual({ id: 'k1', platform: null });
    expect(publishCreativeRequestSchema.parse({ id: 'k1' })).toEqual({ id: 'k1' });
    expect(messages(creativeRequestSchema, { ...creative, hack: 1 })[0]).toMatch(/hack/);
  });
});
