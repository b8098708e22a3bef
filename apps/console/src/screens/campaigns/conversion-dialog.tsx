// The conversions card's dialog (docs/console.md, "Conversions"): a new or changed conversion action
// (the forms package's ConversionActionForm). It keeps the server's refusal in the form and closes once
// saved. The currency follows the campaign's one-currency rule: its booked rate's, else its other
// actions', else free (conversion-currency.ts). Props in, no fetching. The conversions card fetches this
// file when the dialog first opens (card-dialogs.tsx).
import { type ConversionAction, type ConversionActionBody, errorMessage, MESSAGES } from '@adconsole/domain';
import { ConversionActionForm, type ConversionCurrencyChoice } from '@adconsole/forms';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@adconsole/ui';
import { useState } from 'react';

export function ConversionActionDialog({
  open,
  onOpenChange,
  action,
  currency,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  action?: ConversionAction | undefined;
  currency: ConversionCurrencyChoice;
  onSave: (body: ConversionActionBody) => Promise<unknown>;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const save = async (body: ConversionActionBody) => {
    setServerError(null);
    try {
      await onSave(body);
      onOpenChange(false);
    } catch (error) {
      setServerError(
        errorMessage(error, action ? MESSAGES.conversionActionNotSaved : MESSAGES.conversionActionNotCreated),
      );
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setServerError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{action ? `Edit ${action.name}` : 'New conversion action'}</DialogTitle>
          <DialogDescription>
            {action
              ? 'Its snippets stay the same. New settings apply to conversions received from now on.'
              : 'What the advertiser counts after a click, with a tag for the site and a postback URL for its server.'}
          </DialogDescription>
        </DialogHeader>
        <ConversionActionForm
          action={
            action && {
              name: action.name,
              type: action.type,
              counting: action.counting,
              lookbackDays: action.lookbackDays,
              currency: action.currency,
              unsigned: action.unsigned,
              maxPerClick: action.maxPerClick,
              maxValue: action.maxValue ?? '',
            }
          }
          currency={currency}
          serverError={serverError}
          onSubmit={save}
        />
      </DialogContent>
    </Dialog>
  );
}
