// Status colours as complete, static class strings in one map (Tremor's chartColors), so Tailwind's
// scanner finds every class and a product can see all tones in one place.
import type { MetricChange } from '@adconsole/domain';

export const verdictClasses = {
  better: { text: 'text-success', background: 'bg-success/10' },
  worse: { text: 'text-destructive', background: 'bg-destructive/10' },
  same: { text: 'text-muted-foreground', background: 'bg-muted' },
} as const satisfies Record<MetricChange['verdict'], { text: string; background: string }>;
