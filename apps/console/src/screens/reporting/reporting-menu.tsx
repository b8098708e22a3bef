// The reporting side menu (docs/product.md §2): a date range picker, a timezone dropdown, a Campaign
// summary link, the creatives that have live creatives, and the export section (format, Video
// Quartiles switch, Download); for the campaign's owner also its share links and scheduled reports.
import {
  fixedOffsetTimezone,
  pickedReportingDates,
  pickerRangeOf,
  type ReportingDates,
  type ReportingState,
  type Timezone,
  timezones,
  weekStartOf,
} from '@adconsole/domain';
import { ReportExportForm, type ReportExportFormValues } from '@adconsole/forms';
import {
  Badge,
  Button,
  cn,
  DateRangePicker,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Field,
  type RenderLink,
  Separator,
  Spinner,
  TimezoneSelect,
} from '@adconsole/ui';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { accountLocale } from '../../lib/account-locale';
import type { ScheduleFormProps } from './schedule-form';
import { ShareLinks, type ShareLinksProps } from './share-links';

/** The schedule dialog's form: fetched when the owner points at its button or opens it, not before. */
const loadScheduleForm = () => import('./schedule-form');
const ScheduleForm = lazy(loadScheduleForm);

/** A fixed offset (a link with only tz=) is offered under this code, so the dropdown can show it. */
const FIXED = 'fixed:';

type ReportingMenuCreative = { id: string; name: string; type: string; href: string };

export type ReportingMenuProps = {
  state: ReportingState;
  onChange: (next: Partial<ReportingState>) => void;
  /** After a range is chosen (a preset, or Custom's Apply): the phone's sheet closes on the figures. */
  onDatesChosen?: (() => void) | undefined;
  /** The app's clock: presets and "today" come from it. */
  now: Date;
  /** The campaign's flight, offered as a preset when known. */
  flight?: ReportingDates | undefined;
  summaryHref: string;
  /** The creatives with live creatives, each linking to its report. */
  creatives: readonly ReportingMenuCreative[];
  /** The creative whose report is open; none on the campaign summary. */
  activeCreativeID?: string | undefined;
  onExport: (values: ReportExportFormValues) => Promise<void> | void;
  exportDisabled?: boolean;
  /** The breakdown the report shows ('country'): the export offers to put it in the file. */
  breakdownLabel?: string | undefined;
  /** Share links and schedules: only for the campaign's owner, never on a share page. */
  owner?: (Omit<ScheduleFormProps, 'timezone'> & { shareLinks: Omit<ShareLinksProps, 'now'> }) | undefined;
  renderLink: RenderLink;
  /** The account's locale: the calendar's weeks start on its first day. The browser's when not given. */
  locale?: string | undefined;
  className?: string;
};

