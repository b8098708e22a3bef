// The inventory forecast beside a campaign's rules and flight (docs/console.md, "The inventory
// forecast"; docs/reports.md, "The inventory forecast"): the verdict, the impressions available per day
// against the goal's daily need, the rules' funnel, the other campaigns that want the same requests, and
// how it was computed. Props in, no fetching: forecast-queries.ts asks, this draws. Its funnel is the
// rules dialog's one figure of how much of the traffic matches (forecastShowsFunnel); while a rule being
// edited is invalid it shows no figure, only which field to fix.
import { DELIVERY_MODE_LABELS, type ForecastAnswer, notEstimatedText } from '@adconsole/domain';
import { Badge, Spinner } from '@adconsole/ui';

/**
 * What the panel shows: what is missing to ask, a field of the rules to fix first (its label), an answer on
 * its way (the last one kept), one, or a failure.
 */
export type ForecastState =
  | { status: 'incomplete'; missing: string }
  | { status: 'invalid'; field: string }
  | { status: 'loading'; previous?: ForecastAnswer | undefined }
  | { status: 'ready'; forecast: ForecastAnswer }
  | { status: 'error'; message: string };

/**
 * Whether the panel draws (or, on its way, will draw) the rules' funnel: how much of the account's traffic
 * matches the rules, judged on real requests. The rules dialog then shows no second such figure.
 */
export function forecastShowsFunnel(state: ForecastState): boolean {
  if (state.status === 'ready') return state.forecast.verdict.kind !== 'noHistory';
  if (state.status === 'loading') return state.previous?.verdict.kind !== 'noHistory';
  return false;
}

const VERDICT = {
  fits: { label: 'Fits', variant: 'success' },
  fitsWithMode: { label: 'Fits with its delivery mode', variant: 'warning' },
  short: { label: 'Falls short', variant: 'danger' },
  noHistory: { label: 'No history', variant: 'secondary' },
} as const;

const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const percent = (share: number) =>
  `${share < 0.1 && share > 0 ? (share * 100).toFixed(1) : Math.round(share * 100)} %`;
const dayText = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** The days as bars: impressions available, the goal's daily need as a line across them. */
function DayBars({ forecast }: { forecast: ForecastAnswer }) {
  const needed = forecast.days[0]?.needed ?? 0;
  const top = Math.max(needed, ...forecast.days.map((day) => day.impressions), 1);
  const first = forecast.days[0]?.date;
  const last = forecast.days.at(-1)?.date;
  return (
    <figure className="grid grid-cols-1 gap-1">
      <div
        className="relative flex h-24 items-end gap-px border-b"
        role="img"
        aria-label={`Impressions available per day, ${first ? dayText(first) : ''} to ${last ? dayText(last) : ''}, against ${whole(needed)} needed a day`}
        data-slot="forecast-bars"
      >
        {forecast.days.map((day) => (
          <div
            key={day.date}
            title={`${dayText(day.date)}: ${whole(day.impressions)} available`}
            className={
              day.impressions >= day.needed ? 'min-w-0 flex-1 bg-success' : 'min-w-0 flex-1 bg-primary/70'
            }
            style={{ height: `${(day.impressions / top) * 100}%` }}
          />
        ))}
        {needed > 0 ? (
          <div
            className="pointer-events-none absolute inset-x-0 border-destructive border-t-2 border-dashed"
            style={{ bottom: `${(needed / top) * 100}%` }}
          />
        ) : null}
      </div>
      {/* The first and last days under the bars' ends; the dashed line's need between them, or on a line
          of its own below them where the three do not fit (a phone's dialog). */}
      <figcaption className="@container text-muted-foreground text-xs">
        <div className="flex flex-wrap justify-between gap-x-2">
          <span className="whitespace-nowrap">{first ? dayText(first) : ''}</span>
          <span className="order-last basis-full whitespace-nowrap @sm:order-none @sm:basis-auto">
            dashed: {whole(needed)} needed a day
          </span>
          <span className="whitespace-nowrap">{last ? dayText(last) : ''}</span>
        </div>
      </figcaption>
    </figure>
  );
}

