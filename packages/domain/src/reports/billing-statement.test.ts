import { describe, expect, it } from 'vitest';
import type { CampaignRate, PricedCounters } from '../campaigns/pricing';
import { STATEMENT_MESSAGES } from '../validation/statement-messages';
import {
  billingStatement,
  monthDays,
  monthLabel,
  monthRunning,
  NO_INSERTION_ORDER,
  type StatementCampaignMonth,
  statementMonthProblem,
  statementMonths,
} from './billing-statement';

const none: PricedCounters = { impressions: 0, clicks: 0, videoCompletes: 0 };
const usd = { id: 'adv1', name: 'Northwind', currency: 'USD' };
const now = new Date('2026-11-29T09:30:00Z');

let next = 0;
const campaign = (
  rate: CampaignRate | null,
  valid: Partial<PricedCounters>,
  extra: Partial<StatementCampaignMonth> = {},
): StatementCampaignMonth => {
  next += 1;
  return {
    campaignId: `c${next}`,
    campaignName: `Campaign ${next}`,
    insertionOrderId: null,
    poNumber: null,
    orderName: null,
    rate,
    valid: { ...none, ...valid },
    invalid: none,
    ...extra,
  };
};
const statementOf = (campaigns: StatementCampaignMonth[], advertiser = usd, month = '2026-10') =>
  billingStatement({ advertiser, month, timezone: 'UTC', now, campaigns });

describe('billing statement: amounts', () => {
  it('a line is the units its rate prices times the rate, rounded to the cent: 1,234,567 impressions at USD 2.35 CPM are USD 2,901.23', () => {
    const statement = statementOf([
      campaign({ model: 'CPM', amount: 2.35, currency: 'USD' }, { impressions: 1_234_567, clicks: 900 }),
    ]);
    // 1,234,567 / 1000 × 2.35 = 2,901.23245 → 2,901.23
    expect(statement.lines[0]).toMatchObject({ model: 'CPM', units: 1_234_567, rate: 2.35, amount: 2901.23 });
    expect(statement.total).toBe(2901.23);
  });

  it('rounds each line half up to the minor unit: 1,002 impressions at USD 2.50 CPM are 250.5 cents, USD 2.51', () => {
    const statement = statementOf([
      campaign({ model: 'CPM', amount: 2.5, currency: 'USD' }, { impressions: 1_002 }),
      campaign({ model: 'CPM', amount: 2.5, currency: 'USD' }, { impressions: 1_001 }),
    ]);
    expect(statement.lines.map((line) => line.amount)).toEqual([2.51, 2.5]);
    expect(statement.total).toBe(5.01);
  });

  it('the total is the sum of the lines in whole cents: USD 0.10 + 0.20 + 0.40 is 0.70 exactly', () => {
    const cpc = (amount: number) => ({ model: 'CPC' as const, amount, currency: 'USD' });
    const statement = statementOf([
      campaign(cpc(0.1), { clicks: 1 }),
      campaign(cpc(0.2), { clicks: 1 }),
      campaign(cpc(0.4), { clicks: 1 }),
    ]);
    expect(0.1 + 0.2 + 0.4).not.toBe(0.7);
    expect(statement.total).toBe(0.7);
    expect(statement.byOrder[0]?.amount).toBe(0.7);
  });

  it('a currency without a minor unit rounds to whole units: 12,345 impressions at JPY 500 CPM are JPY 6,173', () => {
    const statement = statementOf(
      [campaign({ model: 'CPM', amount: 500, currency: 'JPY' }, { impressions: 12_345 })],
      { id: 'adv2', name: 'Tokyo', currency: 'JPY' },
    );
    // 12,345 / 1000 × 500 = 6,172.5 → 6,173
    expect(statement.lines[0]?.amount).toBe(6173);
    expect(statement.total).toBe(6173);
  });

  it('a CPC bills clicks and a CPCV completed views', () => {
    const statement = statementOf([
      campaign({ model: 'CPC', amount: 0.45, currency: 'USD' }, { impressions: 50_000, clicks: 321 }),
      campaign(
        { model: 'CPCV', amount: 0.03, currency: 'USD' },
        { impressions: 9_000, videoCompletes: 4_567 },
      ),
    ]);
    // 321 × 0.45 = 144.45; 4,567 × 0.03 = 137.01
    expect(statement.lines.map((line) => [line.model, line.units, line.amount])).toEqual([
      ['CPC', 321, 144.45],
      ['CPCV', 4_567, 137.01],
    ]);
    expect(statement.total).toBe(281.46);
  });
});

