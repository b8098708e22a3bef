// The campaign the campaign page's stories show (its header, its creatives): a live banner whose QA
// passed, a second with a warning, a third failed, a video QA does not measure, and one being measured.
import { type Campaign, type CreativeQaSummary, campaignSchema } from '@adconsole/domain';

const creative = (id: string, name: string, qa: CreativeQaSummary, extra: Record<string, unknown> = {}) => ({
  id,
  campaignID: 'cmp_spring',
  name,
  width: 300,
  height: 250,
  size: '300x250',
  platform: 'google-ad-manager',
  qa,
  ...extra,
});

export const springSale: Campaign = campaignSchema.parse({
  id: 'cmp_spring',
  name: 'Spring sale 2036',
  advertiserId: 'adv_contoso',
  data: {
    impressions: 128_400,
    engagement: 5_210,
    clicks: 1_930,
    start: { date: '2036-03-01' },
    end: { date: '2036-04-30' },
    advertiser: 'Contoso',
  },
  updatedAt: '2036-02-20T10:00:00.000Z',
  creatives: [
    creative('crv_1', 'Spring banner', 'pass', { liveCreatives: [{ id: 'live_1' }] }),
    creative('crv_2', 'Spring banner, heavy font', 'warning'),
    creative('crv_3', 'Spring banner, video loop', 'fail'),
    creative('crv_4', 'Spring pre-roll', 'not_measured', {
      type: 'VAST',
      width: 640,
      height: 360,
      size: '640x360',
    }),
    creative('crv_5', 'Spring banner, new copy', 'running'),
  ],
});
