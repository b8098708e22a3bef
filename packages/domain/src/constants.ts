// Every business constant of docs/product.md §9, named once so the console, the forms and the API agree.

/** Default time a notification stays visible before it closes itself. */
export const NOTIFICATION_DEFAULT_DELAY_MS = 6000;
/** How long the reporting error notification stays visible. */
export const REPORT_ERROR_NOTIFICATION_DELAY_MS = 10_000;
/** A signed-in user whose last login is older than this is welcomed back. */
export const WELCOME_BACK_THRESHOLD_MS = 100_000;
/** The default reporting range: the last seven calendar days, today included. */
export const DEFAULT_REPORT_RANGE_DAYS = 7;
/** Every API request is abandoned after this long. */
export const HTTP_TIMEOUT_MS = 180_000;
/** A session check this soon after the last request is answered from local data. */
export const SESSION_RECHECK_WINDOW_MS = 6000;
/** Session life assumed when the server gives no expiry. */
export const DEFAULT_SESSION_LIFE_MS = 24 * 60 * 60 * 1000;
/** A cached report is reused while it is younger than this. */
export const REPORT_CACHE_SECONDS = 3600;
/** An id longer than this is a share token rather than a campaign or creative id. */
export const SHARED_TOKEN_MIN_EXCLUSIVE_LENGTH = 24;
/** Prefix of an id the client makes for a creative the server has not saved yet. */
export const TEMPORARY_ID_PREFIX = 'new_';
/** Number of random alphanumerics after the temporary id prefix. */
export const TEMPORARY_ID_RANDOM_LENGTH = 14;
/** Minimum length of an e-mail address and of a password. */
export const MIN_EMAIL_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 6;
/** A lazily loaded screen chunk that has not arrived after this long fails. */
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;
export const LAZY_CHUNK_FAILED_MESSAGE = 'Loading chunk failed';
/** Window width (px) at and below which the compact layout applies. */
export const COMPACT_LAYOUT_MAX_WIDTH = 991;
/** Stored settings are reused only when written by this settings version. */
export const SETTINGS_VERSION = '0.1.0';
/** Report download formats; PDF is produced by the browser's print dialog, not by the API. */
export const REPORT_FORMATS = ['pdf', 'csv', 'xlsx', 'xlsx-pivot'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** Formats the API produces as files. */
export const REPORT_FILE_FORMATS = ['csv', 'xlsx', 'xlsx-pivot'] as const;
export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number];
export const REPORT_FORMAT_LABELS: Record<ReportFormat, string> = {
  pdf: 'PDF',
  csv: 'CSV',
  xlsx: 'Excel',
  'xlsx-pivot': 'Excel with Pivot',
};
export const SCHEDULE_FREQUENCIES = ['Daily', 'Weekly', 'Monthly', 'On campaign end'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const REPORT_TYPES = ['Summary', 'Full'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** Report files are fetched from the API host under this path. */
export const DOWNLOAD_PATH_PREFIX = '/uploads/';
export const DEFAULT_AD_DURATION_SECONDS = 30;
export const MIN_AD_DURATION_SECONDS = 0;
export const MAX_AD_DURATION_SECONDS = 120;
export const DEFAULT_ARTBOARD = { width: 300, height: 250, background: '#ffffff' } as const;

// The enumerations and limits the messages quote ('The goal must count one of: impressions, ...'). They
// live here, in a module that imports nothing, so the one catalogue (validation/messages.ts) can quote
// them while the schemas that hold these rules import the catalogue: no import circle.
export const GOAL_METRICS = ['impressions', 'clicks', 'completedViews'] as const;
/** How a goal is delivered (delivery/even-delivery.ts): as fast as possible, or evenly. */
export const DELIVERY_MODES = ['asap', 'even'] as const;
export const RATE_MODELS = ['CPM', 'CPC', 'CPCV'] as const;
/** What an API token may do. Each contract entry that accepts tokens names the one scope it needs. */
export const API_TOKEN_SCOPES = ['reports:read', 'campaigns:read', 'campaigns:write'] as const;
/** API tokens one person may hold at once. */
export const MAX_API_TOKENS_PER_USER = 20;
export const ROTATION_MODES = ['even', 'weighted', 'sequential', 'optimized'] as const;
export const ROTATION_MIN_WEIGHT = 1;
export const ROTATION_MAX_WEIGHT = 1000;
/**
 * The rates an A/B test can compare: each a proportion of successes over trials. The conversion rate is
 * conversions per click, a conversion counted for the creative its click was on (docs/conversions.md).
 */
export const AB_TEST_GOALS = [
  'ctr',
  'viewability',
  'completionRate',
  'engagementRate',
  'conversionRate',
] as const;
export const AB_TEST_MIN_VARIANTS = 2;
export const AB_TEST_MAX_VARIANTS = 5;
/** The largest video a creative takes, and the largest image, HTML5 ZIP or VPAID script. */
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MAX_OTHER_BYTES = 10 * 1024 * 1024;
/** The largest file of any kind. */
export const MAX_UPLOAD_BYTES = MAX_VIDEO_BYTES;
/** The longest name of a file or folder in the file manager. */
export const MAX_FILE_NAME_LENGTH = 255;
/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 3660;
/** The years a report's dates may fall in. */
export const MIN_REPORT_YEAR = 2000;
export const MAX_REPORT_YEAR = 2100;
/** Hourly series are offered for ranges up to this many local days. */
export const MAX_HOURLY_REPORT_DAYS = 31;