describe('billing statement: what is not billed', () => {
  it('invalid traffic is counted apart per line and never billed', () => {
    const line = campaign({ model: 'CPC', amount: 1, currency: 'USD' }, { clicks: 10 });
    line.invalid = { impressions: 400, clicks: 7, videoCompletes: 0 };
    const statement = statementOf([line]);
    expect(statement.lines[0]).toMatchObject({ units: 10, invalidUnits: 7, amount: 10 });
    expect(statement.byOrder[0]?.invalidUnits).toBe(7);
    expect(statement.total).toBe(10);
  });

  it('a campaign without a rate is listed with no units and no amount, and left out of the totals', () => {
    const statement = statementOf([
      campaign(null, { impressions: 5_000 }),
      campaign({ model: 'CPC', amount: 2, currency: 'USD' }, { clicks: 3 }),
    ]);
    const unrated = statement.lines.find((line) => line.model === null);
    expect(unrated).toMatchObject({
      units: null,
      amount: null,
      inTotal: false,
      note: STATEMENT_MESSAGES.noRate,
    });
    expect(statement.total).toBe(6);
    expect(statement.linesNotInTotal).toBe(1);
  });

  it('a rate in another currency keeps its amount in that currency, out of the total', () => {
    const statement = statementOf([campaign({ model: 'CPC', amount: 2, currency: 'EUR' }, { clicks: 3 })]);
    expect(statement.lines[0]).toMatchObject({ currency: 'EUR', amount: 6, inTotal: false });
    expect(statement.total).toBe(0);
  });

  it('a campaign without events in the month has no line', () => {
    expect(statementOf([campaign({ model: 'CPM', amount: 1, currency: 'USD' }, {})]).lines).toEqual([]);
  });
});

describe('billing statement: insertion orders', () => {
  it('groups lines by insertion order with subtotals, campaigns without one last under "No insertion order"', () => {
    const cpc = { model: 'CPC' as const, amount: 1, currency: 'USD' };
    const order = (id: string, poNumber: string) => ({
      insertionOrderId: id,
      poNumber,
      orderName: `Order ${poNumber}`,
    });
    const statement = statementOf([
      campaign(cpc, { clicks: 1 }, { campaignName: 'Loose' }),
      campaign(cpc, { clicks: 20 }, { ...order('io2', 'PO-2'), campaignName: 'Beta' }),
      campaign(cpc, { clicks: 300 }, { ...order('io1', 'PO-1'), campaignName: 'Zeta' }),
      campaign(cpc, { clicks: 4_000 }, { ...order('io1', 'PO-1'), campaignName: 'Alpha' }),
    ]);
    expect(statement.byOrder.map((group) => [group.name, group.poNumber, group.amount])).toEqual([
      ['Order PO-1', 'PO-1', 4300],
      ['Order PO-2', 'PO-2', 20],
      [NO_INSERTION_ORDER, null, 1],
    ]);
    expect(statement.lines.map((line) => line.campaignName)).toEqual(['Alpha', 'Zeta', 'Beta', 'Loose']);
    expect(statement.total).toBe(4321);
  });
});

describe('billing statement: months', () => {
  it('a month runs from its first to its last local day', () => {
    expect(monthDays('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthDays('2026-12')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('a month is running until its last day is over in the zone', () => {
    const lastDay = new Date('2026-11-30T12:00:00Z');
    expect(monthRunning('2026-11', 'UTC', lastDay)).toBe(true);
    // Already 1 December at UTC+14.
    expect(monthRunning('2026-11', 'Pacific/Kiritimati', lastDay)).toBe(false);
    expect(monthRunning('2026-10', 'UTC', lastDay)).toBe(false);
    expect(statementOf([], usd, '2026-11').running).toBe(true);
    expect(statementOf([], usd, '2026-10').running).toBe(false);
  });

  it('a statement covers this month and the ten years before, not a month to come', () => {
    expect(statementMonthProblem('2026-11', 'UTC', now)).toBeUndefined();
    expect(statementMonthProblem('2016-12', 'UTC', now)).toBeUndefined();
    expect(statementMonthProblem('2016-11', 'UTC', now)).toBe(STATEMENT_MESSAGES.monthTooOld);
    expect(statementMonthProblem('2026-12', 'UTC', now)).toBe(STATEMENT_MESSAGES.monthInFuture);
    expect(
      statementMonthProblem('2026-12', 'Pacific/Kiritimati', new Date('2026-11-30T12:00:00Z')),
    ).toBeUndefined();
    expect(statementMonthProblem('2026-13', 'UTC', now)).toBe(STATEMENT_MESSAGES.month);
  });
});

describe('billing statement: the months to choose from', () => {
  it('this month in the zone first, then the ones before, across a year', () => {
    expect(statementMonths('UTC', now, 3)).toEqual(['2026-11', '2026-10', '2026-09']);
    expect(statementMonths('UTC', new Date('2027-01-31T23:30:00Z'), 2)).toEqual(['2027-01', '2026-12']);
    expect(statementMonths('Europe/Berlin', new Date('2027-01-31T23:30:00Z'), 2)).toEqual([
      '2027-02',
      '2027-01',
    ]);
    expect(statementMonths('UTC', now)).toHaveLength(120);
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});
