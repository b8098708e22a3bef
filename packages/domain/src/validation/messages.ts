// The exact texts of docs/product.md §5 and §8, the console's and the API's: the one catalogue of what a
// user can read. Tests and stories compare against these; the API's services and route docs refer to them.

export const MESSAGES = {
  fillInYourEmail: 'Fill in your email',
  loginPassword: 'Fill in your password at least 6 characters long',
  /** docs/product.md §5 gives no text for this change-password rule; the login wording is reused. */
  changePasswordPassword: 'Fill in your password at least 6 characters long',
  repeatYourPassword: 'Repeat your password',
  passwordsDoNotMatch: 'Passwords do not match!',
  invalidEmail: 'Invalid email!',
  invalidUrl: 'Invalid URL!',
  fillInYourNames: 'Fill in your names',
  fillInYourEmailCorrectly: 'Fill in your email correctly',
  fillInYourPassword: 'Fill in your password',
  fillInBothPasswords: 'Fill in both your passwords the same way',
  acceptTheTerms: 'You have to accept the terms!',
  noLiveIdsSet: 'No live ids set',
  incorrectCampaignOrCreative: 'Incorrect campaign or creative!',
  noData: 'No data',
  noCreativeFoundYet: 'No creative found yet!',
  noCampaign: 'No campaign',
  campaignNotFound: 'Campaign not found!',
  signUpFailed: 'Sign up failed!',
  signInFailed: 'Sign in failed!',
  verificationFailed: 'Verification failed!',
  emailVerified: 'Email verified! Sign in below',
  requestTimedOut: 'Request timed out',
  reportErrorTitle: 'Error!',
  reportErrorText: "Couldn't receive reporting! Please try again.",
  /** Beyond (docs/product.md §8): a share link that does not exist, expired or was revoked. */
  shareLinkInvalid: 'This share link is invalid, expired or revoked.',
  welcomeBackTitle: 'Welcome back!',
  welcomeBackText: 'There has been a new release of bug fixes and some extra features.',
  /** Beyond (docs/product.md §8): a creative is published only once it has somewhere for its clicks to go. */
  landingPageRequired: 'Add the landing page URL before publishing',
  /** Beyond (docs/product.md §8): a new password on the list of the 10,000 most common ones is refused. */
  commonPassword: 'This password is one of the most common ones: choose one that is harder to guess.',
  /** Beyond (docs/product.md §8): changing the password while signed in asks for the current one. */
  fillInCurrentPassword: 'Fill in your current password',
  currentPasswordWrong: 'Your current password is not correct.',
  /** Beyond (docs/product.md §8): an administrator disabled the account. */
  accountDisabled: 'This account is disabled: ask an administrator of your company to enable it again.',
  /** Beyond (docs/product.md §8): an administrator cannot demote, disable or delete their own account. */
  notOwnAccount:
    'You cannot change your own role, disable or delete your own account: ask another administrator.',
  userNotFound: 'This user does not exist (any more).',
  /**
   * Beyond (docs/product.md §8): the account of the server's ADMIN_EMAIL is made an administrator at each
   * of its sign-ins, so a demotion would be undone silently: refused instead (docs/security.md, "Round 4").
   */
  adminEmailStaysAdmin:
    "This account is the server's administrator (its ADMIN_EMAIL setting): it is an administrator again at every sign-in. To demote it, change ADMIN_EMAIL first.",
  /** Beyond (docs/product.md §8): JSON nested deeper than any call takes is refused before it is read. */
  jsonTooDeep: 'The request body is nested too deeply.',
  /** Beyond (docs/product.md §8): an address or headers past what the server reads (16 KB). */
  requestHeadersTooLarge: 'The request address or its headers are too long.',
  /** Beyond (docs/product.md §8): a request the HTTP parser cannot read at all. */
  requestUnreadable: 'The request could not be read.',

  // What the API answers (docs/product.md §8, "What the API answers").
  creativeNotFound: 'Creative not found!',
  liveCreativeNotFound: 'Live creative not found!',
  /** A placement (docs/serving.md, "Placements") that does not exist or is not the caller's (404, as for a creative). */
  placementNotFound: 'Placement not found!',
  placementName: 'Fill in the placement name',
  placementNameTooLong: 'Placement name is too long (200 characters at most)',
  /** A conversion action (docs/conversions.md) that does not exist or is not the caller's (404, as for a placement). */
  conversionActionNotFound: 'Conversion action not found!',
  conversionActionName: 'Fill in the conversion action name',
  conversionActionNameTooLong: 'Conversion action name is too long (100 characters at most)',
  conversionActionType: 'Choose the type: purchase, lead, sign-up or other',
  conversionActionCounting:
    "Choose how conversions count: 'every' (every conversion) or 'one-per-click' (one per click)",
  conversionActionLookback: 'The lookback window must be a whole number of days from 1 to 90',
  conversionActionCurrency: 'The currency must be an ISO 4217 code such as USD or EUR',
  conversionActionUnsigned:
    "Choose which conversions count without the postback key: 'counted', 'tag-only' or 'refused'",
  conversionActionMaxPerClick: 'Conversions per click must be a whole number from 1 to 100',
  conversionActionMaxValue: 'The maximum value must be an amount such as 500 or 500.00, or empty for none',
  /** A conversion action's currency once it has counted (docs/conversions.md, "Conversion actions and snippets"). */
  conversionActionCurrencyCounted:
    'This action has counted conversions in its currency, and a report adds them up in it: its currency cannot change. To count in another currency, make a new conversion action (and archive this one); its conversions stay in the reports.',
  /** A postback whose Authorization header is not the action's key (401, nothing stored). */
  conversionKeyWrong:
    "The Authorization header is not this conversion action's postback key: send 'Authorization: Bearer <key>' with the key the console showed, or make a new one there.",
  /** The landing URL's (docs/conversions.md) parameter that carries the click id (entities/conversion.ts). */
  clickParam:
    'The click parameter must start with a letter or _, followed by letters, digits, _ or - (32 characters at most)',
  /** An A/B test (docs/reports.md, "A/B tests") of a placement that does not exist or is not the caller's (404). */
  abTestNotFound: 'A/B test not found!',
  alertNotFound: 'Alert not found!',
  alertAlreadyClosed: 'This alert has recovered already: there is nothing to acknowledge.',
  webhookNotFound: 'Webhook not found!',
  webhookTooMany: 'You have 10 webhooks: delete one before adding another.',
  alertRecipientsOnlyForCampaigns: 'Recipients are chosen per campaign: send a campaignID with them.',
  /** An open alert's closing sentence when its rule is switched off (nothing is sent). */
  alertClosedRuleOff: 'Closed: this rule was switched off.',
  /** An open alert's closing sentence when its campaign is archived (nothing is sent). */
  alertClosedCampaignArchived: 'Closed: the campaign was archived.',
  /** A webhook delivery's log entry when its endpoint is switched off. */
  webhookEndpointDisabled: 'The endpoint is disabled: not sent.',
  /** A webhook delivery's log entry when its account is disabled (docs/security.md, "Round 4"). */
  webhookAccountDisabled: 'The account is disabled: not sent.',
  /** "Send now" of a report whose campaign's account (or author) is disabled: a disabled account is silent. */
  accountDisabledSendsNothing:
    "This campaign's account is disabled: its reports, alert mails and webhooks are not sent until an administrator enables it again.",
  /** One running test per placement. */
  abTestAlreadyRunning: 'This placement already runs an A/B test: stop it before starting another.',
  abTestAlreadyEnded: 'This A/B test has already ended.',
  /** No counter counts conversions yet (docs/reports.md, "A/B tests"). */
  abTestBaselineRequired:
    "Give the control's expected rate (baselineRate, in percent): the control has no rate of this goal yet to plan the sample from.",
  /** The console's A/B test form, when the control has no rate of the goal yet and none is entered. */
  abTestExpectedRateRequired:
    "Enter the control's expected rate: it has no rate of this goal yet to plan the sample from.",
  /** A placement's mode or items changed while its A/B test runs, which would break the even split. */
  placementRotationInTest:
    "This placement runs an A/B test: its rotation stays even over the test's creatives until the test is stopped.",
  /** A variant of a running A/B test: every variant keeps the same rules (docs/reports.md, "A/B tests"). */
  deliveryRulesInAbTest:
    "This creative is a variant of a running A/B test: its delivery rules stay those of the test's other variants until the test is stopped.",
  /** The tag tester (docs/serving.md, "Why it did not serve"): one tag to test. */
  deliveryTestTag: 'Name the tag to test: a liveID or a placementID, not both',
  liveCreativesNotFound: 'Live creatives not found!',
  assetNotFound: 'Asset not found!',
  draftNotFound: 'Draft not found!',
  fileNotFound: 'File not found.',
  shareLinkNotFound: 'Share link not found!',
  scheduleNotFound: 'Scheduled report not found!',
  noOpenInvitation: 'There is no open invitation for this address.',
  creativeCannotMove: 'A creative cannot move to another campaign.',
  nothingToSend: 'There is no complete period to send yet.',
  nulText: 'Text must not contain NUL characters.',
  invalidLogin: 'Wrong e-mail or password.',
  notVerified: 'Verify your e-mail address first: open the link we sent you when you signed up.',
  verifyLinkInvalid: 'This verification link is invalid, expired or already used.',
  resetLinkInvalid: 'This password reset link is invalid, expired or already used. Ask for a new one.',
  inviteInvalid: 'This invitation is invalid, expired or already used.',
  signedUp: 'Thanks for signing up! We have sent you an e-mail with a link to verify your address.',
  /** Signed up through an invitation: the account is verified at once. */
  accountReady: 'Your account is ready. Sign in below.',
  resetSent: 'If an account exists for this e-mail, we have sent it a password reset link.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  ownPasswordChanged:
    'Your password has been changed. You stay signed in here; every other session of your account has ended.',
  notSignedIn: 'You are not signed in.',
  onlyAdministrators: 'Only administrators can do this.',
  csrfRefused:
    'Request refused: changes must come from the console (same origin, or the header X-Requested-With: adconsole).',
  queryOnBodyCall: 'Send the fields in the JSON body: the query string is not read on POST and PUT calls.',
  tokenNotAccepted: 'API tokens are not accepted on this call: it needs a signed-in session.',
  tokenInvalid: 'The API token is not valid: it is unknown, revoked, or its owner was removed.',
  tokenRateLimited: 'Too many requests with this API token. Please wait a minute and try again.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  tooManyRequests: 'Too many requests from your address. Please wait 15 minutes and try again.',
  tooManyCallsForIdentity: 'Too many requests. Please wait a few minutes and try again.',
  fileLinkInvalid: 'This file link is invalid or has expired.',
  chooseFilesToUpload: 'Choose at least one file to upload.',
  sendMultipart: 'Send the upload as multipart/form-data.',
  uploadsBusy: 'The server is busy with other uploads. Please try again in a moment.',
  rangeNotSatisfiable: 'The requested byte range is outside the file.',
  noServingLiveCreative: 'No live creative with this id is serving.',
  noVpaidScript: 'No VPAID script for this live creative.',
  noCreativeFile: 'No such file in this creative.',
  conversionClickMissing:
    "Send the click id: the `click` parameter, as the landing page received it (its adc_click parameter, or the campaign's own name for it).",
  conversionClickMalformed:
    'The click id is not one: send it exactly as the landing page received it (at most 10 click ids).',
  conversionValueMalformed: 'The value must be an amount with a dot before its decimals, such as 49.99.',
  conversionValueNegative: 'The value cannot be negative.',
  conversionValueTooLarge: 'The value is too large for one conversion.',
  conversionOrderTooLong: 'The order id is at most 128 characters.',
  reportMailQuotaReached:
    "Today's limit of scheduled-report mails for your account is reached. Please try again tomorrow.",
  recipientLinkInvalid: 'This link is invalid or no longer works.',
  downloadsQueued:
    'Your earlier report downloads are still being built. Please wait for them, then try again.',
  shareDownloadsUsed: 'This share link has made too many downloads this hour. Please try again later.',
  shuttingDown: 'This server is shutting down: send your requests to another one.',
  databaseUnavailable: 'The database does not answer: this server cannot serve requests now.',
  invalidRequest: 'Invalid request.',
  serverError: 'Something went wrong on our side. Please try again.',
  expiresAtInPast: 'expiresAt must be in the future',
  folderHasNoUrl: 'A folder has no URL: choose a file.',
  bodyOverSignedSize: 'The body is larger than the signed size.',
  runtimeNotBuilt: 'The ad runtime is not built: `npm start` builds it (or `pnpm build`).',
} as const;

