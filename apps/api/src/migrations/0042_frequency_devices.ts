// Frequency caps keyed on a device's advertising id (docs/serving.md, "Frequency caps"): in apps and on
// TV there is no cookie to carry a device's history, so it is kept here, one row per device: the key is
// the HMAC of the id with the server's secret (never the id itself), the history the same compact text
// the cookie carries (the domain's delivery/frequency-history.ts), pruned to its windows on each write. A capped ad
// request with a device id reads its row by primary key and writes it back when it serves.
export default /* sql */ `
create table frequency_devices (
  device_key text primary key,
  history text not null,
  updated_at timestamptz not null
);
create index frequency_devices_updated on frequency_devices (updated_at);
`;
