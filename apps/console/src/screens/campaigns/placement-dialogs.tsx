// The placements card's dialogs (docs/console.md, "Placements and A/B tests"): a new or changed
// placement (the forms package's PlacementForm) and a new A/B test of one (AbTestForm, which shows the
// sample each variant needs before it starts). Each keeps the server's refusal in the form and closes
// once its action succeeded. Props in, no fetching.
import {
  type CreateAbTestRequest,
  type Creative,
  MESSAGES,
  type Placement,
  type PlacementBody,
  type PlacementStats,
} from '@adconsole/domain';
import { AbTestForm, PlacementForm } from '@adconsole/forms';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@adconsole/ui';
import { useDialogAction } from '../../lib/dialog-action';

/** What the dialogs read of the campaign's creatives. */
export type DialogCreative = Pick<Creative, 'id' | 'name' | 'type' | 'width' | 'height' | 'liveCreatives'>;

const published = (creative: DialogCreative) => creative.liveCreatives.length > 0;

/** A new placement of the campaign's creatives, or (with `placement`) a change of one. */
export function PlacementDialog({
  open,
  onOpenChange,
  creatives,
  placement,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  creatives: readonly DialogCreative[];
  placement?: Placement | undefined;
  onSave: (body: PlacementBody) => Promise<unknown>;
}) {
  const { serverError, run } = useDialogAction(
    onOpenChange,
    placement ? MESSAGES.placementNotSaved : MESSAGES.placementNotCreated,
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{placement ? `Edit ${placement.name}` : 'New placement'}</DialogTitle>
          <DialogDescription>
            {placement
              ? 'Its tag stays the same: the ad server serves the new rotation within seconds.'
              : 'One tag that serves several of the campaign’s creatives of one kind and size, in rotation.'}
          </DialogDescription>
        </DialogHeader>
        <PlacementForm
          creatives={creatives.map((creative) => ({
            id: creative.id,
            name: creative.name,
            type: creative.type,
            width: creative.width,
            height: creative.height,
            published: published(creative),
          }))}
          placement={placement}
          serverError={serverError}
          onSubmit={(body) => run(() => onSave(body))}
        />
      </DialogContent>
    </Dialog>
  );
}

/** A new A/B test of a placement's creatives, planned with their rates so far. */
export function AbTestDialog({
  open,
  onOpenChange,
  placement,
  creatives,
  stats,
  locale,
  onStart,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  placement: Placement;
  creatives: readonly DialogCreative[];
  stats: PlacementStats | undefined;
  locale: string | undefined;
  onStart: (request: CreateAbTestRequest) => Promise<unknown>;
}) {
  const { serverError, run } = useDialogAction(onOpenChange, MESSAGES.abTestNotStarted);
  const testable = placement.items.flatMap((item) => {
    const creative = creatives.find((each) => each.id === item.creativeId);
    if (!creative) return [];
    const goals = stats?.creatives.find((each) => each.creativeId === item.creativeId)?.goals;
    return [{ id: creative.id, name: creative.name, published: published(creative), goals }];
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>A/B test of {placement.name}</DialogTitle>
          <DialogDescription>
            Compare its creatives on one rate, read once each has the sample planned here.
          </DialogDescription>
        </DialogHeader>
        <AbTestForm
          placementID={placement.id}
          creatives={testable}
          locale={locale}
          serverError={serverError}
          onSubmit={(request) => run(() => onStart(request))}
        />
      </DialogContent>
    </Dialog>
  );
}
