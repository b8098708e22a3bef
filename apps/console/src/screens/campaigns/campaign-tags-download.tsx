// The campaign page's "Download tags for the campaign" action (docs/tags.md, "The campaign's tag sheet"):
// every live creative and placement on every platform, as an xlsx with a worksheet per platform or one
// csv. A campaign with nothing live says so in the menu instead of offering a file the server refuses.
import { CAMPAIGN_NOTHING_TO_TAG } from '@adconsole/domain';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@adconsole/ui';
import type { CampaignTagSheetType } from './tag-sheet-queries';

export function CampaignTagsDownload({
  nothingToTag,
  pending,
  onDownload,
}: {
  /** No live creative and no placement: there is no tag to give. */
  nothingToTag: boolean;
  /** The sheet is being built: the button is busy. */
  pending: boolean;
  onDownload: (type: CampaignTagSheetType) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" loading={pending} aria-label="Download tags for the campaign">
          Download tags
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-80">
        {nothingToTag ? (
          <DropdownMenuItem disabled>{CAMPAIGN_NOTHING_TO_TAG}</DropdownMenuItem>
        ) : (
          <>
            <DropdownMenuItem onSelect={() => onDownload('xlsx')}>
              Excel (xlsx), a sheet per platform
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onDownload('csv')}>
              CSV, one file for every platform
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
