/** The demo admin's password in the journeys (the server takes it from DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'demo-password-e2e';

/** The demo admin the server seeds on an empty database (demo@<COMPANY_DOMAIN>, default domain). */
export const DEMO_EMAIL = 'demo@adconsole.test';

const YEAR = new Date().getUTCFullYear();
/**
 * A report range that holds every event a journey makes, whatever the date it runs on: from the start
 * of last year (the demo's 90 days, the clock offsets) to the end of next year, three years, well inside
 * the longest range a report takes. A fixed end year once made journeys fail on its 1 January.
 */
export const ALL_TIME = `start_dt=${YEAR - 1}-01-01 00:00:00&end_dt=${YEAR + 1}-12-31 23:59:59`;
