// The pacing card's four figures (the campaign page's, the report's and the share page's), read from
// the markup a server renders: the fixtures' pacing by hand.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { atRiskPacing, deliveredPacing } from '../fixtures';
import { PacingFigures } from './pacing-figures';

/** The figures as 'label: value' pairs, in order. */
const figures = (markup: string) =>
  [...markup.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(
    ([, label, value]) => `${label}: ${value}`,
  );

describe('the pacing figures', () => {
  it('day 10 of 30 at 8,000 a day for 300,000: delivered, plan, projection and what is needed a day', () => {
    expect(figures(renderToStaticMarkup(<PacingFigures pacing={atRiskPacing} locale="en-US" />))).toEqual([
      // 10 days × 8,000
      'Delivered: 80,000',
      // 300,000 × 10 / 30
      'Plan to date: 100,000',
      // 8,000 a day × 30 days
      'Projected: 240,000',
      // (300,000 − 80,000) / 20 days left
      'Needed a day: 11,000',
    ]);
  });

  it("reads '—' needed a day once the goal is reached (25 days at 12,000: 300,000 delivered)", () => {
    const shown = figures(renderToStaticMarkup(<PacingFigures pacing={deliveredPacing} locale="en-US" />));
    expect(shown[0]).toBe('Delivered: 300,000');
    expect(shown[3]).toBe('Needed a day: —');
  });

  it("in the reader's locale", () => {
    expect(figures(renderToStaticMarkup(<PacingFigures pacing={atRiskPacing} locale="de-DE" />))[0]).toBe(
      'Delivered: 80.000',
    );
  });
});
