import { describe, expect, it } from 'vitest';
import { checkRequestSchemas, messages, type RequestExample } from '../../../test/request-schemas';
import { validate } from '../../validation/validation-error';
import {
  campaignBodySchema,
  campaignListQuerySchema,
  campaignRequestSchema,
  campaignUpdateBodySchema,
  deliveryModeProblem,
} from './requests';

const examples: RequestExample[] = [
  [
    'campaignBody',
    campaignBodySchema,
    { name: 'Spring', data: { start: { date: '2026-03-01' }, end: null } },
  ],
  ['campaignUpdate', campaignUpdateBodySchema, { id: 4, name: 'Spring' }],
];

describe('campaign request schemas (docs/product.md §7)', () => {
  checkRequestSchemas(examples);

  it('query and multipart fields given as text become numbers, booleans and lists', () => {
    expect(validate(campaignListQuerySchema, { 'paginate[page]': '3' })).toEqual({ page: 3 });
    expect(validate(campaignListQuerySchema, { paginate: { page: '2' } })).toEqual({ page: 2 });
    expect(validate(campaignListQuerySchema, {})).toEqual({ page: 1 });
    expect(messages(campaignListQuerySchema, { 'paginate[page]': '0' })).toEqual([
      'paginate[page] must be at least 1',
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
});

describe('the delivery mode (docs/serving.md, "Even delivery")', () => {
  const goal = { metric: 'impressions', amount: 1000 };

  it('takes asap or even with a goal', () => {
    for (const deliveryMode of ['asap', 'even'] as const)
      expect(validate(campaignRequestSchema, { name: 'Spring', data: { goal, deliveryMode } })).toEqual({
        name: 'Spring',
        data: { goal, deliveryMode },
      });
  });

  const issue = (data: unknown) => campaignRequestSchema.safeParse({ name: 'Spring', data }).error?.issues[0];

  it('refuses another mode, naming the field', () => {
    expect(issue({ deliveryMode: 'fast' })).toMatchObject({
      message: 'The delivery mode must be asap (as fast as possible) or even (evenly)',
      path: ['data', 'deliveryMode'],
    });
  });

  it('refuses even delivery with the goal cleared in the same body, naming the field', () => {
    expect(issue({ goal: null, deliveryMode: 'even' })).toMatchObject({
      message:
        'Even delivery follows the goal: book a goal or a lifetime budget to deliver evenly (or deliver as fast as possible)',
      path: ['data', 'deliveryMode'],
    });
  });

  it('judges a body that leaves the goal unsaid with the goal the campaign will have', () => {
    expect(deliveryModeProblem('even', undefined)).toBe(
      'data.deliveryMode: Even delivery follows the goal: book a goal or a lifetime budget to deliver evenly (or deliver as fast as possible)',
    );
    expect(deliveryModeProblem('even', goal)).toBeUndefined();
    expect(deliveryModeProblem('asap', undefined)).toBeUndefined();
    expect(deliveryModeProblem(undefined, undefined)).toBeUndefined();
  });
});
