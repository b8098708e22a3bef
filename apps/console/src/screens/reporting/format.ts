// How the reporting screens name days: '1 Nov 2026 – 7 Nov 2026', or one day alone.
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** A report's local days, both included. */
export const formatReportDays = ({ start, end }: { start: string; end: string }) =>
  start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`;
