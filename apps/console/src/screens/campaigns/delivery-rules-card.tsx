// The campaign page's delivery rules card (docs/console.md, "Delivery rules"): the campaign's rules in one
// line and each creative's own (which narrow them), an editor for each level (delivery-rules-dialog.tsx),
// and the tag tester (tag-tester.tsx): why one request would or would not serve. Props in, no fetching.
// The editor's code (the forms package's rules form, the forecast) is fetched when the reader comes to an
// Edit button, at the latest when it opens (card-dialogs.tsx).
import {
  type CampaignDeliveryRules,
  type DeliveryRules,
  deliveryRulesSummary,
  noDeliveryRules,
} from '@adconsole/domain';
import type { EstimateState } from '@adconsole/forms';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@adconsole/ui';
import { lazy, Suspense, useState } from 'react';
import { dialogCode } from './card-dialogs';
import type { RulesTarget } from './delivery-rules-dialog';
import type { ForecastState } from './forecast-panel';
import { TagTester, type TagTesterProps } from './tag-tester';

/** The editor, in a file of its own (card-dialogs.tsx). */
const editor = dialogCode(() => import('./delivery-rules-dialog'));
const DeliveryRulesDialog = lazy(() =>
  editor.load().then((module) => ({ default: module.DeliveryRulesDialog })),
);

export interface DeliveryRulesCardProps {
  /** The campaign's rules and its creatives'; undefined while they load. */
  rules: CampaignDeliveryRules | undefined;
  onSave: (target: RulesTarget, rules: DeliveryRules) => Promise<unknown>;
  /** The rules being edited (for the estimate); undefined when the editor closes. */
  onEditing: (target: RulesTarget | undefined, rules: DeliveryRules | undefined) => void;
  estimate: EstimateState | undefined;
  /** The inventory forecast of the campaign's rules being edited. */
  forecast?: ForecastState | undefined;
  tester: TagTesterProps;
  /** The account's locale: the daypart's week starts on its first day (Monday when not given). */
  locale?: string | undefined;
  /** Open the editor at first (stories). */
  initialTarget?: RulesTarget;
}

export function DeliveryRulesCard({
  rules,
  onSave,
  onEditing,
  estimate,
  forecast,
  tester,
  locale,
  initialTarget,
}: DeliveryRulesCardProps) {
  const [target, setTarget] = useState<RulesTarget | undefined>(initialTarget);
  const edit = (next: RulesTarget | undefined) => {
    setTarget(next);
    if (!next) onEditing(undefined, undefined);
  };
  const rulesOf = (of: RulesTarget): DeliveryRules =>
    of.level === 'campaign'
      ? (rules?.rules ?? {})
      : (rules?.creatives.find((creative) => creative.creativeID === of.creativeID)?.rules ?? {});
  return (
    <Card aria-labelledby="delivery-rules">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle level={2} id="delivery-rules">
            Delivery rules
          </CardTitle>
          <CardDescription>
            Who, where and when the campaign’s ads serve; a creative’s own rules narrow it.
          </CardDescription>
        </div>
        <Button
          variant="outline"
          disabled={!rules}
          onClick={() => edit({ level: 'campaign' })}
          onPointerEnter={editor.preload}
          onFocus={editor.preload}
        >
          Edit campaign rules
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {rules ? (
          <dl className="grid gap-2 text-sm" data-slot="delivery-summaries">
            <div className="grid gap-0.5">
              <dt className="font-medium">Campaign</dt>
              <dd data-slot="campaign-rules-summary">{deliveryRulesSummary(rules.rules, rules.timezone)}</dd>
            </div>
            {rules.creatives.map((creative) => (
              <div key={creative.creativeID} className="grid gap-0.5 border-t pt-2">
                <dt className="font-medium">{creative.name}</dt>
                <dd className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground">
                  <span>
                    {noDeliveryRules(creative.rules)
                      ? 'The campaign’s rules'
                      : `Also: ${deliveryRulesSummary(creative.rules, rules.timezone)}`}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Edit the rules of ${creative.name}`}
                    onClick={() =>
                      edit({ level: 'creative', creativeID: creative.creativeID, name: creative.name })
                    }
                    onPointerEnter={editor.preload}
                    onFocus={editor.preload}
                  >
                    Edit
                  </Button>
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <Skeleton className="h-12 w-full" />
        )}
        <section aria-labelledby="tag-tester" className="grid gap-2 border-t pt-4">
          <h3 id="tag-tester" className="font-medium text-sm">
            Test a tag
          </h3>
          <TagTester {...tester} />
        </section>
      </CardContent>
      {target && rules ? (
        <Suspense fallback={null}>
          <DeliveryRulesDialog
            target={target}
            rules={rulesOf(target)}
            timezone={rules.timezone}
            locale={locale}
            estimate={estimate}
            forecast={target.level === 'campaign' ? forecast : undefined}
            onRulesChange={(next) => onEditing(target, next)}
            onSave={(next) => onSave(target, next)}
            onClose={() => edit(undefined)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
