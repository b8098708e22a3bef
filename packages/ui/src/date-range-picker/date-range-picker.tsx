import { endOfDay, format, startOfDay, startOfMonth, subMonths } from 'date-fns';
import { CalendarIcon } from 'lucide-react';
import * as React from 'react';
import type { DateRange as DayPickerRange } from 'react-day-picker';
import { Button } from '../button';
import { cn } from '../lib/cn';
import { Popover, PopoverContent, PopoverTrigger } from '../popover';
import { Spinner } from '../spinner';
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
  numberOfMonths?: number;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
};

/** A reporting date range: one click on a preset, or a custom range picked on a two-month calendar. */
export function DateRangePicker({
  value,
  onChange,
  now,
  extraPresets = [],
  dateFormat = 'd MMM yyyy',
  placeholder = 'Pick a date range',
  numberOfMonths = 2,
  disabled,
  id,
  className,
  'aria-label': ariaLabel = 'Date range',
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: DateRangePickerProps) {
  const [open, setOpen] = React.useState(false);
  const [draft, setDraft] = React.useState<DayPickerRange | undefined>(value);
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
      <PopoverContent align="start" className="w-auto p-0" aria-label={ariaLabel}>
        <div data-slot="date-range-picker" className="flex flex-col sm:flex-row">
          <ul
            aria-label="Presets"
            className="flex flex-col gap-0.5 border-b p-2 sm:w-40 sm:border-r sm:border-b-0"
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
          <div className="flex flex-col">
            <React.Suspense fallback={<CalendarPending numberOfMonths={numberOfMonths} />}>
              <Calendar
                mode="range"
                today={now}
                numberOfMonths={numberOfMonths}
                defaultMonth={startOfMonth(subMonths(value?.to ?? now, numberOfMonths - 1))}
                selected={draft}
                onSelect={(range: DayPickerRange | undefined) => {
                  setDraft(range);
                  setCustom(true);
                }}
                disabled={{ after: endOfDay(now) }}
              />
            </React.Suspense>
            <div className="flex items-center justify-end gap-2 border-t p-3">
              <span className="mr-auto text-muted-foreground text-xs" aria-live="polite">
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
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}
