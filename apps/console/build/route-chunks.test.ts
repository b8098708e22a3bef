import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { CONSOLE_PARTS, planFromChunks } from './route-chunks';

const src = '/app/src';
// The console's own table of parts: the fixture's lazy chunks name its modules.
const parts = CONSOLE_PARTS;

/** A chunk of a first build, as Rolldown forms it without a plan. */
function chunk(
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  kind: { entry?: boolean; lazy?: string; packageLazy?: string } = {},
): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    moduleIds,
    imports,
    isEntry: kind.entry ?? false,
    isDynamicEntry: kind.lazy !== undefined || kind.packageLazy !== undefined,
    facadeModuleId: kind.lazy ? `${src}/${kind.lazy}.tsx` : (kind.packageLazy ?? null),
  } as unknown as Rolldown.OutputChunk;
}

const build = [
  chunk('index.js', [`${src}/main.tsx`], ['vendor.js', 'session.js', 'button.js'], { entry: true }),
  chunk('vendor.js', ['/node_modules/react/index.js']),
  chunk('session.js', [`${src}/session/session.ts`]),
  chunk('button.js', ['/ui/button.tsx']),
  chunk('app-layout.js', [`${src}/routes/app-layout.tsx`], ['frame-and-dashboard.js', 'query.js'], {
    lazy: 'routes/app-layout',
  }),
  chunk('share-layout.js', [`${src}/routes/share-layout.tsx`], ['query.js', 'share-banner.js'], {
    lazy: 'routes/share-layout',
  }),
  chunk(
    'dashboard.js',
    [`${src}/screens/dashboard/dashboard.tsx`],
    ['frame-and-dashboard.js', 'table.js', 'button.js', 'card.js'],
    {
      lazy: 'screens/dashboard/dashboard',
    },
  ),
  chunk(
    'campaigns.js',
    [`${src}/screens/campaigns/campaign-list.tsx`],
    ['table.js', 'campaign-forms.js', 'checkbox.js'],
    {
      lazy: 'screens/campaigns/campaign-list',
    },
  ),
  chunk(
    'reporting-page.js',
    [`${src}/screens/reporting/reporting-page.tsx`],
    [
      'report-shared.js',
      'table.js',
      'share-banner.js',
      'date-format.js',
      'popover.js',
      'campaign-and-report.js',
    ],
    {
      lazy: 'screens/reporting/reporting-page',
    },
  ),
  chunk('report-charts.js', [`${src}/screens/reporting/report-charts.ts`], ['report-shared.js', 'nivo.js'], {
    lazy: 'screens/reporting/report-charts',
  }),
  chunk('trend-chart.js', [`${src}/screens/dashboard/trend-chart.ts`], ['nivo.js'], {
    lazy: 'screens/dashboard/trend-chart',
  }),
  chunk(
    'campaign.js',
    [`${src}/screens/campaigns/campaign-view.tsx`],
    ['campaign-forms.js', 'campaign-and-report.js', 'creative-calls.js'],
    { lazy: 'screens/campaigns/campaign-view' },
  ),
  chunk(
    'creative.js',
    [`${src}/screens/creatives/creative-editor.tsx`],
    ['creative-calls.js', 'file-picker.js'],
    {
      lazy: 'screens/creatives/creative-editor',
    },
  ),
  chunk('advertiser.js', [`${src}/screens/advertisers/advertiser-page.tsx`], ['file-picker.js'], {
    lazy: 'screens/advertisers/advertiser-page',
  }),
  chunk('campaign-and-report.js', ['/charts/pacing-figures.tsx']),
  chunk('creative-calls.js', [`${src}/screens/creatives/creative-queries.ts`]),
  chunk('file-picker.js', ['/ui/file-dropzone.tsx']),
  chunk('sign-in.js', [`${src}/screens/account/sign-in.tsx`], ['input.js', 'chevron.js', 'card.js'], {
    lazy: 'screens/account/sign-in',
  }),
  chunk('sign-up.js', [`${src}/screens/account/sign-up.tsx`], ['input.js', 'checkbox.js'], {
    lazy: 'screens/account/sign-up',
  }),
  // The bell's panel, opened on demand in the signed-in frame.
  chunk('alert-panel.js', [`${src}/screens/alerts/alert-panel.tsx`], ['popover.js'], {
    lazy: 'screens/alerts/alert-panel',
  }),
  chunk('card.js', ['/ui/card.tsx']),
  chunk('checkbox.js', ['/ui/checkbox.tsx']),
  chunk('popover.js', ['/ui/popover.tsx']),
  chunk('frame-and-dashboard.js', ['/ui/sidebar.tsx', '/node_modules/lucide/x.js']),
  chunk('query.js', ['/node_modules/@tanstack/query-core/query.js']),
  chunk('table.js', ['/ui/table.tsx']),
  chunk('report-shared.js', ['/charts/format.ts']),
  chunk('nivo.js', ['/node_modules/@nivo/line/index.js']),
  chunk('campaign-forms.js', ['/forms/campaign-form.tsx']),
  chunk('input.js', ['/ui/input.tsx']),
  chunk('share-banner.js', ['/ui/share-banner.tsx']),
  chunk('toaster.js', [`${src}/components/toaster.tsx`], ['input.js', 'query.js'], {
    lazy: 'components/toaster',
  }),
  // The ui's date picker (on the report) fetches its calendar when it is opened.
  chunk('calendar.js', ['/ui/calendar.tsx'], ['day-picker.js', 'date-format.js', 'chevron.js'], {
    packageLazy: '/ui/calendar.tsx',
  }),
  chunk('day-picker.js', ['/node_modules/react-day-picker/index.js']),
  chunk('date-format.js', ['/node_modules/date-fns/format.js']),
  chunk('chevron.js', ['/node_modules/lucide/chevron.js']),
];

