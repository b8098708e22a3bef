// A conversion action's copy-paste snippets (docs/conversions.md, "Conversion actions and
// snippets"), built by the domain's conversionSnippets on the serving origin (AD_SERVING_URL): the
// website's two tags (site-wide, and the confirmation page's call) and the server-to-server postback URL
// with a curl line to try it, and the action's postback key (postback-key.tsx). Props in, no fetching.
import { type ConversionAction, conversionSnippets, servingUrlWarning } from '@adconsole/domain';
import { Alert, AlertDescription, CopyField, Tabs, TabsContent, TabsList, TabsTrigger } from '@adconsole/ui';
import { PostbackKey } from './postback-key';

type ConversionSnippetsPanelProps = {
  action: Pick<ConversionAction, 'id' | 'name' | 'currency' | 'archived' | 'postbackKey' | 'unsigned'>;
  /** The campaign's click id parameter (adc_click unless it names another). */
  clickParam: string;
  /** AD_SERVING_URL, from the server's public config. */
  servingHost: string;
  /** Injected by stories; the clipboard otherwise. */
  writeText?: ((text: string) => Promise<void>) | undefined;
  /** Makes a new postback key and answers it (absent: the key is only shown as it is). */
  onRotateKey?: (() => Promise<string>) | undefined;
  /** A key just made, shown once (stories). */
  shownKey?: string | undefined;
};

const code = (text: string) => (
  <code className="whitespace-nowrap rounded bg-muted px-1 font-mono text-xs">{text}</code>
);

export function ConversionSnippetsPanel({
  action,
  clickParam,
  servingHost,
  writeText,
  onRotateKey,
  shownKey,
}: ConversionSnippetsPanelProps) {
  const snippets = conversionSnippets({
    servingHost,
    actionId: action.id,
    clickParam,
    currency: action.currency,
  });
  const insecure = servingUrlWarning(servingHost);
  const copy = writeText ? { writeText } : {};
  return (
    <div className="grid min-w-0 gap-3 rounded-md border p-3" data-slot="conversion-snippets">
      {action.archived ? (
        <Alert variant="warning">
          <AlertDescription>
            This action is archived: conversions sent to it are kept but not counted. Restore it to count them
            again.
          </AlertDescription>
        </Alert>
      ) : null}
      {insecure ? (
        <Alert variant="warning">
          <AlertDescription>{insecure}</AlertDescription>
        </Alert>
      ) : null}
      <Tabs defaultValue="site" className="grid min-w-0 gap-3">
        <TabsList aria-label={`How ${action.name} is sent`} className="justify-self-start">
          <TabsTrigger value="site">Website tag</TabsTrigger>
          <TabsTrigger value="postback">Server postback</TabsTrigger>
        </TabsList>
        <TabsContent value="site" className="grid min-w-0 gap-3 text-sm">
          <p>
            1. On every page of the advertiser's site, once for all of the campaign's actions: it keeps the
            click id of the landing URL ({code(`?${clickParam}=…`)}) in first-party storage.
          </p>
          <CopyField label="Site-wide tag" value={snippets.siteTag} multiline {...copy} />
          <p>
            2. On the confirmation page, after the site-wide tag: put in the sale's value, currency and order
            id (the order id counts an order once).
          </p>
          <CopyField
            label={`Conversion call of ${action.name}`}
            value={snippets.conversionCall}
            multiline
            {...copy}
          />
        </TabsContent>
        <TabsContent value="postback" className="grid min-w-0 gap-3 text-sm">
          <p>
            For shops and CRMs: keep the landing URL's {code(clickParam)} value with the order, then call this
            URL (GET or POST) when it converts, with the braces filled in and the action's postback key in the
            header {code('Authorization: Bearer <key>')}.
          </p>
          <PostbackKey action={action} onRotate={onRotateKey} shownKey={shownKey} writeText={writeText} />
          <CopyField
            label={`Postback URL of ${action.name}`}
            value={snippets.postbackUrl}
            multiline
            {...copy}
          />
          <p>
            Try it: put the {code(clickParam)} value of a test click's landing URL in {code('CLICK_ID')} and
            the key in {code('POSTBACK_KEY')}, then run:
          </p>
          <CopyField label="Postback with curl" value={snippets.curl} multiline {...copy} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
