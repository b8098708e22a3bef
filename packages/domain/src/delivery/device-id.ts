// A device's advertising id as an app's or a TV's tag carries it (`ifa=`, the platform's macro expanded:
// docs/serving.md, "Device ids in apps and on TV"). Every platform's id is a UUID (Apple's IDFA, Google's
// AAID, Roku's RIDA, Amazon's AFAI, Samsung's TIFA, LG's LGUDID...) or, without its dashes, 32 hex
// digits. The all-zero id and the all-f id are what a device answers when its user limits ad tracking:
// they name no one. Anything else (`undefined`, `unavailable`, `[IFA]`, `%%ADVERTISING_IDENTIFIER%%`)
// is a placeholder or a macro the platform did not fill: kept as no device, and counted ("device id not
// usable"), so a broken macro shows in the report instead of merging an app's users into one device.

/** What an `ifa=` value is. */
export type DeviceIdKind =
  /** A usable advertising id, as `id` (lower case, with its dashes). */
  | { kind: 'device'; id: string }
  /** The zeros (or all-f) of limited ad tracking: no device state, by the user's choice. */
  | { kind: 'limited' }
  /** Sent, but not an id: a placeholder or an unexpanded macro. */
  | { kind: 'unusable' }
  /** None sent. */
  | { kind: 'none' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX32 = /^[0-9a-f]{32}$/;

/** What a tag's `ifa=` carries. */
export function deviceIdOf(ifa: string | null | undefined): DeviceIdKind {
  const text = (ifa ?? '').trim().toLowerCase();
  if (text === '') return { kind: 'none' };
  if (!UUID.test(text) && !HEX32.test(text)) return { kind: 'unusable' };
  const digits = text.replaceAll('-', '');
  if (/^0+$/.test(digits) || /^f+$/.test(digits)) return { kind: 'limited' };
  return { kind: 'device', id: digits.length === 32 && !text.includes('-') ? dashed(digits) : text };
}

/** 32 hex digits as the UUID they write (so an id sent both ways is one device). */
const dashed = (digits: string) =>
  `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
