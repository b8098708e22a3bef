import { ChevronRightIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/cn';

export type BreadcrumbItem = { label: string; href?: string };

export type BreadcrumbsProps = React.ComponentProps<'nav'> & {
  /** From the root to the current page; the last item is the current page and is not a link. */
  items: BreadcrumbItem[];
  /** Renders a link, so an app can use its router's Link. Defaults to <a>. */
  renderLink?: (link: { href: string; className: string; children: React.ReactNode }) => React.ReactNode;
};

const linkClass =
  'rounded-sm transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

export function Breadcrumbs({
  items,
  renderLink,
  className,
  'aria-label': ariaLabel = 'Breadcrumb',
  ...props
}: BreadcrumbsProps) {
  return (
    <nav data-slot="breadcrumbs" aria-label={ariaLabel} className={className} {...props}>
      <ol className="flex flex-wrap items-center gap-1.5 break-words text-muted-foreground text-sm">
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${item.label}-${item.href ?? index}`} className="inline-flex items-center gap-1.5">
              {current || !item.href ? (
                <span
                  data-slot="breadcrumb-page"
                  aria-current={current ? 'page' : undefined}
                  className={cn(current && 'font-medium text-foreground')}
                >
                  {item.label}
                </span>
              ) : renderLink ? (
                renderLink({ href: item.href, className: linkClass, children: item.label })
              ) : (
                <a href={item.href} className={linkClass}>
                  {item.label}
                </a>
              )}
              {current ? null : <ChevronRightIcon className="size-3.5" aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
