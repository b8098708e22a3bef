/** The demo admin's password in the journeys (the server takes it from DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'demo-password-e2e';
