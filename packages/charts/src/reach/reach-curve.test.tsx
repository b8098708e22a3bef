// The ReachCurve as a server renders it (fixed size, literal colours), and the reach fixtures: valid
// figures as the API answers them, the curve ending at the reach.
import { reachSchema } from '@adconsole/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { devicesOnlyReach, monthReach, noIdentityReach, oneDayReach, oneWeekReach } from '../fixtures';
import { chartPalette } from '../lib/palette';
import { ReachCurve } from './reach-curve';

describe('reach fixtures', () => {
  it('are valid reach figures whose cumulative curve rises to the reach, new + returning each day', () => {
    for (const reach of [monthReach, oneWeekReach, oneDayReach, devicesOnlyReach, noIdentityReach]) {
      expect(reachSchema.safeParse(reach).success).toBe(true);
      expect(reach.days.at(-1)?.cumulative).toBe(reach.reach);
      for (const day of reach.days) expect(day.new + day.returning).toBe(day.reach);
    }
    expect(monthReach.days).toHaveLength(30);
    expect(noIdentityReach).toMatchObject({ reach: 0, ads: 1_240, averageFrequency: null });
  });
});

describe('ReachCurve on the server', () => {
  const markup = renderToStaticMarkup(
    <ReachCurve
      reach={oneWeekReach}
      width={640}
      height={240}
      palette={chartPalette.light}
      locale="en-US"
      interactive={false}
    />,
  );

  it('renders an SVG of the given size: a stacked bar per day under the curve, in literal colours', () => {
    expect(markup).toMatch(/<svg[^>]* width="640" height="240"/);
    const bars = markup.split('data-slot="reach-day-bars"')[1]?.split('</g></g>')[0] ?? '';
    expect(bars.match(/<rect/g)).toHaveLength(14);
    expect(markup).not.toContain('var(--');
  });

  it('writes the figures with "about" and the error, and carries its summary and table', () => {
    expect(markup).toContain('browsers and devices reached (±0.8 %)');
    expect(markup).toContain('about 48,200');
    expect(markup).toContain('aria-label="Reach by day, Nov 16, 2026 to Nov 22, 2026 (estimates, ±0.8 %)');
    expect(markup).toContain('<caption>Reach by day (estimates, ±0.8 %)</caption>');
  });

  it('says why there is no figure when no ad had an identity, never 0', () => {
    const none = renderToStaticMarkup(<ReachCurve reach={noIdentityReach} width={400} locale="en-US" />);
    expect(none).toContain('reach cannot be told.');
    expect(none).toContain('1,240 ads served in this range.');
    expect(none).not.toContain('<svg');
  });
});