export function ReportingMenu({
  state,
  onChange,
  onDatesChosen,
  now,
  flight,
  summaryHref,
  creatives,
  activeCreativeID,
  onExport,
  exportDisabled = false,
  breakdownLabel,
  owner,
  renderLink,
  locale = accountLocale(),
  className,
}: ReportingMenuProps) {
  const options = useMemo(() => timezoneOptions(state.timezone), [state.timezone]);
  const extraPresets = flight
    ? [{ id: 'flight', label: 'Campaign flight', range: pickerRangeOf(flight) }]
    : [];
  const range = pickerRangeOf(state.dates);
  const navLink = (href: string, active: boolean, children: ReactNode) =>
    renderLink({
      href,
      'aria-current': active ? 'page' : undefined,
      className: cn(
        'flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent',
        active && 'bg-accent font-medium text-accent-foreground',
      ),
      children,
    });

  return (
    <div
      data-slot="reporting-menu"
      className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-5', className)}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <Field label="Dates">
          {(control) => (
            <DateRangePicker
              {...control}
              aria-label="Report dates"
              now={now}
              weekStartsOn={weekStartOf(locale)}
              value={range}
              extraPresets={extraPresets}
              onChange={(picked) => {
                onChange({ dates: pickedReportingDates(picked.from, picked.to) });
                onDatesChosen?.();
              }}
            />
          )}
        </Field>
        <Field label="Timezone">
          {(control) => (
            <TimezoneSelect
              id={control.id}
              aria-describedby={control['aria-describedby']}
              timezones={options}
              value={state.timezone.tzCode || `${FIXED}${state.timezone.offset}`}
              onValueChange={(picked) =>
                onChange({
                  timezone: picked.tzCode.startsWith(FIXED) ? fixedOffsetTimezone(picked.offset) : picked,
                })
              }
            />
          )}
        </Field>
      </div>

      <nav aria-label="Report" className="grid gap-1">
        {navLink(summaryHref, activeCreativeID === undefined, 'Campaign summary')}
        {creatives.length > 0 ? (
          <>
            <p className="mt-2 px-2 font-medium text-muted-foreground text-xs">Creatives</p>
            <ul className="grid gap-0.5">
              {creatives.map((creative) => (
                <li key={creative.id}>
                  {navLink(
                    creative.href,
                    creative.id === activeCreativeID,
                    <>
                      <span className="truncate">{creative.name}</span>
                      <Badge variant="secondary">{creative.type}</Badge>
                    </>,
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {owner ? (
          <p className="mt-2 px-2 text-xs">
            {renderLink({
              href: `/campaigns/${owner.campaignID}#placements`,
              className: 'text-primary underline-offset-4 hover:underline',
              children: "A/B tests of the campaign's placements",
            })}
          </p>
        ) : null}
      </nav>

      <Separator />
      <section aria-labelledby="report-export" className="grid gap-3">
        <h3 id="report-export" className="font-semibold text-sm">
          Export
        </h3>
        <ReportExportForm onSubmit={onExport} disabled={exportDisabled} breakdownLabel={breakdownLabel} />
      </section>

      {owner ? (
        <>
          <Separator />
          <ShareLinks {...owner.shareLinks} now={now} />
          <Separator />
          <ScheduleDialog {...owner} timezone={state.timezone} />
        </>
      ) : null}
    </div>
  );
}

/**
 * The domain's zones, and the one chosen when it is not one of them: a fixed offset a link named, or a
 * zone kept in the settings that the list does not name (an old IANA name), so the dropdown shows it.
 */
function timezoneOptions(current: Timezone): Timezone[] {
  const list = [...timezones];
  if (current.tzCode && list.some((timezone) => timezone.tzCode === current.tzCode)) return list;
  if (current.tzCode) return [current, ...list];
  const fixed = fixedOffsetTimezone(current.offset);
  return [{ ...fixed, tzCode: `${FIXED}${fixed.offset}` }, ...list];
}

/** The schedule dialog's body while its form's code arrives (the first time it opens, on a slow link). */
export function ScheduleFormPending() {
  return (
    <div className="grid min-h-96 place-items-center text-muted-foreground">
      <Spinner label="Loading the schedule form" className="size-6" />
    </div>
  );
}

function ScheduleDialog({
  shareLinks: _shareLinks,
  ...form
}: NonNullable<ReportingMenuProps['owner']> & { timezone: Timezone }) {
  // The dialog's content is mounted while it is open: closing it forgets the form's outcome.
  return (
    <section aria-labelledby="report-schedules" className="grid gap-2">
      <h3 id="report-schedules" className="font-semibold text-sm">
        Scheduled reports
      </h3>
      <p className="text-muted-foreground text-xs">
        {form.schedules.length === 0
          ? 'Have the report e-mailed every day, week or month, or when the campaign ends.'
          : `${form.schedules.length} scheduled for this campaign.`}
      </p>
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="secondary" onPointerEnter={loadScheduleForm} onFocus={loadScheduleForm}>
            Schedule report
          </Button>
        </DialogTrigger>
        <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>Schedule report</DialogTitle>
            <DialogDescription>
              Mailed at 08:00 in the report's timezone, each time for the last complete period.
            </DialogDescription>
          </DialogHeader>
          <Suspense fallback={<ScheduleFormPending />}>
            <ScheduleForm {...form} />
          </Suspense>
        </DialogContent>
      </Dialog>
    </section>
  );
}
