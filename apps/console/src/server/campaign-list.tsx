// The campaign list drawn by the server (docs/console.md, "The campaign list drawn by the server"):
// `/campaigns` opened by its address arrives drawn in the signed-in frame, the page the list call answers
// for its address (its view, page, search, status and order), so a phone reads it before any console
// code has run. The console, started by the reader's first touch, replaces it where it stood.
import {
  type Alert,
  type CampaignListFilter,
  type CampaignListView,
  campaignListSchema,
  type UserRole,
} from '@adconsole/domain';
import { Breadcrumbs, renderAnchor } from '@adconsole/ui';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppFrame } from '../routes/app-frame';
import { pageCrumbs } from '../routes/breadcrumbs';
import { AlertBell } from '../screens/alerts/alert-bell';
import { CampaignListContent } from '../screens/campaigns/campaign-list-content';
import { nothing } from './drawn-report';

export interface CampaignListPageView {
  /** The list call's answer for the page, as it travels (a CampaignList). */
  list: unknown;
  view: CampaignListView;
  page: number;
  filter: CampaignListFilter;
  /** The page's address (path and query): the router's location for the table's links. */
  location: string;
  companyName: string;
  /** The page's clock, ISO (the footer's year, the flights' states). */
  now?: string | undefined;
  phone?: boolean | undefined;
  /** The bell's open alerts, as the alerts call answers them. */
  alerts: readonly unknown[];
  user: { role: UserRole; name: string };
}

/** The page's view as HTML, or undefined when the list does not read as the contract says. */
export function renderCampaignList({
  list,
  view,
  page,
  filter,
  location,
  companyName,
  now,
  phone,
  alerts,
  user,
}: CampaignListPageView): string | undefined {
  const parsed = campaignListSchema.safeParse(list);
  if (!parsed.success) return undefined;
  return renderToString(
    <StaticRouter location={location}>
      <AppFrame
        role={user.role}
        pathname="/campaigns"
        compact={phone === true}
        companyName={companyName}
        breadcrumbs={
          <Breadcrumbs oneLine items={pageCrumbs('/campaigns', undefined)} renderLink={renderAnchor} />
        }
        bell={<AlertBell alerts={alerts as Alert[]} renderLink={renderAnchor} />}
        theme="light"
        onThemeChange={nothing}
        user={{ name: user.name, href: '/profile' }}
        renderLink={renderAnchor}
        now={now ? new Date(now) : new Date()}
      >
        <CampaignListContent
          views={user.role === 'admin' ? { view, onViewChange: nothing } : undefined}
          filter={filter}
          search={filter.q ?? ''}
          page={page}
          list={{ data: parsed.data, error: undefined }}
          onCreate={nothing}
          onFilterChange={nothing}
          onShowEvery={nothing}
          onSort={nothing}
          onPageChange={nothing}
          onDelete={nothing}
        />
      </AppFrame>
    </StaticRouter>,
  );
}
