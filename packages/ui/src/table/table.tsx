import * as React from 'react';
import { cn } from '../lib/cn';

/**
 * Marks a scroll container's hidden sides while it scrolls sideways (`data-overflow-left`,
 * `data-overflow-right`) and makes it focusable then, so a keyboard can scroll it too; nothing changes
 * while everything fits.
 */
function useSidewaysOverflow(ref: React.RefObject<HTMLDivElement | null>) {
  React.useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const mark = () => {
      const hiddenLeft = element.scrollLeft > 1;
      const hiddenRight = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      element.toggleAttribute('data-overflow-left', hiddenLeft);
      element.toggleAttribute('data-overflow-right', hiddenRight);
      if (hiddenLeft || hiddenRight) element.setAttribute('tabindex', '0');
      else element.removeAttribute('tabindex');
    };
    mark();
    element.addEventListener('scroll', mark, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', mark);
      observer?.disconnect();
    };
  }, [ref]);
}

/**
 * Table primitives: semantic <table> parts with the theme's spacing. The container scrolls sideways when
 * the table is wider, and then says so: the side with more columns fades out (a cue on a phone, where
 * the last columns would otherwise look cut off).
 */
export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  const container = React.useRef<HTMLDivElement>(null);
  useSidewaysOverflow(container);
  return (
    <div
      ref={container}
      data-slot="table-container"
      className={cn(
        'relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring',
        'data-[overflow-right]:[mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)]',
        'data-[overflow-left]:[mask-image:linear-gradient(to_left,#000_calc(100%-2.5rem),transparent)]',
        'data-[overflow-left]:data-[overflow-right]:[mask-image:linear-gradient(to_right,transparent,#000_2.5rem,#000_calc(100%-2.5rem),transparent)]',
      )}
    >
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('border-t bg-muted/50 font-medium [&>tr]:last:border-b-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground data-[numeric]:text-right',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td
      data-slot="table-cell"
      className={cn(
        'whitespace-nowrap px-3 py-2 align-middle data-[numeric]:text-right data-[numeric]:tabular-nums',
        className,
      )}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-3 text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}
