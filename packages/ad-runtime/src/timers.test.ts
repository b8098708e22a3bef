import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onceTimer, type Timers } from './timers';

const timers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

describe('onceTimer (the viewable second and the hover second)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires after the time has run without a break', () => {
    const fire = vi.fn();
    const timer = onceTimer(timers, 1000, fire);
    timer.set(true);
    vi.advanceTimersByTime(999);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(timer.done).toBe(true);
  });

  it('needs one continuous run: a break (out of view, tab hidden, pointer gone) starts it over', () => {
    const fire = vi.fn();
    const timer = onceTimer(timers, 1000, fire);
    timer.set(true);
    vi.advanceTimersByTime(600);
    timer.set(false);
    vi.advanceTimersByTime(5000);
    timer.set(true);
    vi.advanceTimersByTime(600);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('fires once: setting it again after it fired does nothing', () => {
    const fire = vi.fn();
    const timer = onceTimer(timers, 1000, fire);
    timer.set(true);
    vi.advanceTimersByTime(1000);
    timer.set(false);
    timer.set(true);
    vi.advanceTimersByTime(5000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('repeated reports of the same state do not restart the run', () => {
    const fire = vi.fn();
    const timer = onceTimer(timers, 1000, fire);
    timer.set(true);
    vi.advanceTimersByTime(700);
    timer.set(true);
    vi.advanceTimersByTime(300);
    expect(fire).toHaveBeenCalledTimes(1);
  });
});
