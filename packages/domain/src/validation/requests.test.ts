import { describe, expect, it } from 'vitest';
import { checkRequestSchemas, exampleInput, messages, type RequestExample } from '../../test/request-schemas';
import {
  assetUploadFieldsSchema,
  campaignBodySchema,
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
  publishCreativeRequestSchema,
  signUpRequestSchema,
  tagsRequestSchema,
  verifyRequestSchema,
} from './requests';
import { validate } from './validation-error';

const examples: RequestExample[] = [
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
  ['inviteUsers', inviteUsersRequestSchema, { emails: ['bob@example.com'] }],
  ['deleteAssetQuery', deleteAssetQuerySchema, { id: '1', creativeID: '2' }],
  [
    'assetUpload',
    assetUploadFieldsSchema,
    { type: 'video', width: '640', height: '360', duration: '15.5', creativeID: '2', assets: '[{"id":"1"}]' },
  ],
];

describe('API request schemas (docs/product.md §7)', () => {
  checkRequestSchemas(examples);

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

  it('creative bodies name a campaign, a type of Banner, VAST or VPAID, a size and a known platform', () => {
    const valid = exampleInput(examples, 'creativeBody');
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
