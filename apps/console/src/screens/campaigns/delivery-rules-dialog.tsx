// The delivery rules editor in a dialog (docs/console.md, "Delivery rules"): the forms package's
// DeliveryRulesForm for the campaign or one of its creatives, the estimate of the rules being edited
// beside it and, for the campaign's own rules, the inventory forecast of its flight and goal with them
// (forecast-panel.tsx); the server's refusal kept in the form; it closes once saved. With edits not saved,
// Escape, ×, Cancel and a click beside it first ask whether to discard them ("Keep editing" focused);
// without, it closes at once. Save and Cancel stay at the dialog's bottom, wherever the estimate and the
// forecast above them grow. One figure says how much of the traffic matches: the forecast's funnel when
// the forecast draws one, the estimate's share otherwise (docs/console.md, "One figure of what matches").
// While a field is invalid, neither shows a figure: both name the field to fix. Props in, no fetching.
import { type DeliveryRules, errorMessage, MESSAGES } from '@adconsole/domain';
import { DeliveryRulesForm, type EstimateState } from '@adconsole/forms';
import {
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@adconsole/ui';
import { useRef, useState } from 'react';
import { ForecastPanel, type ForecastState, forecastShowsFunnel } from './forecast-panel';

/** What is being edited: the campaign's rules, or one creative's. */
export type RulesTarget = { level: 'campaign' } | { level: 'creative'; creativeID: string; name: string };

export function DeliveryRulesDialog({
  target,
  rules,
  timezone,
  locale,
  estimate,
  forecast,
  onRulesChange,
  onSave,
  onClose,
}: {
  target: RulesTarget;
  rules: DeliveryRules;
  timezone: string;
  /** The account's locale: the daypart's week starts on its first day (Monday when not given). */
  locale?: string | undefined;
  estimate: EstimateState | undefined;
  /** The inventory forecast of the rules being edited (the campaign's level); none: not shown. */
  forecast?: ForecastState | undefined;
  onRulesChange: (rules: DeliveryRules) => void;
  onSave: (rules: DeliveryRules) => Promise<unknown>;
  onClose: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  // The first invalid field's label while one is: the forecast of an older rule set is not shown.
  const [invalidField, setInvalidField] = useState<string | undefined>();
  const funnel = forecast !== undefined && forecastShowsFunnel(forecast);
  const forecastShown: ForecastState | undefined =
    forecast && invalidField !== undefined && forecast.status !== 'incomplete'
      ? { status: 'invalid', field: invalidField }
      : forecast;
  // Where focus was when the question opened, to go back to on "Keep editing".
  const returnTo = useRef<HTMLElement | null>(null);
  const close = () => {
    if (!dirty) {
      onClose();
      return;
    }
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsking(true);
  };
  const save = async (next: DeliveryRules) => {
    setServerError(null);
    try {
      await onSave(next);
      onClose();
    } catch (error) {
      setServerError(errorMessage(error, MESSAGES.deliveryRulesNotSaved));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      {/* As tall as the window allows, whatever the form holds: the footer's Save stays where it is. */}
      <DialogContent className="h-[90vh] max-h-[90vh] scroll-pb-24 grid-rows-[auto_1fr] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>
            {target.level === 'campaign'
              ? 'Delivery rules of the campaign'
              : `Delivery rules of ${target.name}`}
          </DialogTitle>
          <DialogDescription>
            Who, where and when its ads serve. Serving follows within seconds of saving; a request that no
            rule lets through gets no ad and is counted in the report by its reason.
          </DialogDescription>
        </DialogHeader>
        <DeliveryRulesForm
          level={target.level}
          rules={rules}
          timezone={timezone}
          locale={locale}
          estimate={funnel ? undefined : estimate}
          beforeSubmit={forecastShown ? <ForecastPanel state={forecastShown} /> : undefined}
          onRulesChange={onRulesChange}
          onInvalidChange={setInvalidField}
          serverError={serverError}
          onSubmit={save}
          onDirtyChange={setDirty}
          onCancel={close}
          stickyActions
        />
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          title="Discard your changes to the delivery rules?"
          description="The rules stay as they were saved; your edits in this dialog are lost."
          confirmLabel="Discard"
          cancelLabel="Keep editing"
          tone="danger"
          onConfirm={onClose}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnTo.current?.focus();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
