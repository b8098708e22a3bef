import type * as React from 'react';

/**
 * What a component passes to render a link (the shell, a form, the report table), so an app can plug
 * in its router's Link.
 */
export type LinkProps = {
  href: string;
  className?: string;
  children: React.ReactNode;
  'aria-current'?: 'page';
  'aria-label'?: string;
  onClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
};

export type RenderLink = (link: LinkProps) => React.ReactNode;

/** The default `RenderLink`: a plain `<a>` with the props it is given. */
export const renderAnchor: RenderLink = ({ children, ...props }) => <a {...props}>{children}</a>;
