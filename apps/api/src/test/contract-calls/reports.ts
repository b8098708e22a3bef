// The contract test's calls of event import, the dashboard, reports, share links and scheduled reports.
import type { Calls, ContractWorld } from './world';

/** Event import, the dashboard, reports, share links and scheduled reports. */
export function reportCalls(world: ContractWorld): Calls {
  const dates = new URLSearchParams({ start_dt: '2026-03-01 00:00:00', end_dt: '2026-03-07 23:59:59' });
  let sharedToken: string | undefined;
  const shareToken = async () => {
    sharedToken ??=
      (await world.admin.post<{ token: string }>('/v1/campaign/newToken', { campaignID: world.campaignID }))
        .body.data?.token ?? '';
    return sharedToken;
  };
  const schedule = () => ({
    campaignID: world.campaignID,
    name: 'Contract schedule',
    frequency: 'Weekly',
    reportType: 'Summary',
    format: 'csv',
    timezone: 'UTC',
    recipients: [world.adminEmail],
  });
  return {
    postV1EventsImport: () =>
      world.admin.post('/v1/events/import', {
        events: [{ liveID: world.liveID, type: 'impression', at: '2026-03-01T10:00:00Z', count: 3 }],
      }),
    getV1Dashboard: () => world.admin.get(`/v1/dashboard?${dates}`),
    getV1CampaignReports: () =>
      world.admin.get(`/v1/campaign/reports?campaignID=${world.campaignID}&${dates}`),
    getV1CampaignEvents: () => world.admin.get(`/v1/campaign/events?campaignID=${world.campaignID}&${dates}`),
    getV1CampaignVideoData: () =>
      world.admin.get(`/v1/campaign/videoData?campaignID=${world.campaignID}&${dates}`),
    getShareReports: async () => world.admin.get(`/share/reports?sharedToken=${await shareToken()}&${dates}`),
    getShareEvents: async () => world.admin.get(`/share/events?sharedToken=${await shareToken()}&${dates}`),
    getShareVideoData: async () =>
      world.admin.get(`/share/videoData?sharedToken=${await shareToken()}&${dates}`),
    postV1CampaignNewToken: () => world.admin.post('/v1/campaign/newToken', { campaignID: world.campaignID }),
    deleteV1CampaignNewToken: async () => {
      const doomed = await world.admin.post<{ token: string }>('/v1/campaign/newToken', {
        campaignID: world.campaignID,
      });
      return world.admin.delete(`/v1/campaign/newToken?token=${doomed.body.data?.token}`);
    },
    postV1CampaignScheduledReport: () => world.admin.post('/v1/campaign/scheduledReport', schedule()),
    deleteV1CampaignScheduledReport: async () => {
      const doomed = await world.admin.post<{ id: string }>('/v1/campaign/scheduledReport', schedule());
      return world.admin.delete(`/v1/campaign/scheduledReport?id=${doomed.body.data?.id}`);
    },
    postV1CampaignScheduledReportSend: async () => {
      const created = await world.admin.post<{ id: string }>('/v1/campaign/scheduledReport', schedule());
      return world.admin.post('/v1/campaign/scheduledReport/send', { id: created.body.data?.id });
    },
  };
}
