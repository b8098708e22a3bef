import { endOfDay, format, startOfDay, startOfMonth, subMonths } from 'date-fns';
import { CalendarIcon } from 'lucide-react';
import * as React from 'react';
import { useCompactLayout } from '../app-shell/use-compact-layout';
import { Button } from '../button';
import { cn } from '../lib/cn';
import { Popover, PopoverContent, PopoverTrigger } from '../popover';
import { Spinner } from '../spinner';
import { type CustomRangeDraft, pickRangeDay } from './custom-range';
import {
  type DateRange,
  type DateRangePreset,
  type DateRangePresetId,
  dateRangePresets,
  type ExtraDateRangePreset,
  matchPreset,
} from './presets';

/**
 * The calendar (react-day-picker, with its date library): most visits never open the picker, so it is
 * fetched when the trigger is pointed at, focused or opened, not with the page.
 */
const loadCalendar = () => import('../calendar/calendar');
const Calendar = React.lazy(() => loadCalendar().then((module) => ({ default: module.Calendar })));

/** Below Tailwind's sm (640 px), a phone: one month, the presets in two columns. */
const PHONE_MAX_WIDTH = 639;

/**
 * Where the calendar's months will be while it loads: their size (seven 36 px days wide; the caption,
 * the weekdays and six weeks tall), so the popover does not grow.
 */
export function CalendarPending({ numberOfMonths }: { numberOfMonths: number }) {
  return (
    <div className="flex flex-col gap-4 p-3 sm:flex-row" data-slot="calendar-pending">
      {Array.from({ length: numberOfMonths }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the months are placeholders without identity
        <div key={index} className="grid h-[276px] w-[252px] place-items-center text-muted-foreground">
          {index === 0 ? <Spinner label="Loading the calendar" className="size-5" /> : null}
        </div>
      ))}
    </div>
  );
}

export type DateRangePickerProps = {
  value?: DateRange;
  /** Called with the chosen range (from 00:00 to 23:59:59.999 of the last day) and the preset it came from. */
  onChange?: (range: DateRange, preset: DateRangePresetId | (string & {})) => void;
  /** The app's own presets (a campaign's flight, say), listed after the standard ones, before Custom. */
  extraPresets?: readonly ExtraDateRangePreset[];
  /** The app's clock: presets and "today" are computed from it, so stories and tests are deterministic. */
  now: Date;
  /** date-fns format of the trigger's dates. */
  dateFormat?: string;
  placeholder?: string;
  /**
   * The day the calendar's weeks start on (0 Sunday, 1 Monday ... 6 Saturday): the account's, which the
   * app reads from its locale (the domain's `weekStartOf`). Sunday when not given.
   */
  weekStartsOn?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | undefined;
  /** Months side by side on a wider screen; a phone shows one, the last day's month. */
  numberOfMonths?: number;
  /**
   * The phone's layout (one month, the presets in two columns); by default while the window is under
   * 640 px wide. A story passes it to draw the phone's layout in a wide window.
   */
  phone?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
};

/**
 * A reporting date range: one click on a preset, or a custom range picked on a two-month calendar (one
 * month on a phone), where the first click starts a new range and the second ends it (`pickRangeDay`).
 * The popover keeps within the window: its presets and calendar scroll under a footer whose Apply is
 * always in view.
 */
