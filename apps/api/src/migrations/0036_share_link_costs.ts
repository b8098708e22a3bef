// Share links with or without costs (docs/reports.md, "Share links"): whether the link's report shows
// spend, effective costs, conversion value, cost per conversion and ROAS. Off unless the owner asks, and
// off for the links made before the choice existed (nobody chose to hand the costs out with them).
export default /* sql */ `
alter table share_tokens add column include_costs boolean not null default false;
`;
