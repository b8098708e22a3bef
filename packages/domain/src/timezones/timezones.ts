// The timezone list of the reporting menu: every UTC offset in use, each with an IANA zone. Built with
// `zod/mini`: the persisted settings, read on every page's first load, hold a timezone.
import { z } from 'zod/mini';

export const offsetPattern = /^[+-](?:0\d|1[0-4]):[0-5]\d$/;

export const timezoneSchema = z.object({
  label: z.string().check(z.minLength(1)),
  /** Standard-time offset, '+HH:MM' or '-HH:MM'. */
  offset: z.string().check(z.regex(offsetPattern, 'Offset must look like +05:30')),
  /** IANA zone name, so day boundaries can follow daylight-saving changes. */
  tzCode: z.string().check(z.minLength(1)),
});
export type Timezone = z.infer<typeof timezoneSchema>;

export const defaultTimezone: Timezone = { label: '(GMT+00:00) UTC', offset: '+00:00', tzCode: 'UTC' };

const zone = (offset: string, name: string, tzCode: string): Timezone => ({
  label: `(GMT${offset}) ${name}`,
  offset,
  tzCode,
});

export const timezones: readonly Timezone[] = [
  zone('-12:00', 'International Date Line West', 'Etc/GMT+12'),
  zone('-11:00', 'Pago Pago, Niue', 'Pacific/Pago_Pago'),
  zone('-10:00', 'Hawaii', 'Pacific/Honolulu'),
  zone('-09:30', 'Marquesas Islands', 'Pacific/Marquesas'),
  zone('-09:00', 'Alaska', 'America/Anchorage'),
  zone('-08:00', 'Pacific Time (US & Canada)', 'America/Los_Angeles'),
  zone('-07:00', 'Mountain Time (US & Canada)', 'America/Denver'),
  zone('-07:00', 'Arizona', 'America/Phoenix'),
  zone('-06:00', 'Central Time (US & Canada)', 'America/Chicago'),
  zone('-06:00', 'Mexico City', 'America/Mexico_City'),
  zone('-05:00', 'Eastern Time (US & Canada)', 'America/New_York'),
  zone('-05:00', 'Bogota, Lima', 'America/Bogota'),
  zone('-04:00', 'Atlantic Time (Canada)', 'America/Halifax'),
  zone('-04:00', 'Caracas, La Paz', 'America/Caracas'),
  zone('-03:30', 'Newfoundland', 'America/St_Johns'),
  zone('-03:00', 'Brasilia', 'America/Sao_Paulo'),
  zone('-03:00', 'Buenos Aires', 'America/Argentina/Buenos_Aires'),
  zone('-02:00', 'South Georgia, Fernando de Noronha', 'America/Noronha'),
  zone('-01:00', 'Azores', 'Atlantic/Azores'),
  zone('-01:00', 'Cape Verde', 'Atlantic/Cape_Verde'),
  defaultTimezone,
  zone('+00:00', 'London, Dublin, Lisbon', 'Europe/London'),
  zone('+00:00', 'Accra, Reykjavik', 'Atlantic/Reykjavik'),
  zone('+01:00', 'Berlin, Paris, Rome, Madrid', 'Europe/Berlin'),
  zone('+01:00', 'Lagos, West Central Africa', 'Africa/Lagos'),
  zone('+02:00', 'Athens, Helsinki, Bucharest', 'Europe/Athens'),
  zone('+02:00', 'Cairo', 'Africa/Cairo'),
  zone('+02:00', 'Johannesburg', 'Africa/Johannesburg'),
  zone('+02:00', 'Jerusalem', 'Asia/Jerusalem'),
  zone('+03:00', 'Moscow', 'Europe/Moscow'),
  zone('+03:00', 'Istanbul', 'Europe/Istanbul'),
  zone('+03:00', 'Riyadh', 'Asia/Riyadh'),
  zone('+03:00', 'Nairobi', 'Africa/Nairobi'),
  zone('+03:30', 'Tehran', 'Asia/Tehran'),
  zone('+04:00', 'Dubai, Abu Dhabi', 'Asia/Dubai'),
  zone('+04:00', 'Baku', 'Asia/Baku'),
  zone('+04:30', 'Kabul', 'Asia/Kabul'),
  zone('+05:00', 'Karachi, Tashkent', 'Asia/Karachi'),
  zone('+05:30', 'Chennai, Kolkata, Mumbai, New Delhi', 'Asia/Kolkata'),
  zone('+05:45', 'Kathmandu', 'Asia/Kathmandu'),
  zone('+06:00', 'Dhaka', 'Asia/Dhaka'),
  zone('+06:30', 'Yangon (Rangoon)', 'Asia/Yangon'),
  zone('+07:00', 'Bangkok, Hanoi, Jakarta', 'Asia/Bangkok'),
  zone('+08:00', 'Singapore, Kuala Lumpur', 'Asia/Singapore'),
  zone('+08:00', 'Beijing, Hong Kong', 'Asia/Shanghai'),
  zone('+08:00', 'Perth', 'Australia/Perth'),
  zone('+08:45', 'Eucla', 'Australia/Eucla'),
  zone('+09:00', 'Tokyo, Osaka', 'Asia/Tokyo'),
  zone('+09:00', 'Seoul', 'Asia/Seoul'),
  zone('+09:30', 'Adelaide', 'Australia/Adelaide'),
  zone('+09:30', 'Darwin', 'Australia/Darwin'),
  zone('+10:00', 'Sydney, Melbourne, Canberra', 'Australia/Sydney'),
  zone('+10:00', 'Brisbane', 'Australia/Brisbane'),
  zone('+10:00', 'Port Moresby, Guam', 'Pacific/Port_Moresby'),
  zone('+10:30', 'Lord Howe Island', 'Australia/Lord_Howe'),
  zone('+11:00', 'Solomon Islands, New Caledonia', 'Pacific/Noumea'),
  zone('+12:00', 'Auckland, Wellington', 'Pacific/Auckland'),
  zone('+12:00', 'Fiji', 'Pacific/Fiji'),
  zone('+12:45', 'Chatham Islands', 'Pacific/Chatham'),
  zone('+13:00', "Nuku'alofa, Samoa", 'Pacific/Tongatapu'),
  zone('+14:00', 'Kiritimati Island', 'Pacific/Kiritimati'),
];

/** The list entry for a zone code or offset; the first entry of an offset stands for it. */
export function findTimezone(codeOrOffset: string | null | undefined): Timezone | undefined {
  if (!codeOrOffset) return undefined;
  return (
    timezones.find((timezone) => timezone.tzCode === codeOrOffset) ??
    timezones.find((timezone) => timezone.offset === codeOrOffset)
  );
}
