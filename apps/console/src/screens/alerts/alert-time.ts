// How the alert screens write a time: day, month and hour with the zone's name, in the campaign's zone
// on a campaign's alerts (docs/reports.md, "The report's zone"), else in the reader's.
const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string | undefined) => {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
};

/** An ISO instant as "31 Mar, 14:05 CEST": in `timeZone` (IANA) when given, else the reader's zone. */
export const alertTime = (iso: string, timeZone?: string | undefined) =>
  formatIn(timeZone).format(new Date(iso));
