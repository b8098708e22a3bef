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
