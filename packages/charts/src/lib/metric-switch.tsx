import { buttonVariants, cn } from '@adconsole/ui';

export type MetricSwitchProps<Metric extends string> = {
  label: string;
  metrics: readonly Metric[];
  value: Metric;
  onChange: (metric: Metric) => void;
  labelOf: (metric: Metric) => string;
};

/** A row of toggle buttons choosing the figure a chart draws (pressed = shown). */
export function MetricSwitch<Metric extends string>({
  label,
  metrics,
  value,
  onChange,
  labelOf,
}: MetricSwitchProps<Metric>) {
  return (
    <div role="group" aria-label={label} data-slot="metric-switch" className="flex flex-wrap gap-1">
      {metrics.map((metric) => (
        <button
          key={metric}
          type="button"
          aria-pressed={metric === value}
          data-active={metric === value || undefined}
          className={cn(
            buttonVariants({ variant: metric === value ? 'secondary' : 'ghost', size: 'sm' }),
            'data-[active]:font-semibold',
          )}
          onClick={() => onChange(metric)}
        >
          {labelOf(metric)}
        </button>
      ))}
    </div>
  );
}
