// The compact shell's navigation sheet, a chunk of its own: a phone opens it only on a tap of the menu
// button, so Radix's Dialog (focus trap, scroll lock, portal) loads then, not with the page
// (docs/console.md, "The signed-in shell's first load").
import type * as React from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../sheet';

export default function AppShellSheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-64 p-0">
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SheetDescription className="sr-only">The main sections of the console.</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}
