// A dashboard row's budget (docs/serving.md, "Budgets in money"), under the campaign's name beside its
// pacing: how much of its lifetime (else today's) budget is spent, and the state once nearly spent.
import { BUDGET_STATE_LABELS, type BudgetFigures } from '@adconsole/domain';
import { Badge } from '@adconsole/ui';

/** "Budget 62 % spent", or the state's badge once nearly spent or spent; nothing without a budget. */
export function DashboardBudget({ budget }: { budget: BudgetFigures | null | undefined }) {
  if (!budget) return null;
  if (budget.state !== 'under')
    return (
      <Badge variant={budget.state === 'spent' ? 'danger' : 'warning'} className="mt-1 flex">
        {BUDGET_STATE_LABELS[budget.state]}
      </Badge>
    );
  const line = budget.lifetime ?? budget.daily;
  if (!line) return null;
  return (
    <span className="mt-1 block text-muted-foreground text-xs" data-slot="dashboard-budget">
      {budget.lifetime ? 'Budget' : "Today's budget"} {Math.round(line.share * 100)} % spent
    </span>
  );
}
