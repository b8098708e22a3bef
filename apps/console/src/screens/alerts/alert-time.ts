// How the alert screens write a time: day, month and hour in the reader's zone, with the zone's name.
const format = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An ISO instant as "31 Mar, 14:05 CEST" in the reader's zone. */
export const alertTime = (iso: string) => format.format(new Date(iso));