export function DateRangePicker({
  value,
  onChange,
  now,
  extraPresets = [],
  dateFormat = 'd MMM yyyy',
  placeholder = 'Pick a date range',
  numberOfMonths: wideMonths = 2,
  weekStartsOn,
  phone: phoneProp,
  disabled,
  id,
  className,
  'aria-label': ariaLabel = 'Date range',
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: DateRangePickerProps) {
  const [open, setOpen] = React.useState(false);
  const [draft, setDraft] = React.useState<CustomRangeDraft | undefined>(value);
  const narrowWindow = useCompactLayout(PHONE_MAX_WIDTH);
  const phone = phoneProp ?? narrowWindow;
  const numberOfMonths = phone ? 1 : wideMonths;
  const [custom, setCustom] = React.useState(false);
  const standard = dateRangePresets(now);
  const presets: (DateRangePreset | ExtraDateRangePreset)[] = [
    ...standard.filter((preset) => preset.id !== 'custom'),
    ...extraPresets,
    ...standard.filter((preset) => preset.id === 'custom'),
  ];
  const active = custom ? 'custom' : matchPreset(value, now, extraPresets);
  const label = value ? `${format(value.from, dateFormat)} – ${format(value.to, dateFormat)}` : placeholder;

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setDraft(value);
      setCustom(false);
    }
  };
  const choose = (range: DateRange, preset: DateRangePresetId | (string & {})) => {
    onChange?.(range, preset);
    setOpen(false);
  };
  const apply = () => {
    if (draft?.from && draft.to) choose({ from: startOfDay(draft.from), to: endOfDay(draft.to) }, 'custom');
  };

  return (
    <Popover open={open} onOpenChange={openChange}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          data-slot="date-range-picker-trigger"
          onPointerEnter={loadCalendar}
          onFocus={loadCalendar}
          data-placeholder={value ? undefined : true}
          className={cn(
            'w-full justify-start font-normal aria-invalid:border-destructive data-[placeholder]:text-muted-foreground',
            className,
          )}
        >
          <CalendarIcon className="size-4" aria-hidden="true" />
          {/* Named by its content (not aria-label) so the visible dates are part of the name. */}
          <span className="sr-only">{ariaLabel}: </span>
          <span className="truncate">{label}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        collisionPadding={8}
        // Never taller than the room the window has for it: the presets and the calendar scroll, the
        // footer with Apply stays (a phone's 844 px held a 906 px popover, Apply below the screen).
        className="flex max-h-[var(--radix-popover-content-available-height)] w-auto flex-col p-0"
        aria-label={ariaLabel}
        data-phone={phone || undefined}
      >
        <div
          data-slot="date-range-picker"
          className={cn(
            'flex min-h-0 flex-1 overflow-y-auto overscroll-contain',
            phone ? 'flex-col' : 'flex-row',
          )}
        >
          <ul
            aria-label="Presets"
            className={cn(
              'shrink-0 gap-0.5 p-2',
              phone ? 'grid grid-cols-2 border-b' : 'flex w-40 flex-col border-r',
            )}
          >
            {presets.map((preset) => (
              <li key={preset.id}>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-pressed={active === preset.id}
                  data-active={active === preset.id || undefined}
                  className="w-full justify-start data-[active]:bg-accent data-[active]:text-accent-foreground"
                  onClick={() => {
                    if (preset.range) choose(preset.range, preset.id);
                    else setCustom(true);
                  }}
                >
                  {preset.label}
                </Button>
              </li>
            ))}
          </ul>
          <React.Suspense fallback={<CalendarPending numberOfMonths={numberOfMonths} />}>
            <Calendar
              mode="range"
              className={phone ? 'mx-auto' : undefined}
              today={now}
              {...(weekStartsOn === undefined ? {} : { weekStartsOn })}
              numberOfMonths={numberOfMonths}
              defaultMonth={startOfMonth(subMonths(value?.to ?? now, numberOfMonths - 1))}
              selected={draft}
              // The clicked day, not the library's range: its first click moves the nearest end.
              onSelect={(_range, day: Date) => {
                setDraft((current) => pickRangeDay(current, day));
                setCustom(true);
              }}
              disabled={{ after: endOfDay(now) }}
            />
          </React.Suspense>
        </div>
        <div
          data-slot="date-range-picker-footer"
          className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t p-3"
        >
          <span
            className={cn('mr-auto text-muted-foreground text-xs', phone && 'basis-full')}
            aria-live="polite"
          >
            {draft?.from
              ? `${format(draft.from, dateFormat)} – ${draft.to ? format(draft.to, dateFormat) : '…'}`
              : 'Pick the first day'}
          </span>
          <Button variant="outline" size="sm" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button size="sm" disabled={!draft?.from || !draft.to} onClick={apply}>
            Apply
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
