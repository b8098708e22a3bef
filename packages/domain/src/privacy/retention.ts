// How long each store keeps each kind of data (docs/privacy.md, "What is stored, and for how long"): the
// periods the sweeps added for privacy hold to, beside the ones their areas already keep (a device's cap
// history: the longest cap window, delivery/frequency-caps.ts; conversions not counted: twice the
// longest lookback; sign-in attempts; expired files).

/** Raw events (one row per impression's event, with its breakdown values): 400 days, a year and a month's margin; the rollups keep every count. */
export const RAW_EVENTS_KEPT_DAYS = 400;
/** The audit log (who changed what, when): two years. */
export const AUDIT_LOG_KEPT_DAYS = 730;
/** The mail outbox (DATA_DIR/outbox, each message as an .eml file, where no SMTP server is set): 30 days. */
export const MAIL_OUTBOX_KEPT_DAYS = 30;
/** The webhooks' delivery log (each message sent and its attempts, once done): 30 days. */
export const WEBHOOK_LOG_KEPT_DAYS = 30;
/**
 * The inventory forecast's history (ad requests by campaign, hour and the facts the rules read, no
 * identifier): 120 days, twice the 60 the forecast reads.
 */
export const REQUEST_FACTS_KEPT_DAYS = 120;
/**
 * Distinct sites one process keeps for one campaign's hour in the forecast's history; the rest are
 * counted as one `~other` site, so a script naming a new page on every request adds no row for each.
 */
export const REQUEST_FACT_SITES_PER_HOUR = 100;
/**
 * Distinct combinations of facts one process keeps for one campaign's hour in the forecast's history
 * (its row budget: at most this many rows a campaign and hour, and 120 days of hours); past it every
 * new combination is counted in one row whose facts are all `~other`. Browsers and OSes are kept by
 * family (the grain the rules read), so a client changing its version each request adds no row.
 */
export const REQUEST_FACT_ROWS_PER_HOUR = 500;
