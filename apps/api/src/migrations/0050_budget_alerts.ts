// Budgets in money (docs/serving.md, "Budgets in money"; docs/alerts.md, "Budget"): the alerts' rule check
// takes the budget rule. The budget itself lives in the campaign's body (`data.budget`, beside the rate),
// and a request refused for it is counted by its reason's name ("budget"): neither needs a column.
export default /* sql */ `
alter table alerts drop constraint if exists alerts_rule_check;
alter table alerts add constraint alerts_rule_check check (rule in ('delivery-drop', 'delivery-spike',
  'no-delivery', 'invalid-traffic', 'vast-errors', 'pacing-behind', 'flight-ending', 'budget'));
`;
