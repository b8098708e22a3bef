// A date format in one zone, built once per zone: building an Intl.DateTimeFormat costs far more than
// formatting with it, and a list of alerts or changes formats every row in the same zone.

/** `options` as a formatter per zone (IANA); without a zone, the reader's own. */
export function zonedFormat(options: Intl.DateTimeFormatOptions) {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string | undefined): Intl.DateTimeFormat => {
    const key = timeZone ?? '';
    let format = byZone.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat('en-GB', { ...options, ...(timeZone ? { timeZone } : {}) });
      byZone.set(key, format);
    }
    return format;
  };
}
