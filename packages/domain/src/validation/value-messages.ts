// The texts of the one catalogue (messages.ts) that carry a value: each a function named `...Message`.
// This module imports only schema-free modules, so a schema can import it without an import circle.
import { FILE_MANAGER_MAX_BYTES } from '../file-manager/limits';

const waitText = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;

/** An account's sign-in attempts delayed: 'Please wait {n} seconds' (or minutes). */
export const tooManyAttemptsMessage = (seconds: number): string =>
  `Too many sign-in attempts for this account. Please wait ${waitText(seconds)} and try again.`;

/**
 * A creative published in a campaign whose flight has not started: when it will serve ('1 Dec 2026', or
 * with a time and zone '1 Dec 2026 09:00 (Europe/Berlin)').
 */
export const creativePublishedFromMessage = (start: string): string =>
  `A new live creative serves from ${start}, when the campaign starts.`;

/** A path no route answers. */
export const notFoundMessage = (method: string, path: string): string => `Not found: ${method} ${path}`;

/** An uploaded image whose width and height cannot be read. */
export const imageUnreadableMessage = (filename: string): string => `${filename}: the image cannot be read.`;

/** An HTML5 ZIP refused, with the reason. */
export const html5ZipRefusedMessage = (filename: string, why: string): string =>
  `${filename}: the HTML5 ZIP cannot be used (${why}).`;

/** A multipart upload's file sent under another field than files[]. */
export const unexpectedFileFieldMessage = (field: string): string =>
  `Unexpected file field ${field}: send files as files[].`;

/** A multipart body the form parser cannot read, with the parser's reason. */
export const malformedMultipartMessage = (reason: string): string =>
  `The multipart body is malformed: ${reason}.`;

/** A report download over its format's longest range. */
export const downloadTooLongMessage = (format: string, days: number): string =>
  `An ${format} download covers at most ${days} days: choose a shorter range.`;

/** An API token used on a call its scopes do not cover. */
export const tokenLacksScopeMessage = (scope: string): string =>
  `This API token does not have the scope ${scope} this call needs.`;

/** Beyond (docs/product.md §8): an account that owns campaigns is not deleted with them. */
export const userOwnsCampaignsMessage = (count: number): string =>
  `This user owns ${count} campaign${count === 1 ? '' : 's'}: delete ${count === 1 ? 'it' : 'them'} first, or disable the user instead.`;

/**
 * Beyond (docs/product.md §8): a text holding half of a UTF-16 surrogate pair (not Unicode text) is
 * refused rather than stored with the half replaced by U+FFFD.
 */
export const loneSurrogateMessage = (field: string): string =>
  `${field} holds a broken character (half of a UTF-16 surrogate pair): check the text and send it again.`;

/** 'Only {host} emails allowed!' with the company host filled in. */
export const onlyHostEmailsMessage = (host: string): string => `Only ${host} emails allowed!`;

/**
 * A webhook pointing at a private, loopback or link-local address (or a name that resolves to one): an
 * ad console must not become a way into the network it runs in (server-side request forgery).
 */
export const webhookPrivateAddressMessage = (host: string): string =>
  `The webhook's host ${host} is a private, loopback or link-local address: point it at a public receiver, or ask an admin to add the host to WEBHOOK_ALLOWED_HOSTS. To try a receiver first, give it a public https:// address (a tunnel to a local server will do), then press "Send a test".`;

/**
 * An alert setting out of its range (docs/alerts.md): 'The delivery drop threshold must be a number
 * from 1 to 99 (%).', with the setting's name and its range in the user's words.
 */
export const alertSettingMessage = (setting: string, range: string): string => `${setting} must be ${range}.`;

/** A webhook whose host name does not resolve to any address. */
export const webhookHostUnresolvedMessage = (host: string): string =>
  `The webhook's host ${host} does not resolve to any address: check the URL.`;

/**
 * A webhook URL whose port is not one receivers may listen on (WEBHOOK_ALLOWED_PORTS, 80 and 443 unless
 * an admin says otherwise): a server that connects to any port of any host is a port scanner.
 */
export const webhookPortMessage = (port: number, allowed: string): string =>
  `The webhook's port ${port} is not allowed: receivers listen on ${allowed}. Use the receiver's https:// address on port 443, or ask an admin to add the port to WEBHOOK_ALLOWED_PORTS.`;

/** A webhook attempt that got no status line and headers in time. */
export const webhookTimedOutMessage = (seconds: number): string =>
  `Timed out: no answer within ${seconds} s.`;

/** A webhook attempt the receiver answered with anything but a 2xx. */
export const webhookStatusMessage = (status: number): string =>
  `The receiver answered ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}.`;

