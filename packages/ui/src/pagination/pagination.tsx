import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type * as React from 'react';
import { buttonVariants } from '../button';
import { cn } from '../lib/cn';

/** Page numbers to show: the first, the last, and a window around the current one, gaps as 'gap'. */
export function pageWindow(page: number, pageCount: number, siblings = 1): Array<number | 'gap'> {
  const pages: Array<number | 'gap'> = [];
  for (let n = 1; n <= pageCount; n += 1) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= siblings) pages.push(n);
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap');
  }
  return pages;
}

export type PaginationProps = Omit<React.ComponentProps<'nav'>, 'onChange'> & {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** How many pages to show on each side of the current one. */
  siblings?: number;
};

export function Pagination({
  page,
  pageCount,
  onPageChange,
  siblings = 1,
  className,
  'aria-label': ariaLabel = 'Pagination',
  ...props
}: PaginationProps) {
  const ghost = buttonVariants({ variant: 'ghost', size: 'sm' });
  return (
    <nav
      data-slot="pagination"
      aria-label={ariaLabel}
      className={cn('flex justify-center', className)}
      {...props}
    >
      <ul className="flex items-center gap-1">
        <li>
          <button
            type="button"
            className={ghost}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
            aria-label="Previous page"
          >
            <ChevronLeftIcon className="size-4" aria-hidden="true" />
            <span className="hidden sm:inline">Previous</span>
          </button>
        </li>
        {pageWindow(page, pageCount, siblings).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity beyond its position
            <li key={`gap-${index}`} aria-hidden="true" className="px-2 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                data-slot="pagination-page"
                data-active={item === page || undefined}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                className={cn(
                  buttonVariants({ variant: item === page ? 'outline' : 'ghost', size: 'sm' }),
                  'min-w-8 px-2',
                )}
                onClick={() => onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={ghost}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
            aria-label="Next page"
          >
            <span className="hidden sm:inline">Next</span>
            <ChevronRightIcon className="size-4" aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
