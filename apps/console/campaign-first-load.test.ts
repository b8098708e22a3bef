// The campaign pages' first paint waits only for what they draw first (docs/console.md, "The campaign
// pages' first load"): the campaign page reaches its owner's cards (preview links, delivery rules,
// placements, conversions, history) and its dialogs' forms, and the campaign list its new campaign
// dialog, only through `import()`. One static import would put them back in the page's first load. The
// owner's cards, in turn, reach their dialogs' forms (the delivery rules' editor, a placement's, an A/B
// test's and a conversion action's dialogs) only through `import()`: the cards come while the page is
// idle, and a form's code there was parsed and run in that time for a dialog the reader may never open.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachedModules } from './build/import-graph';

const src = path.join(import.meta.dirname, 'src');
const campaigns = path.join(src, 'screens', 'campaigns');
const PAGES = [
  {
    page: path.join(campaigns, 'campaign-view.tsx'),
    later: [
      path.join(campaigns, 'campaign-owner-cards.tsx'),
      path.join(src, 'screens', 'approval', 'preview-links.tsx'),
      path.join(campaigns, 'campaign-delivery-rules.tsx'),
      path.join(campaigns, 'campaign-placements.tsx'),
      path.join(campaigns, 'campaign-conversions.tsx'),
      path.join(campaigns, 'campaign-history.tsx'),
      path.join(campaigns, 'edit-campaign-dialog.tsx'),
      path.join(campaigns, 'duplicate-campaign-dialog.tsx'),
      path.join(campaigns, 'bulk-upload-dialog.tsx'),
    ],
  },
  {
    page: path.join(campaigns, 'campaign-owner-cards.tsx'),
    later: [
      path.join(campaigns, 'delivery-rules-dialog.tsx'),
      path.join(campaigns, 'forecast-panel.tsx'),
      path.join(campaigns, 'placement-dialogs.tsx'),
      path.join(campaigns, 'conversion-dialog.tsx'),
    ],
  },
  {
    page: path.join(campaigns, 'campaign-list.tsx'),
    later: [path.join(campaigns, 'new-campaign-dialog.tsx')],
  },
];
const name = (file: string) => path.relative(src, file);

describe("the campaign pages' first load", () => {
  for (const { page, later } of PAGES) {
    it(`${name(page)} holds none of what it draws later`, () => {
      const firstLoad = reachedModules(page, { onDemand: false });
      expect(later.filter((file) => firstLoad.has(file)).map(name)).toEqual([]);
    });

    it(`${name(page)} would: on demand, it reaches each`, () => {
      const reached = reachedModules(page, { onDemand: true });
      expect(later.filter((file) => !reached.has(file)).map(name)).toEqual([]);
    });
  }
});