const waitText = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;

/** An account's sign-in attempts delayed: 'Please wait {n} seconds' (or minutes). */
export const tooManyAttemptsFor = (seconds: number): string =>
  `Too many sign-in attempts for this account. Please wait ${waitText(seconds)} and try again.`;

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
export const onlyHostEmailsAllowed = (host: string): string => `Only ${host} emails allowed!`;

/** A webhook's URL that is not an absolute http(s) URL without credentials. */
export const webhookUrlMessage =
  'A webhook URL must be an absolute http:// or https:// address without a user name or password.';

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

/**
 * How a failed webhook attempt reads in its delivery log: the class of the failure, never the raw
 * connection error (which would tell a user which ports of which hosts are open: a port scanner).
 */
export const WEBHOOK_ATTEMPT_FAILURES = {
  refused: "Connection refused: the receiver's host accepted no connection on this port.",
  tls: "TLS failed: the receiver's certificate was not accepted, or no secure connection could be agreed.",
  connection: 'The connection failed before the receiver answered.',
} as const;

/** A webhook attempt that got no status line and headers in time. */
export const webhookTimedOutMessage = (seconds: number): string =>
  `Timed out: no answer within ${seconds} s.`;

/** A webhook attempt the receiver answered with anything but a 2xx. */
export const webhookStatusMessage = (status: number): string =>
  `The receiver answered ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}.`;