/** A placement naming a creative that does not exist or is not the caller's. */
export const placementCreativeUnknownMessage = (id: string): string =>
  `Creative ${id} not found: a placement takes creatives of its own campaign.`;

/** A placement naming a creative of another campaign. */
export const placementCreativeElsewhereMessage = (name: string): string =>
  `The creative "${name}" belongs to another campaign: a placement takes creatives of its own campaign.`;

interface CreativeShape {
  name?: string;
  type?: string;
  kind?: string;
  width: number;
  height: number;
}

/** A conversion's value with more decimals than its currency's minor unit has. */
export const conversionValueDecimalsMessage = (currency: string, digits: number): string =>
  digits === 0
    ? `A ${currency} value is a whole number (the currency has no minor unit).`
    : `A ${currency} value has at most ${digits} decimal${digits === 1 ? '' : 's'}.`;

/** A conversion sent in another currency than its action's. */
export const conversionCurrencyMessage = (currency: string): string =>
  `This conversion action counts its value in ${currency}: send the value in ${currency}, or no currency.`;

/** An A/B test naming a creative that is not in its placement's rotation. */
export const abTestVariantNotInPlacementMessage = (id: string): string =>
  `Creative ${id} is not in this placement: an A/B test compares the placement's own creatives.`;

/** A placement mixing kinds (Banner, VAST, VPAID): one tag serves one kind. */
export const placementMixedKindsMessage = (first: CreativeShape, other: CreativeShape): string =>
  `A placement's creatives must all be of one kind: "${first.name}" is ${first.type}, "${other.name}" is ${other.type}.`;

/** A placement mixing sizes: one slot has one size. */
export const placementMixedSizesMessage = (first: CreativeShape, other: CreativeShape): string =>
  `A placement's creatives must all be the same size: "${first.name}" is ${first.width}x${first.height}, "${other.name}" is ${other.width}x${other.height}.`;

/** An update that would change a placement's kind or size, which its tags expect. */
export const placementKeepsKindMessage = (was: CreativeShape, now: CreativeShape): string =>
  `This placement serves ${was.kind} ${was.width}x${was.height} (its tags expect it); these creatives are ${now.kind} ${now.width}x${now.height}: make another placement for them.`;

/**
 * A conversion action (docs/conversions.md, "Conversion actions and snippets") in another currency than the campaign's booked rate. Value is summed in
 * the action's currency and spend in the rate's, so ROAS and cost per conversion need them to be one.
 */
export const conversionCurrencyOfRateMessage = (rateCurrency: string, asked: string): string =>
  `This campaign's rate is booked in ${rateCurrency}: its conversion actions count value in ${rateCurrency} too (not ${asked}), so ROAS compares like with like.`;

/** A conversion action in another currency than the campaign's other actions. */
export const conversionCurrencySharedMessage = (shared: string, asked: string): string =>
  `This campaign's conversion actions count value in ${shared}: every action of a campaign uses one currency (not ${asked}).`;

/** A campaign's rate booked in another currency than its conversion actions. */
export const rateCurrencyOfConversionsMessage = (actions: string, asked: string): string =>
  `This campaign's conversion actions count value in ${actions}: book the rate in ${actions} too (not ${asked}), so ROAS compares like with like.`;

/**
 * A rule set no request could match (400, the field is the rule); `leftOut` is what the rule excludes
 * ("every country is excluded": its `servesNothing` in delivery/rule-list.ts).
 */
export const deliveryRulesServeNothingMessage = (leftOut: string): string =>
  `These rules would exclude every request: ${leftOut}.`;

/**
 * A rule set that is not an object of rules (400, the field before it): `rules` every rule's name
 * (DELIVERY_RULE_NAMES and the frequency caps), so the sentence names each rule there is.
 */
export const deliveryRulesShapeMessage = (rules: readonly string[]): string =>
  `Delivery rules are an object of rules: ${rules.slice(0, -1).join(', ')} and ${rules.at(-1) ?? ''} (a campaign's also unknownSite and uncappable)`;

/** A value of a fact's closed set that is not one (a rule's value, a tester's input): the set in words. */
export const unknownFactValueMessage = (
  noun: string,
  values: readonly { value: string; label: string }[],
): string =>
  `Unknown ${noun}: use one of ${values.map((entry) => `${entry.value} (${entry.label})`).join(', ')}`;

/** A creative's rules that, with its campaign's, leave no request: a creative's rules only narrow. */
export const creativeRulesServeNothingMessage = (leftOut: string): string =>
  `With its campaign's rules, this creative's rules would exclude every request (${leftOut}): a creative's rules can only narrow its campaign's.`;

/** A campaign's rules that would leave one of its creatives no request. */
export const campaignRulesStrandCreativeMessage = (creative: string, leftOut: string): string =>
  `With these rules the creative "${creative}" could never serve (${leftOut} once its own rules apply): change its rules first.`;

