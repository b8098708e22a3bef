// Whether an alert is muted now: the bell counts open alerts that are neither acknowledged nor muted, and
// its panel says which are muted.
import type { Alert } from '@adconsole/domain';

export const isMuted = (alert: Alert, now = new Date()) =>
  alert.mutedUntil !== null && new Date(alert.mutedUntil) > now;
