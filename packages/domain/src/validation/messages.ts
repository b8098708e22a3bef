// The exact texts of docs/product.md §5 and §8, the console's and the API's: the one catalogue of what a
// user can read. Tests and stories compare against these; the API's services and route docs refer to them.

import {
  AB_TEST_GOALS,
  AB_TEST_MAX_VARIANTS,
  AB_TEST_MIN_VARIANTS,
  API_TOKEN_SCOPES,
  GOAL_METRICS,
  MAX_API_TOKENS_PER_USER,
  MAX_FILE_NAME_LENGTH,
  MAX_HOURLY_REPORT_DAYS,
  MAX_REPORT_DAYS,
  MAX_REPORT_YEAR,
  MIN_REPORT_YEAR,
  RATE_MODELS,
  ROTATION_MAX_WEIGHT,
  ROTATION_MIN_WEIGHT,
  ROTATION_MODES,
} from '../constants';
import { ACCOUNT_MESSAGES } from './account-messages';
import { ADVERTISER_MESSAGES } from './advertiser-messages';
import { APPROVAL_MESSAGES } from './approval-messages';
import { BULK_MESSAGES } from './bulk-messages';
import { CLIENT_MESSAGES } from './client-messages';
import { registerProductTexts } from './product-texts';
import { STATEMENT_MESSAGES } from './statement-messages';

