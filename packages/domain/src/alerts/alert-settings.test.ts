import { describe, expect, it } from 'vitest';
import { alertSettingMessage } from '../validation/messages';
import { ALERT_DEFAULTS, ALERT_RULES, alertSettingsSchema, resolveAlertSettings } from './alert-settings';

const issues = (input: unknown) => {
  const result = alertSettingsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('alert settings: a default for every rule, overridable per account and per campaign', () => {
  it('every rule has a default, on, with the thresholds of docs/alerts.md', () => {
    expect(Object.keys(ALERT_DEFAULTS).filter((key) => key !== 'quietHours')).toEqual([...ALERT_RULES]);
    expect(ALERT_DEFAULTS).toEqual({
      'delivery-drop': { enabled: true, percent: 50, floor: 100 },
      'delivery-spike': { enabled: true, multiple: 3, floor: 100 },
      'no-delivery': { enabled: true, hours: 2 },
      'invalid-traffic': { enabled: true, percent: 10 },
      'vast-errors': { enabled: true, percent: 5 },
      'pacing-behind': { enabled: true, percent: 10 },
      'flight-ending': { enabled: true, days: 3 },
      budget: { enabled: true, percent: 90 },
      quietHours: 12,
    });
  });

  it('a campaign overrides its account, which overrides the product; what neither sets stays default', () => {
    const account = alertSettingsSchema.parse({
      'delivery-drop': { percent: 40 },
      'no-delivery': { hours: 4 },
      quietHours: 6,
    });
    const campaign = alertSettingsSchema.parse({ 'delivery-drop': { percent: 70, enabled: false } });
    const settings = resolveAlertSettings(account, campaign);
    expect(settings['delivery-drop']).toEqual({ enabled: false, percent: 70, floor: 100 });
    expect(settings['no-delivery']).toEqual({ enabled: true, hours: 4 });
    expect(settings['vast-errors']).toEqual(ALERT_DEFAULTS['vast-errors']);
    expect(settings.quietHours).toBe(6);
    expect(resolveAlertSettings(undefined, undefined)).toEqual(ALERT_DEFAULTS);
  });

  it.each([
    [
      { 'delivery-drop': { percent: 0 } },
      'delivery-drop.percent',
      alertSettingMessage('The delivery drop threshold', 'a number from 1 to 99 (% of the usual hour)'),
    ],
    [
      { 'delivery-drop': { percent: '50' } },
      'delivery-drop.percent',
      alertSettingMessage('The delivery drop threshold', 'a number from 1 to 99 (% of the usual hour)'),
    ],
    [
      { 'delivery-spike': { multiple: 1 } },
      'delivery-spike.multiple',
      alertSettingMessage(
        'The delivery spike threshold',
        'a number above 1 and up to 100 (times the usual hour)',
      ),
    ],
    [
      { 'delivery-spike': { floor: 12.5 } },
      'delivery-spike.floor',
      alertSettingMessage(
        'The smallest usual hour an alert compares with',
        'a whole number from 0 to 1,000,000,000 (impressions)',
      ),
    ],
    [
      { 'no-delivery': { hours: 1.5 } },
      'no-delivery.hours',
      alertSettingMessage('The hours without delivery', 'a whole number from 1 to 168 (hours)'),
    ],
    [
      { 'invalid-traffic': { percent: 101 } },
      'invalid-traffic.percent',
      alertSettingMessage('The invalid traffic threshold', 'a number from 0 to 100 (% of ad requests)'),
    ],
    [
      { 'flight-ending': { enabled: 'yes' } },
      'flight-ending.enabled',
      alertSettingMessage('Whether the Flight ending alert is on', 'true or false'),
    ],
    [
      { quietHours: -1 },
      'quietHours',
      alertSettingMessage('The quiet period after an alert closes', 'a whole number from 0 to 168 (hours)'),
    ],
  ])('%j is refused with a clear message', (input, path, message) => {
    expect(issues(input)).toEqual([[path, message]]);
  });

  it('reads as a sentence: "The delivery drop threshold must be a number from 1 to 99 (% of the usual hour)."', () => {
    expect(issues({ 'delivery-drop': { percent: 100 } })[0]?.[1]).toBe(
      'The delivery drop threshold must be a number from 1 to 99 (% of the usual hour).',
    );
  });
});
