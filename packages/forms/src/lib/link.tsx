import type * as React from 'react';

export interface FormLinkProps {
  href: string;
  className?: string;
  children: React.ReactNode;
}

/** Renders a link a form offers; the console passes its router's link so navigation stays client-side. */
export type RenderLink = (props: FormLinkProps) => React.ReactNode;

export const renderAnchor: RenderLink = ({ href, className, children }) => (
  <a href={href} className={className}>
    {children}
  </a>
);

export const linkClassName =
  'font-medium text-primary text-sm underline-offset-4 hover:underline focus-visible:underline outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm';
