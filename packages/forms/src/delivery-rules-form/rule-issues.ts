// Which field of the delivery rules form each refusal of the domain's schema belongs to, read from the
// rule set on screen after every change: so a field's message shows as soon as its value is wrong and
// goes as soon as it is right (react-hook-form matches a message to a field by its name, and the site
// lists' messages live under `sites.allow`, not the `allow` the textarea is registered as: they stayed
// until the next Save), the estimate and the forecast name the first field to fix instead of showing an
// older set's figures, and Save brings that field into view.
import {
  DELIVERY_RULES,
  type DeliveryRules,
  LIST_RULES,
  type ListRuleName,
  safeParseWithMessages,
} from '@adconsole/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod/mini';

/** A field of the form: a list rule, the sites, the daypart or the frequency caps. */
type RuleField = ListRuleName | 'sites' | 'daypart' | 'frequencyCaps';

/** The form's fields in their order on screen, each with its label (the list rules first, the caps last). */
const RULE_FIELDS: readonly { key: RuleField; label: string }[] = [
  ...LIST_RULES.map((rule) => ({ key: rule.key, label: rule.label })),
  ...DELIVERY_RULES.filter((rule) => rule.kind.type !== 'list').map((rule) => ({
    key: rule.key as RuleField,
    label: rule.label,
  })),
  { key: 'frequencyCaps', label: 'Frequency caps' },
];

/** The campaign's own choices belong to the field that draws them. */
const DRAWN_BY: Readonly<Record<string, RuleField>> = { unknownSite: 'sites', uncappable: 'frequencyCaps' };

/** What the rule set on screen is refused for, by field; nothing when it is valid. */
interface RuleIssues {
  /** The first message of each field; the sites' by list (a message of the whole rule goes with `allow`). */
  messages: Partial<Record<RuleField | 'allow' | 'block', string>>;
  /** The first refused field on screen, with its label ("Countries"); the rules' own name when none is. */
  first: { key: RuleField | undefined; label: string } | undefined;
}

/** The issues of a parse of the rule set on screen, by the field that shows each. */
export function ruleIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): RuleIssues {
  const messages: RuleIssues['messages'] = {};
  for (const { path, message } of issues) {
    const [head, part] = path;
    const key = typeof head === 'string' ? (DRAWN_BY[head] ?? head) : undefined;
    if (key === 'sites') {
      messages.sites ??= message;
      messages[part === 'block' ? 'block' : 'allow'] ??= message;
    } else if (RULE_FIELDS.some((field) => field.key === key)) messages[key as RuleField] ??= message;
  }
  if (issues.length === 0) return { messages, first: undefined };
  // A refusal of no one field (a key the form never sends) still stops the figures: it names the rules.
  const first = RULE_FIELDS.find((field) => messages[field.key] !== undefined) ?? {
    key: undefined,
    label: 'Delivery rules',
  };
  return { messages, first };
}

/**
 * After a refused Save: the first refused field (its label, as its `data-rule` says it) scrolled into the
 * middle of the form's scrolling box and its refused control focused (else its first control).
 */
function showFirstRefused(form: HTMLElement | null, label: string | undefined): void {
  const field = [...(form?.querySelectorAll<HTMLElement>('[data-rule]') ?? [])].find(
    (element) => element.dataset.rule === label,
  );
  if (!field) return;
  const control =
    field.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    field.querySelector<HTMLElement>('button, input, textarea, select, [tabindex]:not([tabindex="-1"])');
  field.scrollIntoView({ block: 'center' });
  control?.focus({ preventScroll: true });
}

/**
 * The form's rule set on screen (`candidate`, its JSON) judged by `target` after every change: the parse,
 * its issues by field, each valid set handed to `onRulesChange` and the first invalid field's label to
 * `onInvalidChange` once per change (never per render: the callbacks are read from refs), and
 * `showRefused` for a refused Save, which brings that field into view once its message is drawn.
 */
export function useRuleIssues(
  target: z.ZodMiniType<DeliveryRules, Record<string, unknown>>,
  candidate: string,
  callbacks: {
    onRulesChange?: ((rules: DeliveryRules) => void) | undefined;
    onInvalidChange?: ((field: string | undefined) => void) | undefined;
  },
) {
  const parsed = useMemo(() => safeParseWithMessages(target, JSON.parse(candidate)), [candidate, target]);
  const issues = ruleIssues(parsed.success ? [] : parsed.error.issues);
  const latest = useRef(callbacks);
  latest.current = callbacks;
  useEffect(() => {
    if (parsed.success) latest.current.onRulesChange?.(parsed.data);
  }, [parsed]);
  const invalidField = issues.first?.label;
  useEffect(() => {
    latest.current.onInvalidChange?.(invalidField);
  }, [invalidField]);
  const formElement = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState<{ field: string | undefined }>();
  useEffect(() => {
    if (refused) showFirstRefused(formElement.current, refused.field);
  }, [refused]);
  return { parsed, issues, formElement, showRefused: () => setRefused({ field: invalidField }) };
}
