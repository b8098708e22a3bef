// The report cache (docs/product.md §4: reused for under 3600 s, per campaign and range) and a cancelled
// report (docs/product.md §8: 'Request timed out'), through the domain's real client on a fake fetch.

import { makeReport } from '@adconsole/charts/fixtures';
import { breakdownRequest, createApiClient, defaultTimezone, reportingDatesOfDays } from '@adconsole/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportKeys, reportQueryOptions, reportRequest } from './report-queries';

const report = makeReport({ seed: 7, start: '2026-11-01', days: 7 });
const state = {
  dates: reportingDatesOfDays({ start: '2026-11-01', end: '2026-11-07' }),
  timezone: defaultTimezone,
  unit: 'day' as const,
  breakdown: 'site' as const,
};

/** A client whose fetch answers every report call with the fixture, counting the calls. */
function countingClient(hang = false) {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    urls.push(String(url));
    if (hang) {
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }
    return new Response(JSON.stringify({ status: 200, data: report }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return { client: createApiClient({ baseUrl: 'http://api.test/api', fetch }), urls };
}

describe('reports in the console', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reuses a report for under 3600 s per campaign and range, then reads it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const { client, urls } = countingClient();
    const queryClient = new QueryClient();
    const request = reportRequest({ kind: 'campaign', campaignID: 'c1' }, state);
    await queryClient.fetchQuery(reportQueryOptions(client, request));
    vi.setSystemTime(new Date('2026-11-22T10:59:59Z'));
    await queryClient.fetchQuery(reportQueryOptions(client, request));
    expect(urls).toHaveLength(1);
    // Another range or another campaign is another report.
    const week = reportingDatesOfDays({ start: '2026-11-08', end: '2026-11-14' });
    await queryClient.fetchQuery(reportQueryOptions(client, { ...request, dates: week }));
    await queryClient.fetchQuery(reportQueryOptions(client, { ...request, campaignID: 'c2' }));
    expect(urls).toHaveLength(3);
    // 3600 s after the first read it is read again.
    vi.setSystemTime(new Date('2026-11-22T11:00:00Z'));
    await queryClient.fetchQuery(reportQueryOptions(client, request));
    expect(urls).toHaveLength(4);
    expect(new URL(urls[0] ?? '').searchParams.get('campaignID')).toBe('c1');
  });

  it('asks only the chosen breakdown, and caches each dimension apart for under 3600 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const { client, urls } = countingClient();
    const queryClient = new QueryClient();
    const request = reportRequest({ kind: 'campaign', campaignID: 'c1' }, state);
    await queryClient.fetchQuery(reportQueryOptions(client, request));
    await queryClient.fetchQuery(reportQueryOptions(client, breakdownRequest(request, 'site')));
    await queryClient.fetchQuery(reportQueryOptions(client, breakdownRequest(request, 'country')));
    const asked = urls.map((url) => new URL(url).searchParams.get('breakdown'));
    expect(asked).toEqual([null, 'site', 'country']);
    // Each is reused within the hour; by hour or by day, a breakdown is the same request.
    vi.setSystemTime(new Date('2026-11-22T10:59:59Z'));
    await queryClient.fetchQuery(reportQueryOptions(client, breakdownRequest(request, 'country')));
    const hourly = { ...request, granularity: 'hour' as const };
    await queryClient.fetchQuery(reportQueryOptions(client, breakdownRequest(hourly, 'site')));
    expect(urls).toHaveLength(3);
    // A creative's breakdown goes by its live ids.
    const creative = reportRequest({ kind: 'campaign', campaignID: 'c1' }, state, ['L1', 'L2']);
    await queryClient.fetchQuery(reportQueryOptions(client, breakdownRequest(creative, 'country')));
    expect(new URL(urls[3] ?? '').searchParams.get('liveIDs')).toBe('L1,L2');
    expect(new URL(urls[3] ?? '').searchParams.get('breakdown')).toBe('country');
    // 3600 s after the first read the chosen dimension is read again.
    vi.setSystemTime(new Date('2026-11-22T11:00:00Z'));
    await queryClient.fetchQuery(reportQueryOptions(client, breakdownRequest(request, 'site')));
    expect(urls).toHaveLength(5);
  });

  it('keys a report by its zone, not only its offset (New York and Bogota differ in summer)', () => {
    const newYork = { label: '', offset: '-05:00', tzCode: 'America/New_York' };
    const bogota = { label: '', offset: '-05:00', tzCode: 'America/Bogota' };
    const request = reportRequest({ kind: 'campaign', campaignID: 'c1' }, state);
    expect(reportKeys.report({ ...request, timezone: newYork })).not.toEqual(
      reportKeys.report({ ...request, timezone: bogota }),
    );
  });

  it("fails a report the user cancels with 'Request timed out'", async () => {
    const { client } = countingClient(true);
    const queryClient = new QueryClient();
    const cancels = new Map<string, AbortController>();
    const request = reportRequest({ kind: 'share', token: 'x'.repeat(43) }, state);
    const pending = queryClient.fetchQuery(reportQueryOptions(client, request, cancels));
    await vi.waitFor(() => expect(cancels.size).toBe(1));
    for (const controller of cancels.values()) controller.abort();
    await expect(pending).rejects.toThrow('Request timed out');
    expect(cancels.size).toBe(0);
  });

  it("refuses a creative report without live ids: 'No live ids set'", async () => {
    const { client, urls } = countingClient();
    const queryClient = new QueryClient();
    const request = reportRequest({ kind: 'campaign', campaignID: 'c1' }, state, []);
    await expect(queryClient.fetchQuery(reportQueryOptions(client, request))).rejects.toThrow(
      'No live ids set',
    );
    expect(urls).toHaveLength(0);
  });
});
