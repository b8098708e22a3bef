import type { SidebarProps } from '@adconsole/ui';
import { Link } from 'react-router-dom';

type RenderLink = NonNullable<SidebarProps['renderLink']>;

/** Lets the package shell and forms render their links as client-side router links. */
export const renderRouterLink: RenderLink = ({ href, children, ...props }) => (
  <Link to={href} {...props}>
    {children}
  </Link>
);
