import { PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react';
import * as React from 'react';
import { useAppShell } from '../app-shell/app-shell-context';
import { IconButton } from '../icon-button';
import { cn } from '../lib/cn';
import { type RenderLink, renderAnchor } from '../lib/link';

/** The collapsed rail's tooltips, loaded when the menu is first drawn collapsed; the plain link until then. */
const SidebarTooltip = React.lazy(() => import('./sidebar-tooltip'));

export type SidebarItem = { id: string; label: string; href: string; icon?: React.ReactNode };
export type SidebarSection = { id: string; title?: string; items: SidebarItem[] };

export type SidebarProps = {
  sections: SidebarSection[];
  /** Id of the item for the current page: highlighted and marked aria-current="page". */
  activeId?: string;
  /** Collapsed to an icon rail (labels become tooltips). */
  collapsed?: boolean;
  /** Shows the collapse button when given. */
  onCollapsedChange?: (collapsed: boolean) => void;
  /** Brand or logo at the top. */
  header?: React.ReactNode;
  /** Accessible name of the navigation landmark. */
  label?: string;
  renderLink?: RenderLink;
  className?: string;
};

/** The side menu: titled sections of links, the current page highlighted, collapsible to icons. */
export function Sidebar({
  sections,
  activeId,
  collapsed: collapsedProp = false,
  onCollapsedChange,
  header,
  label = 'Main',
  renderLink = renderAnchor,
  className,
}: SidebarProps) {
  const shell = useAppShell();
  // Inside the compact sheet there is room for labels, and nothing to collapse.
  const collapsed = shell.compact ? false : collapsedProp;
  return (
    <div
      data-slot="sidebar"
      data-collapsed={collapsed || undefined}
      className={cn(
        'sticky top-0 flex h-full max-h-svh shrink-0 flex-col border-r bg-card text-card-foreground',
        collapsed ? 'w-14' : 'w-60',
        shell.compact && 'w-full border-r-0',
        className,
      )}
    >
      {header ? (
        <div className="flex h-14 items-center overflow-hidden border-b px-4 font-semibold">
          {/* The rail is too narrow for a brand name; it stays for screen readers. */}
          <span className={cn('truncate', collapsed && 'sr-only')}>{header}</span>
        </div>
      ) : null}
      <nav aria-label={label} className="flex-1 overflow-y-auto p-2">
        {sections.map((section) => (
          <div key={section.id} className="mb-3 last:mb-0">
            {section.title ? (
              <h2
                id={`sidebar-section-${section.id}`}
                className={cn('px-2 pb-1 font-medium text-muted-foreground text-xs', collapsed && 'sr-only')}
              >
                {section.title}
              </h2>
            ) : null}
            <ul
              aria-labelledby={section.title ? `sidebar-section-${section.id}` : undefined}
              className="grid gap-0.5"
            >
              {section.items.map((item) => {
                const active = item.id === activeId;
                const link = renderLink({
                  href: item.href,
                  'aria-current': active ? 'page' : undefined,
                  onClick: shell.compact ? () => shell.setNavOpen(false) : undefined,
                  className: cn(
                    'flex h-9 items-center gap-3 rounded-md px-2 font-medium text-sm outline-none transition-colors',
                    'text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                    'aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0',
                    collapsed && 'justify-center px-0',
                  ),
                  children: (
                    <>
                      {item.icon}
                      <span className={cn('truncate', collapsed && 'sr-only')}>{item.label}</span>
                    </>
                  ),
                });
                return (
                  <li key={item.id} data-slot="sidebar-item" data-active={active || undefined}>
                    {collapsed ? (
                      <React.Suspense fallback={link}>
                        <SidebarTooltip label={item.label}>{link}</SidebarTooltip>
                      </React.Suspense>
                    ) : (
                      link
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      {onCollapsedChange && !shell.compact ? (
        <div className={cn('flex border-t p-2', collapsed ? 'justify-center' : 'justify-end')}>
          <IconButton
            size="sm"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            onClick={() => onCollapsedChange(!collapsed)}
          >
            {collapsed ? <PanelLeftOpenIcon aria-hidden="true" /> : <PanelLeftCloseIcon aria-hidden="true" />}
          </IconButton>
        </div>
      ) : null}
    </div>
  );
}
