// Archived campaigns (docs/reports.md, "Goals, rates and spend"): `archived_at` is when the campaign was archived, null while it is not.
// An archived campaign serves nothing (db/queries/serving.ts reads it with the live creative) and leaves
// the default list; its reports, share links and schedules stay.
export default /* sql */ `
alter table campaigns add column archived_at timestamptz;
`;
