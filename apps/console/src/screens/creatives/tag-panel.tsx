// The ad tag of each live creative for the creative's platform (docs/product.md §7: VAST/VPAID as an
// XML URL, banners as an <ins> tag with the init script), with copy buttons and the xlsx tag sheet.
// Without a platform the tags are direct ones (docs/tags.md, "Direct tags"): no platform macro, for a
// publisher's own page or player.
import { buildTag, type Creative, findPlatform, servingUrlWarning } from '@adconsole/domain';
import { Alert, AlertDescription, Button, CopyField } from '@adconsole/ui';

export interface TagInputs {
  dealID?: string | undefined;
  fallbackID?: string | undefined;
  clickMacro?: string | undefined;
  clickMacroEscaped?: string | undefined;
}

export function TagPanel({
  creative,
  servingHost,
  tcfVendorID,
  inputs,
  onDownloadSheet,
  downloading,
}: {
  creative: Creative;
  /** AD_SERVING_URL, from the server's public config. */
  servingHost: string;
  /** TCF_VENDOR_ID, from the server's public config: the id in the consent macros. */
  tcfVendorID: number;
  inputs: TagInputs;
  onDownloadSheet: () => void;
  downloading: boolean;
}) {
  const chosen = creative.platform ? findPlatform(creative.platform) : undefined;
  const platform = chosen ?? findPlatform('direct');
  if (creative.liveCreatives.length === 0) {
    return <p className="text-muted-foreground text-sm">Publish the creative to get its ad tags.</p>;
  }
  if (!platform) return null;
  const insecure = servingUrlWarning(servingHost);
  return (
    <div className="grid gap-4">
      {chosen ? null : (
        <Alert>
          <AlertDescription>
            No trading platform chosen: these are direct tags, with no platform macros, for a publisher's own
            page or player. For a platform's tag, choose it in the creative's settings.
          </AlertDescription>
        </Alert>
      )}
      {insecure ? (
        <Alert variant="warning">
          <AlertDescription>{insecure}</AlertDescription>
        </Alert>
      ) : null}
      {creative.liveCreatives.map((liveCreative) => {
        const tag = buildTag({ creative, liveCreative, platform, servingHost, tcfVendorID, ...inputs });
        return tag.ok ? (
          <CopyField
            key={liveCreative.id}
            label={`${platform.name} tag for live creative ${liveCreative.id}`}
            value={tag.tag}
            multiline={tag.kind === 'ins'}
          />
        ) : (
          <Alert key={liveCreative.id} variant="warning">
            <AlertDescription>{tag.error}</AlertDescription>
          </Alert>
        );
      })}
      <div>
        <Button variant="outline" onClick={onDownloadSheet} loading={downloading}>
          Download the tag sheet (xlsx)
        </Button>
      </div>
    </div>
  );
}
