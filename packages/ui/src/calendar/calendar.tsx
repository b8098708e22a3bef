import { format } from 'date-fns';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type * as React from 'react';
import { DayPicker } from 'react-day-picker';
import { buttonVariants } from '../button';
import { cn } from '../lib/cn';

export type CalendarProps = React.ComponentProps<typeof DayPicker>;

/**
 * react-day-picker styled with the theme: arrow keys move by day, PageUp/PageDown by month,
 * Home/End to the week's ends. Pass `today` from the app's clock so "today" is deterministic.
 */
// Day names put the visible number first as a whole word ("Sunday, 1 November 2026"), so the
// accessible name contains the visible text (axe: label-content-name-mismatch).
const dayLabel = (date: Date) => format(date, 'EEEE, d MMMM yyyy');

function Chevron({
  orientation,
  className,
}: {
  orientation?: 'up' | 'down' | 'left' | 'right';
  className?: string;
}) {
  return orientation === 'left' ? (
    <ChevronLeftIcon className={cn('size-4', className)} aria-hidden="true" />
  ) : (
    <ChevronRightIcon className={cn('size-4', className)} aria-hidden="true" />
  );
}

export function Calendar({ className, classNames, labels, showOutsideDays = true, ...props }: CalendarProps) {
  return (
    <DayPicker
      data-slot="calendar"
      showOutsideDays={showOutsideDays}
      className={cn('p-3', className)}
      classNames={{
        root: 'relative w-fit',
        months: 'relative flex flex-col gap-4 sm:flex-row',
        month: 'flex w-full flex-col gap-3',
        nav: 'absolute inset-x-0 top-0 flex h-8 items-center justify-between',
        button_previous: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-8 aria-disabled:opacity-50',
        ),
        button_next: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-8 aria-disabled:opacity-50',
        ),
        month_caption: 'flex h-8 items-center justify-center px-8',
        caption_label: 'font-medium text-sm',
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-9 font-normal text-muted-foreground text-xs',
        weeks: '',
        week: 'mt-1 flex w-full',
        day: 'relative size-9 p-0 text-center text-sm focus-within:z-10',
        day_button: cn(
          'inline-flex size-9 items-center justify-center rounded-md font-normal outline-none',
          'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
        ),
        today: '[&>button]:font-semibold [&>button]:underline [&>button]:underline-offset-4',
        selected: '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button:hover]:bg-primary',
        range_start: 'rounded-l-md bg-accent',
        range_end: 'rounded-r-md bg-accent',
        // Important: a middle day is also "selected", whose colours must not win here.
        range_middle:
          'rounded-none bg-accent [&>button]:bg-transparent! [&>button]:text-accent-foreground! [&>button:hover]:bg-transparent!',
        outside: 'text-muted-foreground',
        disabled: 'text-muted-foreground opacity-50',
        hidden: 'invisible',
        ...classNames,
      }}
      labels={{
        labelGridcell: (date, modifiers) => `${dayLabel(date)}${modifiers?.selected ? ', selected' : ''}`,
        labelDayButton: (date, modifiers) =>
          `${modifiers.today ? 'Today, ' : ''}${dayLabel(date)}${modifiers.selected ? ', selected' : ''}`,
        ...labels,
      }}
      components={{ Chevron }}
      {...props}
    />
  );
}
