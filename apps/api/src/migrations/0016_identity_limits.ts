// Limits on an identity (a user, a share link, an e-mail address) are counted here, so they hold when
// the caller changes address and across API processes (docs/security.md). One row per identity and
// call: its current 15-minute window and the calls made in it.
export default /* sql */ `
create table identity_limits (
  key text primary key,
  window_start timestamptz not null,
  calls integer not null
);
create index identity_limits_window_idx on identity_limits (window_start);
`;
