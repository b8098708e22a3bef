// The report's controls on a phone: one bar under the report's heading with a button that opens the
// reporting menu (dates, zone, the creatives, export, share links, schedules) in a sheet, so what
// changes the report comes first instead of below the whole report. Beside the report (a wide screen)
// the menu is the side rail instead.
import {
  Button,
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@adconsole/ui';
import { SlidersHorizontalIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';

export interface ReportingBarProps {
  /**
   * The reporting menu, drawn in the sheet while it is open; given `close`, it can close the sheet
   * (once a range is chosen, so the figures it asked for are in view).
   */
  menu: ReactNode | ((close: () => void) => ReactNode);
  /** Opened by a story or a test; closed by default. */
  defaultOpen?: boolean;
  /** The owner's menu also shares (share links, schedules): the button says so; a share page's does not. */
  sharing?: boolean;
}

export function ReportingBar({ menu, defaultOpen = false, sharing = false }: ReportingBarProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div data-slot="reporting-bar" className="flex print:hidden">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <Button variant="outline" className="w-full justify-start">
            <SlidersHorizontalIcon aria-hidden="true" className="size-4" />
            {sharing ? 'Dates, zone, export and sharing' : 'Dates, zone and export'}
          </Button>
        </SheetTrigger>
        <SheetContent side="bottom" className="max-h-[85svh] overflow-y-auto">
          <SheetHeader>
            <SheetTitle>Report settings</SheetTitle>
            <SheetDescription>
              {sharing
                ? 'Choose the dates and zone, open a creative, export or share.'
                : 'Choose the dates and zone, open a creative or export.'}
            </SheetDescription>
          </SheetHeader>
          <div className="px-4 pb-6">{typeof menu === 'function' ? menu(() => setOpen(false)) : menu}</div>
        </SheetContent>
      </Sheet>
    </div>
  );
}
