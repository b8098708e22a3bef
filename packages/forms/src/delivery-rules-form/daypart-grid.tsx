// The daypart of the delivery rules form: a week of hours in the campaign's timezone, Monday first, each
// hour a toggle button; a day's name toggles its whole day, an hour's number that hour every day, and
// three presets set the common ones. What is on serves.
import { Button, cn } from '@adconsole/ui';

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
}

export function DaypartGrid({ value, onChange, zone, error }: DaypartGridProps) {
  const set = (cells: (day: number, hour: number) => boolean | undefined) =>
    onChange(value.map((hours, day) => hours.map((on, hour) => cells(day, hour) ?? on)));
  const hoursOn = value.reduce((sum, day) => sum + day.filter(Boolean).length, 0);
  return (
    <fieldset className="grid gap-2 rounded-lg border p-3" aria-describedby="daypart-help">
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
        <table className="border-separate border-spacing-0.5 text-xs">
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
          <tbody>
            {DAYS.map((name, day) => (
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
                        className={cn(
                          'block size-6 rounded-sm border',
                          on ? 'border-primary bg-primary' : 'border-border bg-background hover:bg-muted',
                        )}
                        onClick={() => set((d, h) => (d === day && h === hour ? !on : undefined))}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
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
