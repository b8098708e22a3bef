// Date formats the API expects (docs/product.md §7): UTC 'YYYY-MM-DD HH:mm:ss' strings and unix seconds.
const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** 'YYYY-MM-DD HH:mm:ss' in UTC. */
export function toApiDateTime(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** Reads a 'YYYY-MM-DD HH:mm:ss' (or ISO) UTC text back; undefined when it is not a date. */
export function fromApiDateTime(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0'] = match;
  const date = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds)),
  );
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? undefined : date;
}

export const toUnixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
export const fromUnixSeconds = (seconds: number): Date => new Date(seconds * 1000);