describe('the chunk each module goes to, by the lazy parts that load it', () => {
  const plan = planFromChunks(build, src, parts);

  it('puts what the entry loads, beside its own modules and the groups it names, in one file', () => {
    expect(plan.get(`${src}/session/session.ts`)).toBe('app');
    expect(plan.get('/ui/button.tsx')).toBe('app');
    expect(plan.get('/node_modules/react/index.js')).toBe('app');
    expect(plan.has(`${src}/main.tsx`)).toBe(false);
  });

  it('puts a module of a part and the parts always loaded with it in that part’s file', () => {
    // the dashboard never loads without the signed-in frame
    expect(plan.get('/ui/sidebar.tsx')).toBe('signed-in');
    expect(plan.get('/node_modules/lucide/x.js')).toBe('signed-in');
    // the report's charts never load without the report
    expect(plan.get('/charts/format.ts')).toBe('reporting');
    expect(plan.get(`${src}/screens/dashboard/dashboard.tsx`)).toBe('dashboard');
    expect(plan.get(`${src}/components/toaster.tsx`)).toBe('toaster');
  });

  it('puts the code pages share in the file of the first page of `sharedFile` that needs it, else in `shared-screens`', () => {
    // the dashboard (with its frame), the campaign list and the report: the dashboard's file
    expect(plan.get('/ui/table.tsx')).toBe('shared');
    // the share frame and the report, which the dashboard does not need: the report's file
    expect(plan.get('/ui/share-banner.tsx')).toBe('shared-reporting');
    // the creative editor and an advertiser's page: neither the dashboard nor the report fetches it
    expect(plan.get('/ui/file-dropzone.tsx')).toBe('shared-screens');
  });

  it('puts what the campaign pages share in files of their own, before the report’s', () => {
    // the campaign list and the campaign view, which never load together: the list's file, not
    // `shared-screens`, which the list would fetch whole for it
    expect(plan.get('/forms/campaign-form.tsx')).toBe('shared-campaigns');
    // the campaign view and the report: the campaign page's file, which the report fetches, not the
    // report's, which the campaign page would fetch whole
    expect(plan.get('/charts/pacing-figures.tsx')).toBe('shared-campaign');
    // the campaign view and the creative editor, not the report: a file the report does not fetch
    // (`sharedApart`)
    expect(plan.get(`${src}/screens/creatives/creative-queries.ts`)).toBe('shared-campaign-screens');
  });

  it('puts what public pages share with other pages in `shared-public`', () => {
    // the signed-in frame and the share frame never load together; the report loads under either
    // the sign-in page and the toaster, which comes after the paint of every page
    expect(plan.get('/ui/input.tsx')).toBe('shared-public');
  });

  it('puts what the dashboard shares with a public page with the entry, so the dashboard fetches no public file', () => {
    expect(plan.get('/ui/card.tsx')).toBe('app');
  });

  it('keeps what public pages other than the sign-in page share out of the sign-in page’s files', () => {
    // sign-up's checkbox, which the campaign list uses too
    expect(plan.get('/ui/checkbox.tsx')).toBe('shared-account');
  });

  it('puts what an overlay of the signed-in frame shares with other screens in a file of its own', () => {
    // opening the bell's panel on the dashboard fetches that file, not the report's shared code
    expect(plan.get('/ui/popover.tsx')).toBe('shared-overlays');
  });

  it('puts what the toaster shares with signed-in screens only in the toaster’s file, which every page loads', () => {
    // in `shared`, the sign-in page's toaster would fetch the signed-in pages' shared file
    expect(plan.get('/node_modules/@tanstack/query-core/query.js')).toBe('toaster');
  });

  it('leaves a module that only parts drawn after the paint need where Rolldown puts it', () => {
    // the report's charts and the dashboard's trend chart: their library never joins a page's files
    expect(plan.has('/node_modules/@nivo/line/index.js')).toBe(false);
  });

  it('loads a workspace package’s lazy part on demand: it pulls nothing into a page’s files', () => {
    // the calendar's own library stays in its file, fetched when the picker opens
    expect(plan.get('/node_modules/react-day-picker/index.js')).toBe('calendar');
    // what it shares with the report goes where the report's shared code goes
    expect(plan.get('/node_modules/date-fns/format.js')).toBe('shared-reporting');
    // what it shares with the sign-in page alone stays that page's: not `shared-public`, which every
    // public page loads, as it would if the calendar were a page of its own
    expect(plan.get('/node_modules/lucide/chevron.js')).toBe('sign-in');
  });
});
