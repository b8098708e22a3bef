import { describe, expect, it } from 'vitest';
import {
  type CreativeQaMeasurement,
  creativeQaSummary,
  HEAVY_AD_LIMITS,
  heavyAdLimitPassed,
  heavyAdProblem,
  IAB_DISPLAY_LIMITS,
  judgeCreativeQa,
} from './creative-qa';

const light: CreativeQaMeasurement = {
  networkBytes: 40_000,
  initialLoadBytes: 40_000,
  requests: 2,
  initialRequests: 2,
  insecureRequests: 0,
  insecureExamples: [],
  cpuPeakWindowSeconds: 0.2,
  cpuTotalSeconds: 0.2,
  declared: { width: 300, height: 250 },
  drawn: { width: 300, height: 250 },
  clickTag: null,
  elapsedSeconds: 3,
  stoppedAt: null,
};
const statusOf = (m: CreativeQaMeasurement, id: string) =>
  judgeCreativeQa(m).find((c) => c.id === id)?.status;

describe('creative QA (docs/builder.md, "Creative QA")', () => {
  it('a light 300x250 banner passes every check', () => {
    expect(judgeCreativeQa(light).every((check) => check.status === 'pass')).toBe(true);
    expect(heavyAdProblem(light)).toBeUndefined();
  });

  it("Chrome's heavy-ad network limit: more than 4 MB fails, with the number in the sentence", () => {
    const at = { ...light, networkBytes: HEAVY_AD_LIMITS.networkBytes };
    expect(statusOf(at, 'network')).toBe('warning');
    const over = { ...light, networkBytes: 5 * 1024 * 1024 };
    expect(statusOf(over, 'network')).toBe('fail');
    expect(heavyAdProblem(over)).toContain('5.0 MB of network (the limit is 4.0 MB)');
    expect(heavyAdLimitPassed(over)).toBe('network');
  });

  it("Chrome's heavy-ad CPU limit: 15 s of main-thread CPU in any 30 s fails", () => {
    const over = { ...light, cpuPeakWindowSeconds: 15.2, cpuTotalSeconds: 15.2 };
    expect(statusOf(over, 'cpuWindow')).toBe('fail');
    expect(heavyAdProblem(over)).toContain('15.2 s of main-thread CPU in 30 s (the limit is 15 s)');
    expect(heavyAdLimitPassed({ ...light, cpuPeakWindowSeconds: 14.9 })).toBeNull();
  });

  it("Chrome's heavy-ad CPU limit in all: 60 s fails", () => {
    const over = { ...light, cpuTotalSeconds: 60 };
    expect(statusOf(over, 'cpuTotal')).toBe('fail');
    expect(heavyAdLimitPassed(over)).toBe('cpuTotal');
  });

  it("the IAB's initial load: more than 150 KB before load is a warning, not a failure", () => {
    const heavyStart = { ...light, initialLoadBytes: IAB_DISPLAY_LIMITS.initialLoadBytes + 1 };
    expect(statusOf(heavyStart, 'initialLoad')).toBe('warning');
    expect(statusOf({ ...light, initialLoadBytes: IAB_DISPLAY_LIMITS.initialLoadBytes }, 'initialLoad')).toBe(
      'pass',
    );
    expect(heavyAdProblem(heavyStart)).toBeUndefined();
  });

  it("the IAB's subsequent load: more than 1 MB in all is a warning", () => {
    expect(statusOf({ ...light, networkBytes: IAB_DISPLAY_LIMITS.subsequentLoadBytes + 1 }, 'network')).toBe(
      'warning',
    );
  });

  it('https only: a request over http is a warning naming how many', () => {
    const check = judgeCreativeQa({ ...light, insecureRequests: 2 }).find((c) => c.id === 'https');
    expect(check).toMatchObject({ status: 'warning', value: '2 not https' });
  });

  it('the drawn size must match the declared size', () => {
    expect(statusOf({ ...light, drawn: { width: 320, height: 250 } }, 'size')).toBe('warning');
    expect(statusOf({ ...light, drawn: null }, 'size')).toBe('warning');
  });

  it('an HTML5 archive: clickTag found and wired passes; found but not wired is a warning', () => {
    expect(statusOf({ ...light, clickTag: { found: true, wired: true } }, 'clickTag')).toBe('pass');
    expect(statusOf({ ...light, clickTag: { found: true, wired: false } }, 'clickTag')).toBe('warning');
    expect(judgeCreativeQa(light).some((c) => c.id === 'clickTag')).toBe(false);
  });
});

describe("a creative's QA in one word (the campaign page's list)", () => {
  const measured = (m: CreativeQaMeasurement, current = true) => ({
    state: 'measured' as const,
    current,
    checks: judgeCreativeQa(m),
  });

  it('is the worst check of a run of the current assets: pass, warning, fail', () => {
    expect(creativeQaSummary(measured(light))).toBe('pass');
    expect(
      creativeQaSummary(measured({ ...light, initialLoadBytes: IAB_DISPLAY_LIMITS.initialLoadBytes + 1 })),
    ).toBe('warning');
    expect(creativeQaSummary(measured({ ...light, networkBytes: 5 * 1024 * 1024 }))).toBe('fail');
  });

  it('a run of earlier assets is outdated; otherwise the state it is in', () => {
    expect(creativeQaSummary(measured({ ...light, networkBytes: 5 * 1024 * 1024 }, false))).toBe('outdated');
    for (const state of ['none', 'running', 'not_measured', 'error'] as const)
      expect(creativeQaSummary({ state, current: true, checks: [] })).toBe(state);
  });
});
