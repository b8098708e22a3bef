// The campaign page's budget card (docs/product.md §3, docs/serving.md "Budgets in money"): the lifetime
// and today's budget, each with what is spent and left and a bar, and the state (under, nearly spent,
// spent: nothing more is served). Props in, no fetching; nothing when the campaign has no budget.
import { BUDGET_STATE_LABELS, type BudgetFigures, type BudgetLine, formatMoney } from '@adconsole/domain';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, Progress } from '@adconsole/ui';

type CampaignBudgetProps = {
  /** The campaign's answer's `budgetStatus`: null or absent without a budget. */
  status: BudgetFigures | null | undefined;
  locale?: string;
};

/** The badge's tone: spent red, nearly spent amber, under green (as the pacing badge's). */
const tone = (state: BudgetFigures['state']) =>
  state === 'spent' ? 'danger' : state === 'nearly-spent' ? 'warning' : 'success';

function BudgetBar({
  label,
  line,
  currency,
  locale,
}: {
  label: string;
  line: BudgetLine;
  currency: string;
  locale: string;
}) {
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const percent = Math.round(line.share * 100);
  const id = `budget-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="grid gap-1.5" data-slot="budget-line">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span id={id} className="font-medium">
          {label} {money(line.budget)}
        </span>
        <span className="text-muted-foreground tabular-nums">
          {money(line.spent)} spent · {money(line.left)} left
        </span>
      </div>
      <Progress
        aria-labelledby={id}
        aria-valuetext={`${percent} % spent`}
        value={Math.min(100, percent)}
        className={
          line.state === 'spent'
            ? '[&>[data-slot=progress-indicator]]:bg-destructive'
            : line.state === 'nearly-spent'
              ? '[&>[data-slot=progress-indicator]]:bg-warning'
              : undefined
        }
      />
    </div>
  );
}

/** A campaign's budget: spent and left of the lifetime and today's; nothing without a budget. */
export function CampaignBudget({ status, locale = 'en-US' }: CampaignBudgetProps) {
  if (!status) return null;
  const { currency } = status;
  return (
    <Card aria-labelledby="campaign-budget">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle level={2} id="campaign-budget">
            Budget
          </CardTitle>
          <CardDescription>
            {status.state === 'spent'
              ? 'Spent: the ad server serves nothing more until the budget is raised or the day ends.'
              : `Spend at the booked rate, as the report counts it, in ${currency}.`}
          </CardDescription>
        </div>
        <Badge variant={tone(status.state)} data-slot="budget-state">
          {BUDGET_STATE_LABELS[status.state]}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.lifetime ? (
          <BudgetBar label="Lifetime" line={status.lifetime} currency={currency} locale={locale} />
        ) : null}
        {status.daily ? (
          <BudgetBar label="Today" line={status.daily} currency={currency} locale={locale} />
        ) : null}
      </CardContent>
    </Card>
  );
}
