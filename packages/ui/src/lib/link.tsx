import type * as React from 'react';

/** What a shell component passes to render a link, so an app can plug in its router's Link. */
export type LinkProps = {
  href: string;
  className?: string;
  children: React.ReactNode;
  'aria-current'?: 'page';
  'aria-label'?: string;
  onClick?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
};

export type RenderLink = (link: LinkProps) => React.ReactNode;

export const renderAnchor: RenderLink = ({ children, ...props }) => <a {...props}>{children}</a>;
