// A conversion action's postback key (docs/conversions.md, "Signed postbacks and caps"): whether it has
// one (its last four characters and when it was made), a button that makes a new one, and the new key
// shown this once to copy. The advertiser's server sends it as `Authorization: Bearer <key>`; the site's
// tag needs none. Props in, no fetching.
import { type ConversionAction, errorMessage, MESSAGES } from '@adconsole/domain';
import { Alert, AlertDescription, Button, CopyField } from '@adconsole/ui';
import { useState } from 'react';

type PostbackKeyProps = {
  action: Pick<ConversionAction, 'name' | 'postbackKey' | 'unsigned'>;
  /** Makes a new key and answers it; absent where the user may not change the action. */
  onRotate?: (() => Promise<string>) | undefined;
  /** A key just made (stories); the one the last click made otherwise. */
  shownKey?: string | undefined;
  writeText?: ((text: string) => Promise<void>) | undefined;
};

const madeOn = (at: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(at));

export function PostbackKey({ action, onRotate, shownKey, writeText }: PostbackKeyProps) {
  const [key, setKey] = useState<string | undefined>(shownKey);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rotate = async () => {
    if (!onRotate) return;
    setPending(true);
    setError(null);
    try {
      setKey(await onRotate());
    } catch (caught) {
      setError(errorMessage(caught, MESSAGES.postbackKeyNotMade));
    } finally {
      setPending(false);
    }
  };
  const copy = writeText ? { writeText } : {};
  return (
    <div className="grid min-w-0 gap-2" data-slot="postback-key">
      <p>
        {action.postbackKey
          ? `Postback key ending in ${action.postbackKey.hint}, made ${madeOn(action.postbackKey.createdAt)}.`
          : 'No postback key yet.'}{' '}
        {action.unsigned === 'counted'
          ? 'Postbacks without it count too (this action allows it).'
          : 'Postbacks without it are refused: send it as the Authorization header.'}
      </p>
      {onRotate ? (
        <Button
          variant="outline"
          size="sm"
          loading={pending}
          className="justify-self-start"
          aria-label={`${action.postbackKey ? 'Replace postback key of' : 'Make postback key for'} ${action.name}`}
          onClick={rotate}
        >
          {action.postbackKey ? 'Replace postback key' : 'Make postback key'}
        </Button>
      ) : null}
      {error ? (
        <Alert variant="danger">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      {key ? (
        <div className="grid min-w-0 gap-2" role="status">
          <CopyField label={`New postback key of ${action.name}`} value={key} {...copy} />
          <p className="text-muted-foreground">
            Copy it now into the server's settings: it is shown only this once. A key made before it no longer
            works.
          </p>
        </div>
      ) : null}
    </div>
  );
}
