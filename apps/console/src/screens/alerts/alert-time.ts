// How the alert screens write a time: day, month and hour with the zone's name, in the campaign's zone
// on a campaign's alerts (docs/reports.md, "The report's zone"), else in the reader's.
import { zonedFormat } from '../../lib/zoned-format';

const formatIn = zonedFormat({
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An ISO instant as "31 Mar, 14:05 CEST": in `timeZone` (IANA) when given, else the reader's zone. */
export const alertTime = (iso: string, timeZone?: string | undefined) =>
  formatIn(timeZone).format(new Date(iso));
