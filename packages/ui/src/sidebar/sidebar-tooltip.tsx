// A collapsed side menu's tooltip (its item's label beside the icon), a chunk of its own: only a rail of
// icons needs one, so Radix's Tooltip (Popper, Floating UI) loads when the menu is collapsed, not with
// every page that draws the menu (docs/console.md, "The signed-in shell's first load").
import type * as React from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '../tooltip';

export default function SidebarTooltip({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
