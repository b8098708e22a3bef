// The dashboard's campaigns as its call answers them, for its stories and the drawn dashboard's: three
// campaigns with a week's figures each, one at risk, one on track, one without a goal.
import { atRiskPacing, oneWeekReport, onTrackPacing } from '@adconsole/charts/fixtures';
import type { DashboardCampaign } from '@adconsole/domain';

const [first, second, third] = oneWeekReport.creatives;
export const dashboardCampaigns: DashboardCampaign[] = [
  {
    id: 'c1',
    name: 'Winter sale',
    updatedAt: '2026-11-24T10:00:00Z',
    totals: first?.totals ?? oneWeekReport.totals,
    pacing: atRiskPacing,
  },
  {
    id: 'c2',
    name: 'Spring launch',
    updatedAt: '2026-11-20T10:00:00Z',
    totals: second?.totals ?? oneWeekReport.totals,
    pacing: onTrackPacing,
  },
  {
    id: 'c3',
    name: 'Always on',
    updatedAt: '2026-11-02T10:00:00Z',
    totals: third?.totals ?? oneWeekReport.totals,
    pacing: null,
  },
];
