// How much of an insertion order's budget is spent: a bar (red once over the budget) and its words.
import { formatMoney, type InsertionOrderFigures } from '@adconsole/domain';
import { cn, Progress } from '@adconsole/ui';

/** The share of the budget spent, in percent (over 100 when overspent; a spent zero budget is 100). */
function spentShare(order: Pick<InsertionOrderFigures, 'budget' | 'spent'>): number {
  if (order.budget > 0) return (order.spent / order.budget) * 100;
  return order.spent > 0 ? 100 : 0;
}

/** True once the order's campaigns spent more than its budget. */
export const overBudget = (order: Pick<InsertionOrderFigures, 'budget' | 'spent'>): boolean =>
  order.spent > order.budget;

export function OrderProgress({
  order,
  label,
  className,
}: {
  order: Pick<InsertionOrderFigures, 'budget' | 'spent' | 'currency'>;
  /** The bar's name for assistive technology ('PO-4471 spent'). */
  label: string;
  className?: string;
}) {
  const share = spentShare(order);
  const over = overBudget(order);
  const words = over
    ? `${Math.round(share)}% of the budget: ${formatMoney(order.spent - order.budget, order.currency)} over`
    : `${Math.round(share)}% of the budget spent`;
  return (
    <div
      className={cn('grid min-w-32 gap-1', className)}
      data-slot="order-progress"
      data-over={over || undefined}
    >
      <Progress
        aria-label={label}
        value={Math.min(100, share)}
        getValueLabel={() => words}
        className={cn(over && '[&>[data-slot=progress-indicator]]:bg-destructive')}
      />
      <span className={cn('text-xs', over ? 'font-medium text-destructive' : 'text-muted-foreground')}>
        {words}
      </span>
    </div>
  );
}
