import { describe, expect, it } from 'vitest';
import * as constants from './constants';

describe('business constants (docs/product.md §9)', () => {
  it('holds every value of the constants table', () => {
    expect(constants.NOTIFICATION_DEFAULT_DELAY_MS).toBe(6000);
    expect(constants.REPORT_ERROR_NOTIFICATION_DELAY_MS).toBe(10_000);
    expect(constants.WELCOME_BACK_THRESHOLD_MS).toBe(100_000);
    expect(constants.DEFAULT_REPORT_RANGE_DAYS).toBe(7);
    expect(constants.HTTP_TIMEOUT_MS).toBe(180_000);
    expect(constants.SESSION_RECHECK_WINDOW_MS).toBe(6000);
    expect(constants.DEFAULT_SESSION_LIFE_MS).toBe(24 * 3600 * 1000);
    expect(constants.REPORT_CACHE_SECONDS).toBe(3600);
    expect(constants.SHARED_TOKEN_MIN_EXCLUSIVE_LENGTH).toBe(24);
    expect(constants.TEMPORARY_ID_PREFIX).toBe('new_');
    expect(constants.TEMPORARY_ID_RANDOM_LENGTH).toBe(14);
    expect(constants.MIN_EMAIL_LENGTH).toBe(6);
    expect(constants.MIN_PASSWORD_LENGTH).toBe(6);
    expect(constants.LAZY_CHUNK_TIMEOUT_MS).toBe(120_000);
    expect(constants.LAZY_CHUNK_FAILED_MESSAGE).toBe('Loading chunk failed');
    expect(constants.COMPACT_LAYOUT_MAX_WIDTH).toBe(991);
    expect(constants.SETTINGS_VERSION).toBe('0.1.0');
    expect(constants.DOWNLOAD_PATH_PREFIX).toBe('/uploads/');
    expect(constants.DEFAULT_AD_DURATION_SECONDS).toBe(30);
    expect([constants.MIN_AD_DURATION_SECONDS, constants.MAX_AD_DURATION_SECONDS]).toEqual([0, 120]);
    expect(constants.DEFAULT_ARTBOARD).toEqual({ width: 300, height: 250, background: '#ffffff' });
  });

  it('offers the report formats PDF, CSV, Excel and Excel with Pivot', () => {
    expect(constants.REPORT_FORMATS.map((format) => constants.REPORT_FORMAT_LABELS[format])).toEqual([
      'PDF',
      'CSV',
      'Excel',
      'Excel with Pivot',
    ]);
    expect(constants.REPORT_FILE_FORMATS).toEqual(['csv', 'xlsx', 'xlsx-pivot']);
  });

  it('schedules Daily, Weekly, Monthly or On campaign end, as Summary or Full reports', () => {
    expect(constants.SCHEDULE_FREQUENCIES).toEqual(['Daily', 'Weekly', 'Monthly', 'On campaign end']);
    expect(constants.REPORT_TYPES).toEqual(['Summary', 'Full']);
  });
});
