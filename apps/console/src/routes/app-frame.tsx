// The signed-in frame as props (docs/console.md, "Signed-in pages drawn by the server"): the side
// menu by role with its icons, the top bar (breadcrumbs, the alerts' bell, the light/dark switch, the
// user's name linking to the profile) and the footer. The app layout draws it in the browser around
// every signed-in page, and the server draws it around the report it sends (server/campaign-report.tsx),
// so both pages stand in the same frame, as the share frame does for a share link's page.
import {
  AppShell,
  Footer,
  type RenderLink,
  Sidebar,
  type SidebarSection,
  type Theme,
  TopBar,
} from '@adconsole/ui';
import {
  BriefcaseBusinessIcon,
  CreditCardIcon,
  FolderIcon,
  LayoutDashboardIcon,
  MegaphoneIcon,
  ShieldIcon,
  TableIcon,
  UserIcon,
  UserPlusIcon,
} from 'lucide-react';
import type * as React from 'react';
import { activeMenuItem, sideMenu } from './navigation';

/** Each menu entry's icon, so the menu can be scanned at a glance. */
const MENU_ICONS: Record<string, React.ReactNode> = {
  dashboard: <LayoutDashboardIcon aria-hidden="true" />,
  filemanager: <FolderIcon aria-hidden="true" />,
  campaigns: <MegaphoneIcon aria-hidden="true" />,
  advertisers: <BriefcaseBusinessIcon aria-hidden="true" />,
  profile: <UserIcon aria-hidden="true" />,
  tables: <TableIcon aria-hidden="true" />,
  billing: <CreditCardIcon aria-hidden="true" />,
  admin: <ShieldIcon aria-hidden="true" />,
  invite: <UserPlusIcon aria-hidden="true" />,
};
const withIcons = (sections: SidebarSection[]): SidebarSection[] =>
  sections.map((section) => ({
    ...section,
    items: section.items.map((item) => ({ ...item, icon: MENU_ICONS[item.id] })),
  }));

export type AppFrameProps = {
  /** The signed-in user's role (the side menu's entries); undefined while the session is unknown. */
  role: Parameters<typeof sideMenu>[0];
  /** The page's path: the side menu marks its entry. */
  pathname: string;
  /** Below 992 px of window width: the side menu opens as a sheet from the top bar. */
  compact: boolean;
  companyName: string;
  breadcrumbs: React.ReactNode;
  /** The alerts' bell; none for a client (the alerts are the owner's). */
  bell: React.ReactNode;
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  user: { name: string; href: string } | undefined;
  renderLink: RenderLink;
  /** The footer's clock (its year). */
  now: Date;
  children: React.ReactNode;
};

export function AppFrame({
  role,
  pathname,
  compact,
  companyName,
  breadcrumbs,
  bell,
  theme,
  onThemeChange,
  user,
  renderLink,
  now,
  children,
}: AppFrameProps) {
  const sections = withIcons(sideMenu(role));
  return (
    <AppShell
      className="min-h-svh"
      compact={compact}
      sidebar={
        <Sidebar
          label="Main menu"
          header={<span className="font-semibold">{companyName}</span>}
          sections={sections}
          activeId={activeMenuItem(sections, pathname)}
          renderLink={renderLink}
        />
      }
      topBar={
        <TopBar
          breadcrumbs={breadcrumbs}
          actions={bell}
          theme={theme}
          onThemeChange={onThemeChange}
          user={user}
          renderLink={renderLink}
        />
      }
      footer={<Footer companyName={companyName} now={now} />}
    >
      {children}
    </AppShell>
  );
}
