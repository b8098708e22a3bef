// The life of one alert (one rule on one campaign), docs/alerts.md: a pure state machine the evaluation
// job steps once per evaluation. It fires once when its rule starts firing, stays open (and silent)
// while the rule keeps firing, closes with a 'recovered' notice when the rule clears, and, once closed,
// does not fire again within the quiet period: a rule that flaps around its threshold sends one pair
// of notices, not one per evaluation.
//
//   idle    --firing-->                              open    notice 'fired'
//   open    --firing-->                              open    (no notice)
//   open    --clear-->                               closed  notice 'recovered'
//   closed  --firing, within the quiet period-->     closed  (no notice)
//   closed  --firing, after the quiet period-->      open    notice 'fired'
//   idle, closed --clear-->                          unchanged

/** Hours a closed alert stays quiet when no setting says otherwise (ALERT_DEFAULTS.quietHours). */
export const ALERT_QUIET_HOURS = 12;

export type AlertState =
  | { status: 'idle' }
  | { status: 'open'; openedAt: Date }
  | { status: 'closed'; openedAt: Date; closedAt: Date };

export type AlertNotice = 'fired' | 'recovered' | 'none';

export interface AlertStep {
  state: AlertState;
  notice: AlertNotice;
}

/** An alert that has never fired. */
export const idleAlert: AlertState = { status: 'idle' };

/**
 * The next state of an alert and the notice to send, from its previous state, whether its rule fires
 * now, and the time. `quietHours`: how long after closing the alert cannot fire again.
 */
export function stepAlert(input: {
  previous: AlertState;
  firing: boolean;
  now: Date;
  quietHours?: number;
}): AlertStep {
  const { previous, firing, now } = input;
  const quietMs = (input.quietHours ?? ALERT_QUIET_HOURS) * 3_600_000;
  switch (previous.status) {
    case 'idle':
      return firing ? { state: { status: 'open', openedAt: now }, notice: 'fired' } : unchanged(previous);
    case 'open':
      return firing
        ? unchanged(previous)
        : { state: { status: 'closed', openedAt: previous.openedAt, closedAt: now }, notice: 'recovered' };
    case 'closed':
      return firing && now.getTime() - previous.closedAt.getTime() >= quietMs
        ? { state: { status: 'open', openedAt: now }, notice: 'fired' }
        : unchanged(previous);
  }
}

const unchanged = (state: AlertState): AlertStep => ({ state, notice: 'none' });
