// A list or table still loading: three placeholder rows, announced to screen readers by their label.
import { cn, Skeleton } from '@adconsole/ui';

export interface LoadingRowsProps {
  /** What is loading, e.g. 'Loading files'. */
  label: string;
  /** The rows' height (a Tailwind class); 'h-8' by default. */
  rowClassName?: string;
  className?: string;
}

export function LoadingRows({ label, rowClassName = 'h-8', className }: LoadingRowsProps) {
  return (
    <div className={cn('grid gap-2', className)} role="status" aria-busy="true" aria-label={label}>
      <Skeleton className={rowClassName} />
      <Skeleton className={rowClassName} />
      <Skeleton className={rowClassName} />
    </div>
  );
}
