// The daypart of the delivery rules form: a week of hours in the campaign's timezone, each hour a toggle
// button, the days from the day the account's week starts on (Monday unless told: the domain's
// `weekStartOf` of the account's locale; the stored days stay Monday first whatever the order drawn); a
// day's name toggles its whole day, an hour's number that hour every day, and three presets set the
// common ones. What is on serves.
// Pressing a cell and moving over others (mouse, pen or touch) sets every cell of the rectangle from the
// first cell to the one under the pointer to what the first cell toggled to, as in GAM's and CM360's
// grids; letting go anywhere, in the grid or outside it, ends the drag. A plain click toggles one cell, and
// so do Enter and Space on the focused cell (each cell stays a toggle button for the keyboard and screen
// readers).
import { daypartDayOrder, type Weekday } from '@adconsole/domain';
import { Button, cn } from '@adconsole/ui';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef } from 'react';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const two = (hour: number) => String(hour).padStart(2, '0');

export const everyHour = (): boolean[][] => DAYS.map(() => HOURS.map(() => true));

const PRESETS: { label: string; grid: () => boolean[][] }[] = [
  { label: 'Every hour', grid: everyHour },
  {
    label: 'Weekdays 08-20',
    grid: () => DAYS.map((_, day) => HOURS.map((hour) => day < 5 && hour >= 8 && hour < 20)),
  },
  { label: 'Evenings 18-24', grid: () => DAYS.map(() => HOURS.map((hour) => hour >= 18)) },
];

export interface DaypartGridProps {
  value: boolean[][];
  onChange: (value: boolean[][]) => void;
  /** The campaign's zone, in words ('Berlin time'). */
  zone: string;
  error?: string | undefined;
  /** The day the week starts on (0 Sunday, 1 Monday): its row first. Monday when not given. */
  weekStart?: Weekday | undefined;
}

/** A cell as drawn: its row (the day's place in the drawn order) and hour. */
interface Cell {
  row: number;
  hour: number;
}
/** A drag in progress: the pointer, the cell it started on, the one it is over, and the grid before it. */
interface Drag {
  pointerId: number;
  from: Cell;
  to: Cell;
  on: boolean;
  before: boolean[][];
}

/** The cell an element is (a cell's button carries its row and hour). */
function cellOf(target: EventTarget | null): Cell | undefined {
  if (!(target instanceof Element)) return undefined;
  const button = target.closest<HTMLElement>('[data-daypart-cell]');
  const row = Number(button?.dataset.row);
  const hour = Number(button?.dataset.hour);
  return button && Number.isInteger(row) && Number.isInteger(hour) ? { row, hour } : undefined;
}

/**
 * `before` with every cell of the rectangle between the drag's two cells set to its state; `order` the
 * stored days (0 Monday) in the order they are drawn.
 */
function painted({ from, to, on, before }: Drag, order: readonly number[]): boolean[][] {
  const [top, bottom] = [Math.min(from.row, to.row), Math.max(from.row, to.row)];
  const [left, right] = [Math.min(from.hour, to.hour), Math.max(from.hour, to.hour)];
  const days = new Set(order.slice(top, bottom + 1));
  return before.map((hours, day) =>
    days.has(day) ? hours.map((cell, hour) => (hour >= left && hour <= right ? on : cell)) : hours,
  );
}

export function DaypartGrid({ value, onChange, zone, error, weekStart = 1 }: DaypartGridProps) {
  const order = daypartDayOrder(weekStart);
  const set = (cells: (day: number, hour: number) => boolean | undefined) =>
    onChange(value.map((hours, day) => hours.map((on, hour) => cells(day, hour) ?? on)));
  const hoursOn = value.reduce((sum, day) => sum + day.filter(Boolean).length, 0);

  const drag = useRef<Drag | null>(null);
  const change = useRef({ onChange, order });
  change.current = { onChange, order };
  const tbody = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    const move = (event: PointerEvent) => {
      const current = drag.current;
      if (!current || event.pointerId !== current.pointerId) return;
      const cell = cellOf(event.target);
      if (!cell || !tbody.current?.contains(event.target as Node)) return;
      if (cell.row === current.to.row && cell.hour === current.to.hour) return;
      current.to = cell;
      change.current.onChange(painted(current, change.current.order));
    };
    const end = (event: PointerEvent) => {
      const current = drag.current;
      if (!current || event.pointerId !== current.pointerId) return;
      drag.current = null;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, []);

  const press = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || drag.current) return;
    const cell = cellOf(event.currentTarget);
    if (!cell) return;
    // A touch captures the pointer to the cell it started on: released, the moves report the cell
    // under the finger.
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    const before = value.map((hours) => [...hours]);
    const on = before[order[cell.row] as number]?.[cell.hour] !== true;
    drag.current = { pointerId: event.pointerId, from: cell, to: cell, on, before };
    onChange(painted(drag.current, order));
  };

  return (
    <fieldset
      className="grid gap-2 rounded-lg border p-3"
      aria-describedby="daypart-help"
      data-rule="Daypart"
    >
      <legend className="font-medium text-sm">Daypart</legend>
      <p id="daypart-help" className="text-muted-foreground text-sm">
        The hours of the week that serve, in {zone}: {hoursOn} of 168. A daylight-saving change does not move
        them (the hour skipped in spring never comes; the hour repeated in autumn serves both times).
      </p>
      <div className="flex flex-wrap gap-1">
        {PRESETS.map((preset) => (
          <Button
            key={preset.label}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onChange(preset.grid())}
          >
            {preset.label}
          </Button>
        ))}
      </div>
      <div className="overflow-x-auto">
        <table className="select-none border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">Hours of the week that serve</caption>
          <thead>
            <tr>
              <td />
              {HOURS.map((hour) => (
                <th key={hour} scope="col" className="p-0 font-normal text-muted-foreground">
                  <button
                    type="button"
                    className="w-6 rounded-sm hover:bg-muted"
                    aria-label={`${two(hour)}:00 every day`}
                    onClick={() => {
                      const on = !value.every((day) => day[hour]);
                      set((_, other) => (other === hour ? on : undefined));
                    }}
                  >
                    {two(hour)}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={tbody}>
            {order.map((day, row) => {
              const name = DAYS[day] as string;
              return (
                <tr key={name}>
                  <th scope="row" className="pr-1 text-left font-normal text-muted-foreground">
                    <button
                      type="button"
                      className="rounded-sm px-1 hover:bg-muted"
                      aria-label={`All of ${name}`}
                      onClick={() => {
                        const on = !value[day]?.every(Boolean);
                        set((other) => (other === day ? on : undefined));
                      }}
                    >
                      {name}
                    </button>
                  </th>
                  {HOURS.map((hour) => {
                    const on = value[day]?.[hour] === true;
                    return (
                      <td key={hour} className="p-0">
                        <button
                          type="button"
                          aria-pressed={on}
                          aria-label={`${name} ${two(hour)}:00`}
                          data-daypart-cell=""
                          data-row={row}
                          data-hour={hour}
                          className={cn(
                            'block size-6 touch-none rounded-sm border',
                            on ? 'border-primary bg-primary' : 'border-border bg-background hover:bg-muted',
                          )}
                          onPointerDown={press}
                          onClick={(event) => {
                            // A pointer's click (detail 1 and up) was its press, done already; Enter,
                            // Space and a screen reader's action click with detail 0.
                            if (event.detail > 0) return;
                            set((d, h) => (d === day && h === hour ? !on : undefined));
                          }}
                        />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
