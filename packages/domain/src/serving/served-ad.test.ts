import { describe, expect, it } from 'vitest';
import { landingPageUrl } from './serve-paths';
import { publishProblem, withLandingPage } from './served-ad';

describe('landing page', () => {
  const pixel = { type: 'pixel' as const, url: 'https://p.example/c' };
  it("is the creative's first click tracker of type redirect", () => {
    expect(landingPageUrl({ click: [pixel, { type: 'redirect', url: 'https://a.example/' }] })).toBe(
      'https://a.example/',
    );
    expect(landingPageUrl({})).toBeNull();
  });
  it('is set and cleared without touching the other trackers', () => {
    const trackers = {
      click: [pixel, { type: 'redirect' as const, url: 'https://old.example/' }],
      impression: [pixel],
    };
    expect(withLandingPage(trackers, 'https://new.example/')).toEqual({
      click: [{ type: 'redirect', url: 'https://new.example/' }, pixel],
      impression: [pixel],
    });
    expect(withLandingPage(trackers, '')).toEqual({ click: [pixel], impression: [pixel] });
    expect(withLandingPage({ impression: [pixel] }, null)).toEqual({ impression: [pixel] });
  });
  it("a creative is published only with a landing page: 'Add the landing page URL before publishing'", () => {
    expect(publishProblem({ trackers: {} })).toBe('Add the landing page URL before publishing');
    expect(
      publishProblem({ trackers: { click: [{ type: 'redirect', url: 'https://a.example/' }] } }),
    ).toBeUndefined();
  });
});