/** A placement (docs/serving.md, "Placements") naming a creative that does not exist or is not the caller's. */
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
 * A conversion action (docs/conversions.md) in another currency than the campaign's booked rate. Value is summed in
 * the action's currency and spend in the rate's, so ROAS and cost per conversion need them to be one.
 */
export const conversionCurrencyOfRateMessage = (rateCurrency: string, asked: string): string =>
  `This campaign's rate is booked in ${rateCurrency}: its conversion actions count value in ${rateCurrency} too (not ${asked}), so ROAS compares like with like.`;

/** A conversion action (docs/conversions.md) in another currency than the campaign's other actions. */
export const conversionCurrencySharedMessage = (shared: string, asked: string): string =>
  `This campaign's conversion actions count value in ${shared}: every action of a campaign uses one currency (not ${asked}).`;

/** A campaign's rate (docs/conversions.md) booked in another currency than its conversion actions. */
export const rateCurrencyOfConversionsMessage = (actions: string, asked: string): string =>
  `This campaign's conversion actions count value in ${actions}: book the rate in ${actions} too (not ${asked}), so ROAS compares like with like.`;

/** What a rule that excludes everything leaves out, by rule (docs/serving.md, "Delivery rules"). */
const SERVES_NOTHING: Readonly<Record<string, string>> = {
  countries: 'every country is excluded',
  devices: 'every device type is excluded',
  os: 'no operating system is left',
  browsers: 'no browser is left',
  sites: 'every allowed site is blocked',
  daypart: 'no hour of the week is chosen',
};

/** A rule set no request could match (400, the field is the rule). */
export const deliveryRulesServeNothingMessage = (rule: string): string =>
  `These rules would exclude every request: ${SERVES_NOTHING[rule] ?? rule}.`;

/** A creative's rules that, with its campaign's, leave no request: a creative's rules only narrow. */
export const creativeRulesServeNothingMessage = (rule: string): string =>
  `With its campaign's rules, this creative's rules would exclude every request (${SERVES_NOTHING[rule] ?? rule}): a creative's rules can only narrow its campaign's.`;

/** A campaign's rules that would leave one of its creatives no request. */
export const campaignRulesStrandCreativeMessage = (creative: string, rule: string): string =>
  `With these rules the creative "${creative}" could never serve (${SERVES_NOTHING[rule] ?? rule} once its own rules apply): change its rules first.`;

/** An A/B test whose variants have different delivery rules (docs/reports.md, "A/B tests"). */
export const abTestRulesDifferMessage = (first: string, other: string): string =>
  `The variants of an A/B test must have the same delivery rules: "${first}" and "${other}" differ, so they would not see the same requests.`;
