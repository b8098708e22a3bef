// The advertiser page's report by campaign (docs/console.md, "Advertisers and insertion orders"): the
// days and zone picked as on the campaign report (its date range picker and zone list), then every
// figure of the campaign report's summary for each campaign and for all of them, in the charts' report
// table. Spend is in the advertiser's currency; a campaign priced in another shows none (its totals
// leave it out, as the server's do).

import { ReportTable } from '@adconsole/charts';
import {
  ADVERTISER_MESSAGES,
  type AdvertiserReport,
  defaultTimezone,
  pickedReportingDates,
  pickerRangeOf,
  type ReportingDates,
  type ReportTotals,
  reportDaysOf,
  timezones,
  weekStartOf,
} from '@adconsole/domain';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DateRangePicker,
  Field,
  Skeleton,
  TimezoneSelect,
} from '@adconsole/ui';
import { Loaded } from '../../components/loaded';
import { renderRouterLink } from '../../components/router-link';
import { accountLocale } from '../../lib/account-locale';
import { formatReportDays } from '../reporting/format';

/** The zones offered: UTC first, then the console's (the advertiser report reads IANA zones only). */
const ZONES = [defaultTimezone, ...timezones.filter((zone) => zone.tzCode !== defaultTimezone.tzCode)];

/** What the report is asked for: its days and zone. */
export interface AdvertiserReportState {
  dates: ReportingDates;
  /** An IANA zone. */
  timezone: string;
}

const SPEND_FIGURES = ['spend', 'ecpm', 'ecpc', 'cpcv', 'costPerConversion', 'roas'] as const;

/** A campaign's figures as the table shows them: without spend when it is priced in another currency. */
function inCurrency(row: AdvertiserReport['campaigns'][number], currency: string): ReportTotals {
  if (!row.rate || row.rate.currency === currency) return row.totals;
  const totals = { ...row.totals };
  for (const figure of SPEND_FIGURES) delete totals[figure];
  return totals;
}

export interface AdvertiserReportCardProps {
  state: AdvertiserReportState;
  onChange: (next: Partial<AdvertiserReportState>) => void;
  /** Undefined while it loads. */
  report: AdvertiserReport | undefined;
  error?: unknown;
  /** The app's clock: the picker's presets come from it. */
  now: Date;
  locale?: string | undefined;
}

export function AdvertiserReportCard({
  state,
  onChange,
  report,
  error,
  now,
  locale = accountLocale(),
}: AdvertiserReportCardProps) {
  return (
    <Card data-slot="advertiser-report">
      <CardHeader className="@container grid-cols-1 gap-4">
        <div className="grid gap-1.5">
          <CardTitle level={2}>Report by campaign</CardTitle>
          <CardDescription>
            Every figure of the campaign report, for each campaign and all of them, over the days picked.
          </CardDescription>
        </div>
        <div className="grid gap-3 @lg:grid-cols-2 @3xl:max-w-3xl">
          <Field label="Dates">
            {(control) => (
              <DateRangePicker
                {...control}
                aria-label="Report dates"
                now={now}
                weekStartsOn={weekStartOf(locale)}
                value={pickerRangeOf(state.dates)}
                onChange={(picked) => onChange({ dates: pickedReportingDates(picked.from, picked.to) })}
              />
            )}
          </Field>
          <Field label="Timezone">
            {(control) => (
              <TimezoneSelect
                id={control.id}
                aria-describedby={control['aria-describedby']}
                timezones={ZONES}
                value={state.timezone}
                onValueChange={(picked) => onChange({ timezone: picked.tzCode })}
              />
            )}
          </Field>
        </div>
      </CardHeader>
      <CardContent>
        <Loaded
          data={report}
          error={error}
          errorText={ADVERTISER_MESSAGES.advertiserReportNotLoaded}
          loading={<Skeleton className="h-64" aria-label="Loading the report" />}
        >
          {(loaded) =>
            loaded.campaigns.length === 0 ? (
              <p className="text-muted-foreground text-sm">No campaigns of this advertiser to report on.</p>
            ) : (
              <div className="grid gap-2">
                <ReportTable
                  by="campaign"
                  campaigns={loaded.campaigns.map((row) => ({
                    id: row.id,
                    name: row.name,
                    totals: inCurrency(row, loaded.currency),
                  }))}
                  totals={loaded.totals}
                  currency={loaded.currency}
                  locale={locale}
                  caption={`Figures by campaign, ${formatReportDays(reportDaysOf(state.dates))}`}
                  rowHref={(campaign) => `/campaigns/${campaign.id}/reporting`}
                  renderLink={renderRouterLink}
                />
                {loaded.truncated ? (
                  <p className="text-muted-foreground text-xs">
                    Only the advertiser’s newest campaigns are in the report: it has more than one table
                    holds.
                  </p>
                ) : null}
              </div>
            )
          }
        </Loaded>
      </CardContent>
    </Card>
  );
}