export const MESSAGES = {
  ...ACCOUNT_MESSAGES,
  ...ADVERTISER_MESSAGES,
  ...APPROVAL_MESSAGES,
  ...BULK_MESSAGES,
  ...CLIENT_MESSAGES,
  ...STATEMENT_MESSAGES,
  noLiveIdsSet: 'No live ids set',
  incorrectCampaignOrCreative: 'Incorrect campaign or creative!',
  noData: 'No data',
  noCreativeFoundYet: 'No creative found yet!',
  creativeAssetsAfterSave: 'Save the creative first: its files are kept with the saved creative.',
  noCampaign: 'No campaign',
  campaignNotFound: 'Campaign not found!',
  requestTimedOut: 'Request timed out',
  /** Beyond (docs/product.md §8): a share link that does not exist, expired or was revoked. */
  shareLinkInvalid: 'This share link is invalid, expired or revoked.',
  /** Beyond (docs/product.md §8): a creative is published only once it has somewhere for its clicks to go. */
  landingPageRequired: 'Add the landing page URL before publishing',
  /** Beyond (docs/product.md §8): a new password on the list of the 10,000 most common ones is refused. */
  commonPassword: 'This password is one of the most common ones: choose one that is harder to guess.',
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
  /** A placement (docs/serving.md, "Placements: one tag, several creatives") that does not exist or is not the caller's (404, as for a creative). */
  placementNotFound: 'Placement not found!',
  placementName: 'Fill in the placement name',
  placementNameTooLong: 'Placement name is too long (200 characters at most)',
  /** A conversion action (docs/conversions.md, "Conversion actions and snippets") that does not exist or is not the caller's (404, as for a placement). */
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
  /** The landing URL's parameter (docs/conversions.md, "The click id") that carries the click id (conversions/conversion.ts). */
  clickParam:
    'The click parameter must start with a letter or _, followed by letters, digits, _ or - (32 characters at most)',
  /** An A/B test of a placement that does not exist or is not the caller's (404). */
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
  /** An open alert's closing sentence when its campaign is paused (nothing is sent). */
  alertClosedCampaignPaused: 'Closed: the campaign was paused.',
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
  // The HTTP framework's own refusals, before a route reads the request (apps/api/src/http/errors.ts).
  bodyNotJson: 'The request body is not valid JSON.',
  unsupportedContentType:
    'Unsupported content type: send JSON (application/json); multipart/form-data is accepted only by the asset upload.',
  bodyTooLarge: 'The request body is too large.',
  uploadFileTooLarge: 'The file is too large.',
  notMultipart: 'The request is not multipart/form-data.',
  tooManyUploadParts: 'The upload has too many parts.',
  badRequest: 'Bad request.',
  serverError: 'Something went wrong on our side. Please try again.',
  expiresAtInPast: 'expiresAt must be in the future',
  folderHasNoUrl: 'A folder has no URL: choose a file.',
  bodyOverSignedSize: 'The body is larger than the signed size.',
  runtimeNotBuilt: 'The ad runtime is not built: `npm start` builds it (or `pnpm build`).',
  // A campaign's goal and rate (docs/reports.md, "Goals, rates and spend"); the field is put before them.
  goalMetric: `The goal must count one of: ${GOAL_METRICS.join(', ')}`,
  goalAmount: 'The goal must be a whole number from 1 to 10,000,000,000',
  rateModel: `The rate must be one of: ${RATE_MODELS.join(', ')}`,
  rateAmount: 'The rate must be more than 0 and at most 1,000,000',
  rateCurrency: 'The currency must be an ISO 4217 code such as USD or EUR',
  // Even delivery (docs/serving.md, "Even delivery"); the field is put before them.
  deliveryMode: 'The delivery mode must be asap (as fast as possible) or even (evenly)',
  evenNeedsGoal:
    'Even delivery follows the goal: book a goal or a lifetime budget to deliver evenly (or deliver as fast as possible)',
  // A campaign's budget in money (docs/serving.md, "Budgets in money"); the field is put before them.
  budgetNeedsRate: 'Set a rate before a budget: spend is the counted events times the rate',
  budgetEmpty: 'A budget needs a lifetime amount, a daily amount or both',
  budgetAmount: 'A budget must be more than 0 and at most 1,000,000,000',
  budgetDailyOverLifetime: 'The daily budget cannot be more than the lifetime budget',

  // Personal API tokens (docs/api.md).
  apiTokenName: 'Name your token (up to 100 characters)',
  apiTokenScopes: 'Choose at least one scope',
  apiTokenUnknownScope: `Scopes are ${API_TOKEN_SCOPES.join(', ')}`,
  apiTokenTooMany: `You have ${MAX_API_TOKENS_PER_USER} API tokens: revoke one before making another.`,
  apiTokenNotFound: 'API token not found!',
  apiTokenListOnlyAdmins: 'Only administrators can list every API token.',

  // An A/B test's definition (docs/reports.md, "A/B tests"); the field is put before them.
  abTestVariants: `An A/B test compares ${AB_TEST_MIN_VARIANTS} to ${AB_TEST_MAX_VARIANTS} creatives`,
  abTestCreativeId: 'Each variant must name a creative',
  abTestDuplicate: 'Each variant must be a different creative',
  abTestControl: 'The control must be one of the variants',
  abTestGoal: `The goal must be one of: ${AB_TEST_GOALS.join(', ')}`,
  abTestMinimumDetectableEffect: 'The minimum detectable effect must be from 1 % to 500 %',
  abTestSignificance: 'The significance must be 90, 95 or 99 %',
  abTestPower: 'The power must be a whole percentage from 50 % to 99 %',
  abTestBaselineRate: "The control's expected rate must be more than 0 % and less than 100 %",

  // A placement's rotation (one tag, several creatives); the field is put before them.
  rotationMode: `The rotation must be one of: ${ROTATION_MODES.join(', ')}`,
  rotationItems: 'A rotation needs at least one creative',
  rotationCreativeId: 'Each rotation item must name a creative',
  rotationWeight: `A weight must be a whole number from ${ROTATION_MIN_WEIGHT} to ${ROTATION_MAX_WEIGHT}`,
  rotationPaused: 'Paused must be true or false',
  rotationDuplicate: 'A creative can appear only once in a rotation',
  rotationAllPaused: 'At least one creative of the rotation must not be paused',

  // A delivery rule's input (docs/serving.md, "Delivery rules"): a 400 puts the field before each
  // ('rules.countries.values.1: Unknown country...').
  deliveryRuleMode: "A list rule's mode is 'include' or 'exclude'",
  deliveryRuleValues: 'A list rule needs 1 to 300 values',
  deliveryRuleCountry: 'Unknown country: use ISO 3166-1 alpha-2 codes such as DE or US',
  deliveryRuleDevice: 'Unknown device type: desktop, mobile, tablet, ctv or other',
  deliveryRuleLanguage: 'Unknown language: use ISO 639-1 codes such as de or en',
  deliveryRuleFamily:
    'An operating system or browser is a family name such as Android or Chrome (40 characters at most)',
  deliveryRuleSite:
    'Not a domain or app bundle: write example.com (it covers its subdomains) or app:com.example.game',
  deliveryRuleSites: 'Sites are an allow list and a block list of at most 1,000 domains or app bundles each',
  deliveryRuleUnknownSite: "Choose 'serve' or 'skip' for requests whose site is unknown",
  deliveryRuleDaypart: 'The daypart is 7 days (Monday first) of 24 hours, each true or false',
  deliveryRuleCaps: 'Frequency caps are a list of at most 4 caps, each a count and a period',
  deliveryRuleCapCount: 'A frequency cap counts 1 to 1,000 ads (a whole number)',
  deliveryRuleCapPeriod: "A frequency cap's period is 'hour', 'day', 'week' or 'flight'",
  deliveryRuleUncappable: "Choose 'serve' or 'skip' for requests that cannot be capped",
  // The tag tester's request (docs/serving.md, "Why it did not serve"); the field is put before them.
  deliveryTestAddress: 'The address to test from must be an IPv4 or IPv6 address',
  deliveryTestUserAgent: 'The user agent to test as is text of 1,024 characters at most',
  deliveryTestSite: 'The site to test on must be a page URL, a domain or app:<bundle>',
  deliveryTestAt: 'The time to test must be an ISO 8601 date and time with its offset',
  deliveryTestDevice: 'The device to test as is desktop, mobile, tablet or ctv',
  deliveryTestDeviceOrAgent: 'Test as a device type or as a user agent, not both',
  deliveryTestLanguage: "The language to test with is a browser's Accept-Language of 200 characters at most",
  deliveryTestCountry: 'The country to test from must be an ISO 3166-1 alpha-2 code, such as DE',

  // The file manager: its sentences name what is wrong themselves, so they stand alone.
  fileNameMissing: 'Fill in a name.',
  fileNameHasSlash: 'A name cannot contain "/".',
  fileNameHasDots: 'A name cannot contain "..".',
  fileNameHasControl: 'A name cannot contain control characters.',
  fileNameTooLong: `A name can be at most ${MAX_FILE_NAME_LENGTH} characters long.`,
  fileEntryNotFound: 'This file or folder does not exist (any more).',
  fileBucketUnknown: 'This bucket is not offered here.',
  folderIntoItself: 'A folder cannot be moved into itself.',
  folderPageTokenInvalid: 'This page of the folder is no longer valid: open the folder again.',
  folderIsNotAnAsset: 'A folder cannot be an asset: choose a file.',

  // A creative's tags (docs/tags.md); the field is put before them.
  tagDealIdMissing: 'Deal ID missing: this creative requires a deal ID',
  tagFallbackIdMissing: 'Fallback ID missing: this creative requires a fallback creative ID',
  tagNotPublished: 'Publish the creative first: it has no live creative',

  // A report's dates (docs/reports.md); the field is put before them.
  reportRangeTooLong: `A report covers at most ${MAX_REPORT_DAYS} days`,
  reportYearOutOfRange: `Report dates fall between the years ${MIN_REPORT_YEAR} and ${MAX_REPORT_YEAR}`,
  hourlyReportTooLong: `Hourly figures cover at most ${MAX_HOURLY_REPORT_DAYS} days: choose a shorter range or daily figures`,

  // Webhooks (docs/alerts.md).
  /** A webhook's URL that is not an absolute http(s) URL without credentials. */
  webhookUrl:
    'A webhook URL must be an absolute http:// or https:// address without a user name or password.',
  /**
   * How a failed webhook attempt reads in its delivery log: the class of the failure, never the raw
   * connection error (which would tell a user which ports of which hosts are open: a port scanner).
   */
  webhookAttemptRefused: "Connection refused: the receiver's host accepted no connection on this port.",
  webhookAttemptTls:
    "TLS failed: the receiver's certificate was not accepted, or no secure connection could be agreed.",
  webhookAttemptConnection: 'The connection failed before the receiver answered.',

  // The console's titles of a failed action's notification (`showError(MESSAGES.x)`), no full stop;
  // the text under them is the server's message, else MESSAGES.serverRefused.
  abTestNotEnded: 'The A/B test was not ended',
  assetNotDeleted: 'The asset was not deleted',
  campaignNotArchived: 'The campaign was not archived',
  campaignNotDeleted: 'The campaign was not deleted',
  campaignNotDuplicated: 'The campaign was not duplicated',
  campaignNotPaused: 'The campaign was not paused',
  campaignNotResumed: 'The campaign was not resumed',
  campaignNotUnarchived: 'The campaign was not unarchived',
  conversionActionNotArchived: 'The conversion action was not archived',
  conversionActionNotRestored: 'The conversion action was not restored',
  creativeNotCreated: 'The creative was not created',
  creativeNotDeleted: 'The creative was not deleted',
  creativeNotDuplicated: 'The creative was not duplicated',
  creativeNotPaused: 'The creative was not paused',
  creativeNotPublished: 'The creative was not published',
  creativeNotResumed: 'The creative was not resumed',
  draftNotDeleted: 'The draft was not deleted',
  invitationNotRevoked: 'The invitation was not revoked',
  invitationNotSentAgain: 'The invitation was not sent again',
  placementNotDeleted: 'The placement was not deleted',
  reportNotSent: 'The report was not sent',
  roleNotChanged: 'The role was not changed',
  scheduleNotDeleted: 'The schedule was not deleted',
  tagSheetNotMade: 'The tag sheet could not be made',
  userNotDeleted: 'The user was not deleted',
  userNotDisabled: 'The user was not disabled',
  userNotEnabled: 'The user was not enabled',
  webhookNotDeleted: 'The webhook was not deleted',
  webhookNotSwitchedOff: 'The webhook was not switched off',
  webhookNotSwitchedOn: 'The webhook was not switched on',

  // The console's titles and texts of a done action's notification (`notify({ type: 'success', title:
  // MESSAGES.x })`), no full stop in a title; those naming a value are `...Message` functions.
  creativePublished: 'Published',
  creativePublishedText: 'A new live creative serves now.',
  creativePublishedEndedText:
    'The campaign’s flight has ended: the new live creative serves once its end is moved.',
  creativePublishedPausedText: 'The campaign is paused: the new live creative serves once it is resumed.',
  draftDeleted: 'Draft deleted',
  invitationSentAgain: 'Invitation sent again',

  // The console's fallbacks (`errorMessage(error, MESSAGES.x)`): what a screen says when an error
  // carries no message a user can read (a network failure, a server's 5xx without one).
  abTestNotStarted: 'The A/B test was not started.',
  abTestResultsNotLoaded: 'The results could not be loaded.',
  alertNotAcknowledged: 'The alert was not acknowledged.',
  alertNotChanged: 'The alert was not changed.',
  alertNotMuted: 'The alert was not muted.',
  alertRulesNotLoaded: 'The rules could not be loaded.',
  alertRulesNotSaved: 'The rules were not saved.',
  alertsNotLoaded: 'The alerts could not be loaded.',
  apiTokenNotMade: 'The token could not be made.',
  apiTokenNotRevoked: 'The token could not be revoked.',
  apiTokensNotRead: 'Your API tokens could not be read.',
  bannerNotExported: 'The banner could not be exported. Please try again.',
  campaignNotCreated: 'The campaign was not created.',
  /** The new campaign dialog: the campaign was created, the rules' own call after it failed (it is kept). */
  campaignCreatedRulesNotSaved: 'The campaign was created; its delivery rules were not saved.',
  campaignNotSaved: 'The campaign was not saved.',
  campaignsNotLoaded: 'The campaigns could not be loaded.',
  conversionActionNotCreated: 'The conversion action was not created.',
  conversionActionNotSaved: 'The conversion action was not saved.',
  conversionActionsNotLoaded: 'The conversion actions could not be loaded.',
  creativeNotSaved: 'The creative was not saved.',
  dashboardNotLoaded: 'The dashboard could not be loaded.',
  deliveryRulesNotSaved: 'The delivery rules were not saved.',
  /** The inventory forecast (docs/reports.md, "The inventory forecast"): its request's refusals and its failure. */
  forecastGoal: 'goal: the impressions to deliver, a whole number from 1 to 10,000,000,000',
  forecastTimezone: 'timezone: choose the timezone of the flight dates from the list',
  forecastOrder: 'end: the flight must end on or after the day it starts',
  forecastLength: 'end: a forecast reads a flight of at most 366 days',
  forecastEnded: 'end: the flight has ended; a forecast reads days to come',
  forecastFailed: 'The forecast could not be computed.',
  /** What the forecast panel says before an impressions goal is typed (never the request's refusal). */
  forecastGoalNotTyped: 'Type an impressions goal to see the forecast.',
  draftNotSaved: 'The draft could not be saved. Please try again.',
  fileNotCopiedIntoCreative: 'The file could not be copied into the creative. Please try again.',
  filesNotListed: 'The files could not be listed.',
  historyNotRead: 'The history could not be read.',
  imageNotUploaded: 'The image could not be uploaded. Please try again.',
  invitationsNotLoaded: 'The invitations could not be loaded.',
  invitationsNotSent: 'The invitations were not sent.',
  nextFilesNotListed: 'The next files could not be listed.',
  passwordNotChanged: 'Your password could not be changed.',
  placementNotCreated: 'The placement was not created.',
  placementNotSaved: 'The placement was not saved.',
  placementsNotLoaded: 'The placements could not be loaded.',
  pleaseTryAgain: 'Please try again.',
  postbackKeyNotMade: 'No new postback key was made.',
  profileNotSaved: 'Your profile could not be saved.',
  reportNotScheduled: 'The report was not scheduled. Please try again.',
  serverRefused: 'The server refused it. Please try again.',
  shareLinkNotRevoked: 'The share link was not revoked.',
  shareLinksNotLoaded: 'The share links could not be loaded.',
  tagNotTested: 'The tag could not be tested.',
  uploadFailed: 'The upload failed.',
  usersNotLoaded: 'The users could not be loaded.',
  webhookNotAdded: 'The webhook was not added.',
  webhookNotChanged: 'The webhook was not changed.',
  webhooksNotLoaded: 'The webhooks could not be loaded.',
  yourFilesNotListed: 'Your files could not be listed.',
} as const;
registerProductTexts(MESSAGES);

// The texts with a value ('Creative {id} not found: ...') are functions named `...Message`, in a
// sibling module read through this one.
export * from './value-messages';