/** An A/B test whose variants have different delivery rules (docs/reports.md, "A/B tests"). */
export const abTestRulesDifferMessage = (first: string, other: string): string =>
  `The variants of an A/B test must have the same delivery rules: "${first}" and "${other}" differ, so they would not see the same requests.`;

/** A rate with more decimals than its currency's minor unit has (`digits`: the currency's decimals). */
export const rateDecimalsMessage = (currency: string, digits: number): string =>
  digits === 0
    ? `A ${currency} rate is a whole number (the currency has no minor unit)`
    : `A ${currency} rate has at most ${digits} decimal${digits === 1 ? '' : 's'}`;

/** A tag for a trading platform that has no default click macro, and none entered. */
export const missingClickMacroMessage = (platformName: string): string =>
  `Click macro missing: ${platformName} has no default, enter its click macro`;

/** A video tag for a platform without a default URL-encoded click macro, and none entered. */
export const missingEscapedClickMacroMessage = (platformName: string): string =>
  `Escaped click macro missing: a video tag carries the click URL inside its query, enter ${platformName}'s URL-encoded click macro`;

export const unknownPlatformMessage = (platform: string): string => `Unknown platform: ${platform}`;

/** Ads served from an address that is not https (a warning on the tag sheet). */
export const insecureServingUrlMessage = (origin: string): string =>
  `Ads are served from ${origin}, which is not https: trading platforms such as Xandr refuse non-secure VAST and most exchanges refuse non-secure creatives. Set AD_SERVING_URL to an https address.`;

/** A file a creative does not take (by its extension). */
export const unsupportedAssetMessage = (name: string): string =>
  `${name}: unsupported file type. Upload an image (PNG, JPEG, GIF, WebP), a video (MP4, WebM), a ZIP for HTML5 or a JavaScript file for VPAID.`;

/** A creative's file over its kind's limit (campaigns/asset-upload.ts: videos 200 MB, the rest 10 MB). */
export const assetTooLargeMessage = (name: string, kind: 'image' | 'video' | 'html5' | 'vpaid'): string =>
  kind === 'video'
    ? `${name} is too large: videos can be at most 200 MB.`
    : `${name} is too large: images, HTML5 zips and VPAID scripts can be at most 10 MB.`;

/** A file chosen for an image layer of the ad builder that is not an image. */
export const notAnImageMessage = (name: string): string =>
  `${name} is not an image: choose a PNG, JPEG, GIF or WebP file.`;

// The file manager's texts with a value (its fixed ones are MESSAGES.fileName..., MESSAGES.folder...).
export const nameTakenMessage = (name: string) => `A file or folder named "${name}" already exists here.`;
export const fileTooLargeMessage = (name: string) =>
  `${name} is too large: files can be at most ${FILE_MANAGER_MAX_BYTES / 1024 / 1024} MB.`;

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** A size as the file manager's messages write it: '512 B', '4 KB', '950.2 MB', '1 GB' (1 KB = 1,024 B). */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

export const uploadQuotaMessage = (upload: {
  name: string;
  size: number;
  used: number;
  quotaBytes: number;
}) =>
  `${upload.name} (${fileSizeText(upload.size)}) does not fit in the storage quota: ${fileSizeText(upload.used)} of ${fileSizeText(upload.quotaBytes)} are used. Delete files to make room.`;

/** The answer to an upload beyond the rate limit (`seconds`: until the next upload is taken). */
export const uploadRateMessage = (perMinute: number, seconds: number) =>
  `Too many uploads: at most ${perMinute.toLocaleString('en-US')} file${perMinute === 1 ? '' : 's'} a minute. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** The answer to moving or deleting a folder with more keys than one call may touch. */
export const folderTooLargeMessage = (name: string, limit: number) =>
  `${name} holds more than ${limit.toLocaleString('en-US')} files and folders, more than one move or delete may touch: move or delete the folders inside it first.`;

/** A builder draft deleted: the notification's text under MESSAGES.draftDeleted. */
export const draftDeletedMessage = (name: string): string => `“${name}” was deleted.`;

/** An invitation sent again: the notification's text under MESSAGES.invitationSentAgain. */
export const invitationSentAgainMessage = (email: string): string =>
  `${email} got a new link; the one before no longer works.`;

/**
 * Why a campaign whose goal is not impressions has no inventory forecast (the forecast counts
 * impressions: docs/reports.md, "The inventory forecast"); `metric` is the goal's label ('Clicks').
 */
export const forecastGoalNotImpressionsMessage = (metric: string): string =>
  `No forecast: the inventory forecast counts impressions, and this campaign's goal counts ${metric.toLowerCase()}.`;
