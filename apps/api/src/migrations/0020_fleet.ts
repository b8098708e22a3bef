// Work that runs once across a fleet of API processes at a time (docs/deploy.md): a named lease, held
// by one process until it ends (services/jobs/leases.ts). The periodic clean-ups take one before they
// run, so three processes sweep expired files once, not three times at once.
export default /* sql */ `
create table job_leases (
  name text primary key,
  holder text not null,
  until timestamptz not null
);
`;
