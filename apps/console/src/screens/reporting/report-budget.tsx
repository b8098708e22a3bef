// The report's budget line (docs/reports.md, "Budgets: spent and left"): under the spend tiles, what the
// campaign's lifetime and today's budget have spent and have left now (not over the report's dates: a
// budget is the campaign's whole life, and today in its zone), and the state. Nothing without a budget.
import { BUDGET_STATE_LABELS, type BudgetFigures, formatMoney } from '@adconsole/domain';
import { Badge } from '@adconsole/ui';

const TONE = { under: 'success', 'nearly-spent': 'warning', spent: 'danger' } as const;

/** "Lifetime budget $10,000.00: $6,170.00 spent, $3,830.00 left", and today's, with the state's badge. */
export function ReportBudget({
  budget,
  locale,
}: {
  budget: BudgetFigures | null | undefined;
  locale?: string;
}) {
  if (!budget) return null;
  const money = (amount: number) => formatMoney(amount, budget.currency, locale);
  const lines = [
    ['Lifetime budget', budget.lifetime],
    ['Today', budget.daily],
  ] as const;
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-slot="report-budget">
      <Badge variant={TONE[budget.state]}>{BUDGET_STATE_LABELS[budget.state]}</Badge>
      {lines.map(([label, line]) =>
        line ? (
          <span key={label} className="tabular-nums">
            {label} {money(line.budget)}: {money(line.spent)} spent, {money(line.left)} left
          </span>
        ) : null,
      )}
    </p>
  );
}
