// The campaign list's frame: its heading, an admin's choice between their own campaigns and everyone's,
// the page's actions, and the list itself. Props in, no fetching.
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@adconsole/ui';
import type { ReactNode } from 'react';
import type { CampaignView } from './campaign-keys';

export interface CampaignListFrameProps {
  /** An admin's choice of list ('Mine', 'All'); none for anyone else, who has one list. */
  views?: { view: CampaignView; onViewChange: (view: CampaignView) => void } | undefined;
  /** Beside the heading (New campaign). */
  actions: ReactNode;
  /** The search, the filter and the list. */
  children: ReactNode;
}

/**
 * The chosen tab's panel is the list below it: a tab names its panel (`aria-controls`), and a tab that
 * named a panel the page did not have failed the campaign list's accessibility check
 * (`aria-valid-attr-value`; docs/console.md, "The campaign pages' first load").
 */
export function CampaignListFrame({ views, actions, children }: CampaignListFrameProps) {
  const heading = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-semibold text-2xl">Campaigns</h1>
      <div className="flex items-center gap-3">
        {views ? (
          <TabsList aria-label="Which campaigns">
            <TabsTrigger value="mine">Mine</TabsTrigger>
            <TabsTrigger value="all">All</TabsTrigger>
          </TabsList>
        ) : null}
        {actions}
      </div>
    </div>
  );
  if (!views) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {heading}
        {children}
      </div>
    );
  }
  return (
    <Tabs
      value={views.view}
      onValueChange={(value) => views.onViewChange(value as CampaignView)}
      className="grid grid-cols-1 gap-6"
    >
      {heading}
      {/* One panel, the chosen list's: its value follows the tab, so the chosen tab always names it. */}
      <TabsContent value={views.view} className="grid grid-cols-1 gap-6">
        {children}
      </TabsContent>
    </Tabs>
  );
}
