import { MenuIcon } from 'lucide-react';
import type * as React from 'react';
import { useAppShell } from '../app-shell/app-shell-context';
import { InitialsAvatar } from '../avatar/avatar-initials';
import { buttonVariants } from '../button';
import { IconButton } from '../icon-button';
import { cn } from '../lib/cn';
import { type RenderLink, renderAnchor } from '../lib/link';
import { type Theme, ThemeToggle } from '../theme-toggle';

export type TopBarUser = { name: string; href: string };

export type TopBarProps = {
  /** Usually <Breadcrumbs />. */
  breadcrumbs?: React.ReactNode;
  /** Extra controls before the theme toggle. */
  actions?: React.ReactNode;
  theme?: Theme;
  onThemeChange?: (theme: Theme) => void;
  /** The signed-in user: their name links to the profile. Absent: a Sign In link shows instead. */
  user?: TopBarUser;
  /** Where the Sign In link goes; `null`: no Sign In link (a page for readers without accounts). */
  signInHref?: string | null;
  renderLink?: RenderLink;
  className?: string;
};

/**
 * The bar above the content: breadcrumbs, light/dark switch, and the user's name or a Sign In link. In a
 * bar narrower than 28rem (a phone) the name gives its room to the page's title: the user's initials
 * show as their avatar, and the link is still named after the user (the avatar's label).
 */
export function TopBar({
  breadcrumbs,
  actions,
  theme,
  onThemeChange,
  user,
  signInHref = '/signin',
  renderLink = renderAnchor,
  className,
}: TopBarProps) {
  const shell = useAppShell();
  return (
    <header
      data-slot="top-bar"
      className={cn('@container flex h-14 items-center gap-3 border-b bg-background px-4', className)}
    >
      {shell.compact ? (
        <IconButton
          aria-label="Open navigation"
          aria-expanded={shell.navOpen}
          onClick={() => shell.setNavOpen(true)}
        >
          <MenuIcon aria-hidden="true" />
        </IconButton>
      ) : null}
      <div className="min-w-0 flex-1">{breadcrumbs}</div>
      <div className="flex items-center gap-2">
        {actions}
        {theme && onThemeChange ? <ThemeToggle value={theme} onChange={onThemeChange} /> : null}
        {user
          ? renderLink({
              href: user.href,
              className: cn(
                buttonVariants({ variant: 'ghost', size: 'sm' }),
                'max-w-48 justify-start @max-md:px-1',
              ),
              // One of the two shows: the name, or (in a narrow bar) the avatar, whose label is the name.
              children: (
                <>
                  <span className="truncate @max-md:hidden">{user.name}</span>
                  <InitialsAvatar name={user.name} className="hidden @max-md:flex" />
                </>
              ),
            })
          : signInHref === null
            ? null
            : renderLink({
                href: signInHref,
                className: buttonVariants({ variant: 'outline', size: 'sm' }),
                children: 'Sign In',
              })}
      </div>
    </header>
  );
}
