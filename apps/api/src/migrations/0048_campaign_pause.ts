// Paused campaigns (docs/product.md §4, "Pausing a campaign"): `paused_at` is when the campaign was paused,
// null while it is not; `paused_by` the e-mail address of who paused it, kept as the audit log keeps its
// actors (a deleted user's stays). A paused campaign serves nothing (db/queries/serving.ts reads it with
// the live creative, counted as "paused or archived") but stays in the lists.
export default /* sql */ `
alter table campaigns add column paused_at timestamptz;
alter table campaigns add column paused_by text;
`;