/** Every day in a table, for reading the figures (folded). */
function DayTable({ forecast }: { forecast: ForecastAnswer }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">Per day</summary>
      <div className="overflow-x-auto">
        <table className="w-full text-right tabular-nums">
          <thead className="text-muted-foreground text-xs">
            <tr>
              <th className="py-1 text-left font-medium">Day</th>
              <th className="py-1 font-medium">Requests</th>
              <th className="py-1 font-medium">Kept</th>
              <th className="py-1 font-medium">Others take</th>
              <th className="py-1 font-medium">Impressions</th>
            </tr>
          </thead>
          <tbody>
            {forecast.days.map((day) => (
              <tr key={day.date} className="border-t">
                <td className="py-1 text-left">{dayText(day.date)}</td>
                <td className="py-1">{whole(day.requests)}</td>
                <td className="py-1">{whole(day.kept)}</td>
                <td className="py-1">{whole(day.contention)}</td>
                <td className="py-1">{whole(day.impressions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * A row of the funnel: its label wraps in its own column, its figure never (on a 390 px phone the panel
 * is 284 px wide in a dialog, and "All requests of the account" ran into "53,359 a day").
 */
const FUNNEL_ROW = 'flex items-baseline justify-between gap-3';
const FUNNEL_VALUE = 'shrink-0 whitespace-nowrap text-right tabular-nums';

function ForecastBody({ forecast }: { forecast: ForecastAnswer }) {
  const verdict = VERDICT[forecast.verdict.kind];
  const count = Math.max(1, forecast.days.length);
  const available = forecast.days.reduce((sum, day) => sum + day.impressions, 0) / count;
  const matching = forecast.funnel.at(-1)?.requestsPerDay ?? forecast.requestsPerDay;
  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={verdict.variant}>{verdict.label}</Badge>
        <span className="text-sm" data-slot="forecast-verdict">
          {forecast.verdict.text}
        </span>
      </div>
      {forecast.verdict.kind === 'noHistory' ? null : (
        <>
          <p className="text-sm">
            About <strong>{whole(available)}</strong> impressions a day available over {forecast.days.length}{' '}
            {forecast.days.length === 1 ? 'day' : 'days'}, for{' '}
            {whole(forecast.days[0]?.needed ?? forecast.goal / count)} a day needed (
            {DELIVERY_MODE_LABELS[forecast.deliveryMode].toLowerCase()}).
          </p>
          <DayBars forecast={forecast} />
          <p className="text-sm" data-slot="forecast-matches">
            Matching every rule: <strong>{whole(matching)}</strong> of {whole(forecast.requestsPerDay)}{' '}
            requests a day
            {forecast.requestsPerDay > 0 ? ` (${percent(matching / forecast.requestsPerDay)})` : ''}
          </p>
          <ol
            className="grid grid-cols-1 gap-0.5 text-sm"
            aria-label="What each rule keeps"
            data-slot="forecast-funnel"
          >
            <li className={FUNNEL_ROW}>
              <span className="min-w-0">All requests of the account</span>
              <span className={FUNNEL_VALUE}>{whole(forecast.requestsPerDay)} a day</span>
            </li>
            {forecast.funnel.map((step) => (
              <li key={step.rule} className={FUNNEL_ROW}>
                <span className="min-w-0">
                  {step.read ? (
                    <>
                      {step.label}: keeps <span className="whitespace-nowrap">{percent(step.share)}</span>
                    </>
                  ) : (
                    `${step.label}: not read (no request of the history carries it)`
                  )}
                </span>
                <span className={FUNNEL_VALUE}>{whole(step.requestsPerDay)} a day</span>
              </li>
            ))}
          </ol>
          {forecast.contention.length > 0 ? (
            <div className="grid grid-cols-1 gap-0.5 text-sm" data-slot="forecast-contention">
              <p className="font-medium">Other campaigns on the same days</p>
              <ul className="grid grid-cols-1 gap-0.5">
                {forecast.contention.map((other) => (
                  <li key={other.campaignID} className="grid grid-cols-1">
                    <span className="break-words font-medium">{other.name}</span>
                    <span className="text-muted-foreground">
                      {other.goal === null
                        ? 'No impressions goal'
                        : `${whole(other.goal)} ${DELIVERY_MODE_LABELS[other.deliveryMode].toLowerCase()}`}
                      ; wants {percent(other.overlap)} of these requests; takes about{' '}
                      {whole(other.takenPerDay)} a day
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <DayTable forecast={forecast} />
        </>
      )}
      <p className="text-muted-foreground text-xs" data-slot="forecast-method">
        {forecast.method}
      </p>
    </div>
  );
}

export function ForecastPanel({ state }: { state: ForecastState }) {
  return (
    <section
      aria-label="Inventory forecast"
      className="grid min-w-0 grid-cols-1 gap-2 rounded-md border p-3"
      data-slot="forecast-panel"
      data-status={state.status}
      aria-busy={state.status === 'loading'}
    >
      <h3 className="flex items-center gap-2 font-medium text-sm">
        Inventory forecast
        {state.status === 'loading' ? <Spinner className="size-4" aria-label="Forecasting" /> : null}
      </h3>
      {state.status === 'incomplete' ? (
        <p className="text-muted-foreground text-sm">{state.missing}</p>
      ) : state.status === 'invalid' ? (
        <p className="text-muted-foreground text-sm" role="status">
          {notEstimatedText(state.field)}
        </p>
      ) : state.status === 'error' ? (
        <p className="text-destructive text-sm" role="alert">
          {state.message}
        </p>
      ) : state.status === 'loading' ? (
        state.previous ? (
          <div className="grid grid-cols-1 gap-2" data-slot="forecast-previous">
            <p className="text-muted-foreground text-sm" role="status">
              Updating for the latest edit; the last forecast until then:
            </p>
            <ForecastBody forecast={state.previous} />
          </div>
        ) : (
          <p className="text-muted-foreground text-sm" role="status">
            Forecasting from the account's last 60 days of ad requests…
          </p>
        )
      ) : (
        <div role="status">
          <ForecastBody forecast={state.forecast} />
        </div>
      )}
    </section>
  );
}
