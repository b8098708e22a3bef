import { describe, expect, it } from 'vitest';
import {
  checkRequestSchemas,
  exampleInput,
  messages,
  type RequestExample,
} from '../../../test/request-schemas';
import { creativeSchema } from '../../campaigns/creative';
import { validate } from '../../validation/validation-error';
import {
  assetUploadFieldsSchema,
  CREATIVE_SERVER_OWNED,
  creativeBodySchema,
  creativeRequestSchema,
  deleteAssetQuerySchema,
  publishCreativeRequestSchema,
  tagsRequestSchema,
} from './requests';

const examples: RequestExample[] = [
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
  ['deleteAssetQuery', deleteAssetQuerySchema, { id: '1', creativeID: '2' }],
  [
    'assetUpload',
    assetUploadFieldsSchema,
    { type: 'video', width: '640', height: '360', duration: '15.5', creativeID: '2', assets: '[{"id":"1"}]' },
  ],
];

describe('creative request schemas (docs/product.md §7)', () => {
  checkRequestSchemas(examples);

  it('query and multipart fields given as text become numbers, booleans and lists', () => {
    expect(validate(assetUploadFieldsSchema, { type: 'image', creativeID: 7 })).toEqual({
      type: 'image',
      creativeID: '7',
    });
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
      /^platform must be one of: direct, google-ad-manager/,
    );
    expect(messages(creativeBodySchema, { ...valid, width: -1 })).toEqual(['width must be at least 0']);
    expect(messages(creativeBodySchema, { ...valid, name: '   ' })).toEqual([
      'name: Fill in the creative name',
    ]);
  });
});

describe('round trip: an entity goes back as the server answered it', () => {
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

  it('takes back every field a campaign answers on a creative (its approval, its QA word): the list duplicates the creative as listed', () => {
    const listed = creativeSchema.parse({ ...creative, qa: 'pass' });
    const answerFields = Object.keys(creativeSchema.shape);
    const bodyFields = Object.keys(creativeBodySchema.shape);
    expect(answerFields.filter((field) => !bodyFields.includes(field)).sort()).toEqual(
      [...CREATIVE_SERVER_OWNED].sort(),
    );
    const body = creativeRequestSchema.parse({ ...creative, qa: listed.qa });
    expect(body).not.toHaveProperty('qa');
  });
});
