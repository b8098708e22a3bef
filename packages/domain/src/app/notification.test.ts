import { describe, expect, it } from 'vitest';
import {
  autoCloseDelay,
  createNotification,
  reportErrorNotification,
  welcomeBackNotification,
} from './notification';

describe('notifications (docs/product.md §3, §4 and §8)', () => {
  it("defaults to type 'info' and a 6000 ms delay", () => {
    expect(createNotification({ title: 'Saved' })).toEqual({
      title: 'Saved',
      text: '',
      type: 'info',
      delay: 6000,
    });
  });

  it('auto-closes after its delay unless timeout is explicitly false', () => {
    expect(autoCloseDelay(createNotification({ title: 'a' }))).toBe(6000);
    expect(autoCloseDelay(createNotification({ title: 'a', delay: 2000, timeout: true }))).toBe(2000);
    expect(autoCloseDelay(createNotification({ title: 'a', timeout: false }))).toBeNull();
  });

  it('only knows the types success, error, info and warning', () => {
    expect(() => createNotification({ title: 'a', type: 'danger' as 'error' })).toThrow();
  });

  it("shows report failures as 'Error!' with \"Couldn't receive reporting! Please try again.\" for 10000 ms", () => {
    expect(reportErrorNotification()).toEqual({
      title: 'Error!',
      text: "Couldn't receive reporting! Please try again.",
      type: 'error',
      delay: 10_000,
    });
  });

  it("welcomes back with 'Welcome back!' and the release text", () => {
    expect(welcomeBackNotification()).toMatchObject({
      title: 'Welcome back!',
      text: 'There has been a new release of bug fixes and some extra features.',
    });
  });
});
