/** The demo admin's password in the journeys (the server takes it from DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'demo-password-e2e';

/** The demo admin the server seeds on an empty database (demo@<COMPANY_DOMAIN>, default domain). */
export const DEMO_EMAIL = 'demo@adconsole.test';
