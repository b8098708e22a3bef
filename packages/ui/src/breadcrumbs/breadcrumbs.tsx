import { ChevronRightIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/cn';

export type BreadcrumbItem = { label: string; href?: string };

export type BreadcrumbsProps = React.ComponentProps<'nav'> & {
  /** From the root to the current page; the last item is the current page and is not a link. */
  items: BreadcrumbItem[];
  /** Renders a link, so an app can use its router's Link. Defaults to <a>. */
  renderLink?: (link: { href: string; className: string; children: React.ReactNode }) => React.ReactNode;
  /**
   * Always one line, for a bar of fixed height (the top bar): where the trail has less than 28rem (a
   * phone's top bar) only the parent and the current page show, and a label that does not fit ends in
   * an ellipsis (its whole text in the item's title). Otherwise the trail wraps.
   */
  oneLine?: boolean;
};

const linkClass =
  'rounded-sm transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

export function Breadcrumbs({
  items,
  renderLink,
  className,
  oneLine = false,
  'aria-label': ariaLabel = 'Breadcrumb',
  ...props
}: BreadcrumbsProps) {
  // one line: each label may shrink to an ellipsis, the current page last of all
  const label = (text: string) => (oneLine ? <span className="block truncate">{text}</span> : text);
  const link = cn(linkClass, oneLine && 'min-w-0');
  return (
    <nav
      data-slot="breadcrumbs"
      aria-label={ariaLabel}
      className={cn(oneLine && '@container', className)}
      {...props}
    >
      <ol
        className={cn(
          'flex items-center gap-1.5 text-muted-foreground text-sm',
          oneLine ? 'min-w-0 flex-nowrap' : 'flex-wrap break-words',
        )}
      >
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li
              key={`${item.label}-${item.href ?? index}`}
              title={oneLine ? item.label : undefined}
              className={cn(
                'inline-flex items-center gap-1.5',
                oneLine && 'min-w-0',
                oneLine && current && 'max-w-[70%] shrink-0',
                oneLine && index < items.length - 2 && '@max-md:hidden',
              )}
            >
              {current || !item.href ? (
                <span
                  data-slot="breadcrumb-page"
                  aria-current={current ? 'page' : undefined}
                  className={cn(oneLine && 'min-w-0', current && 'font-medium text-foreground')}
                >
                  {label(item.label)}
                </span>
              ) : renderLink ? (
                renderLink({ href: item.href, className: link, children: label(item.label) })
              ) : (
                <a href={item.href} className={link}>
                  {label(item.label)}
                </a>
              )}
              {current ? null : <ChevronRightIcon className="size-3.5 shrink-0" aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
