import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { type LazyPart, planFromChunks } from './route-chunks';

const src = '/app/src';
const parts: Record<string, LazyPart> = {
  'routes/app-layout': { name: 'signed-in', loadedWith: [] },
  'routes/share-layout': { name: 'share', loadedWith: [] },
  'screens/reporting/reporting-page': { name: 'reporting', loadedWith: [] },
  'screens/reporting/report-charts': { name: 'report-charts', loadedWith: ['reporting'] },
  'screens/dashboard/dashboard': { name: 'dashboard', loadedWith: ['signed-in'] },
  'screens/campaigns/campaign-list': { name: 'campaigns', loadedWith: ['signed-in'] },
};

/** A chunk of a first build, as Rolldown forms it without a plan. */
function chunk(
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  kind: { entry?: boolean; lazy?: string } = {},
): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    moduleIds,
    imports,
    isEntry: kind.entry ?? false,
    isDynamicEntry: kind.lazy !== undefined,
    facadeModuleId: kind.lazy ? `${src}/${kind.lazy}.tsx` : null,
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
  chunk('share-layout.js', [`${src}/routes/share-layout.tsx`], ['query.js'], { lazy: 'routes/share-layout' }),
  chunk(
    'dashboard.js',
    [`${src}/screens/dashboard/dashboard.tsx`],
    ['frame-and-dashboard.js', 'table.js', 'button.js'],
    {
      lazy: 'screens/dashboard/dashboard',
    },
  ),
  chunk('campaigns.js', [`${src}/screens/campaigns/campaign-list.tsx`], ['table.js'], {
    lazy: 'screens/campaigns/campaign-list',
  }),
  chunk(
    'reporting-page.js',
    [`${src}/screens/reporting/reporting-page.tsx`],
    ['report-shared.js', 'table.js'],
    {
      lazy: 'screens/reporting/reporting-page',
    },
  ),
  chunk('report-charts.js', [`${src}/screens/reporting/report-charts.ts`], ['report-shared.js'], {
    lazy: 'screens/reporting/report-charts',
  }),
  chunk('frame-and-dashboard.js', ['/ui/sidebar.tsx', '/node_modules/lucide/x.js']),
  chunk('query.js', ['/node_modules/@tanstack/query-core/query.js']),
  chunk('table.js', ['/ui/table.tsx']),
  chunk('report-shared.js', ['/charts/format.ts']),
  chunk('toaster.js', [`${src}/components/toaster.tsx`], [], { lazy: 'components/toaster' }),
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

  it('leaves a module where Rolldown puts it when no part that needs it comes with all the others', () => {
    // the signed-in frame and the share frame never load together; the report loads under either
    expect(plan.has('/node_modules/@tanstack/query-core/query.js')).toBe(false);
    expect(plan.has('/ui/table.tsx')).toBe(false);
  });
});
