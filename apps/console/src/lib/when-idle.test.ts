// The browser's paint reports and idle moments played by hand in Node; the e2e journeys of the campaign
// page (placements, delivery rules) find its owner's cards drawn while the page is idle.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { playPaintReports } from './paint-fixtures';
import { whenIdle } from './when-idle';

const { firstContentfulPaint } = playPaintReports();

describe('whenIdle', () => {
  /** The browser's idle callbacks, run by hand: each call is one idle moment. */
  let idle: (() => void)[] = [];
  const idleMoment = () => idle.shift()?.();
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  });

  it('waits for the first paint, then for an idle moment', () => {
    const work = vi.fn();
    whenIdle(work);
    expect(idle).toHaveLength(0);
    firstContentfulPaint();
    expect(work).not.toHaveBeenCalled();
    idleMoment();
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs one piece per idle moment, in the order asked', () => {
    firstContentfulPaint();
    const order: string[] = [];
    whenIdle(() => order.push('placements'));
    whenIdle(() => order.push('history'));
    vi.runAllTimers();
    expect(idle).toHaveLength(1);
    idleMoment();
    expect(order).toEqual(['placements']);
    idleMoment();
    expect(order).toEqual(['placements', 'history']);
    expect(idle).toHaveLength(0);
  });

  it('runs nothing once cancelled, and the next piece takes its moment', () => {
    firstContentfulPaint();
    const cancelled = vi.fn();
    const next = vi.fn();
    const cancel = whenIdle(cancelled);
    whenIdle(next);
    vi.runAllTimers();
    cancel();
    idleMoment();
    expect(cancelled).not.toHaveBeenCalled();
    expect(next).toHaveBeenCalledOnce();
  });
});
