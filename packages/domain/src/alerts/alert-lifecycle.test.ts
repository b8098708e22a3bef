import { describe, expect, it } from 'vitest';
import { type AlertState, idleAlert, stepAlert } from './alert-lifecycle';

const at = (time: string) => new Date(`2026-11-24T${time}:00Z`);
const open: AlertState = { status: 'open', openedAt: at('08:00') };
const closed: AlertState = { status: 'closed', openedAt: at('08:00'), closedAt: at('09:00') };

describe('the alert lifecycle: fires once, recovers once, then stays quiet for 12 hours', () => {
  it.each([
    // [transition, previous, firing, now, next state, notice]
    [
      'idle, the rule fires: opens and sends fired',
      idleAlert,
      true,
      '10:00',
      { status: 'open', openedAt: at('10:00') },
      'fired',
    ],
    ['idle, the rule holds: stays idle', idleAlert, false, '10:00', idleAlert, 'none'],
    ['open, the rule still fires: stays open, no second notice', open, true, '10:00', open, 'none'],
    [
      'open, the rule clears: closes and sends recovered',
      open,
      false,
      '10:00',
      { status: 'closed', openedAt: at('08:00'), closedAt: at('10:00') },
      'recovered',
    ],
    // Closed at 09:00; 20:59 is 11 h 59 min later, inside the 12-hour quiet period.
    [
      'closed, fires again within the quiet period: stays closed, silent',
      closed,
      true,
      '20:59',
      closed,
      'none',
    ],
    // 21:00 is 12 h after 09:00: the quiet period is over.
    [
      'closed, fires after the quiet period: opens again',
      closed,
      true,
      '21:00',
      { status: 'open', openedAt: at('21:00') },
      'fired',
    ],
    ['closed, the rule holds: stays closed', closed, false, '23:00', closed, 'none'],
  ] as const)('%s', (_transition, previous, firing, now, state, notice) => {
    expect(stepAlert({ previous, firing, now: at(now) })).toEqual({ state, notice });
  });

  it('the quiet period is a setting: 0 hours lets a closed alert fire at once, 24 hours holds it a day', () => {
    expect(stepAlert({ previous: closed, firing: true, now: at('09:00'), quietHours: 0 }).notice).toBe(
      'fired',
    );
    expect(stepAlert({ previous: closed, firing: true, now: at('23:00'), quietHours: 24 }).notice).toBe(
      'none',
    );
  });

  it('a flapping rule sends one fired and one recovered notice in 12 hours', () => {
    // Every 15 minutes from 08:00 for 12 hours, the rule alternates firing and clear.
    let state: AlertState = idleAlert;
    const notices: string[] = [];
    for (let step = 0; step < 48; step += 1) {
      const next = stepAlert({
        previous: state,
        firing: step % 2 === 0,
        now: new Date(at('08:00').getTime() + step * 15 * 60_000),
      });
      state = next.state;
      if (next.notice !== 'none') notices.push(next.notice);
    }
    expect(notices).toEqual(['fired', 'recovered']);
  });
});
