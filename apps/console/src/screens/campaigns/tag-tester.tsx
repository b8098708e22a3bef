// The tag tester (docs/serving.md, "Why it did not serve"): one request to one of the campaign's tags,
// judged as the ad server judges it (each fact the delivery rules read and the hour in the campaign's
// zone), and the answer: served, and which creative, or every rule that refuses it (the first is the
// one serving counts). From the reader's own address and browser unless others are given, or as a
// device of another kind (a desk testing a mobile campaign) with the languages of another browser;
// nothing is counted. Props in.
import {
  DELIVERY_FACTS,
  DEVICE_TYPE_LABELS,
  type DeliveryTest,
  TEST_USER_AGENTS,
  type TestDeliveryRequest,
} from '@adconsole/domain';
import { Alert, AlertDescription, AlertTitle, Button, ChoiceSelect, Field, Input } from '@adconsole/ui';
import { type FormEvent, useState } from 'react';

/** A tag the tester can try: a live creative's or a placement's. */
export interface TestableTag {
  label: string;
  liveID?: string;
  placementID?: string;
}

export interface TagTesterProps {
  campaignID: string;
  tags: readonly TestableTag[];
  onTest: (request: TestDeliveryRequest) => void;
  result?: DeliveryTest | undefined;
  error?: string | null | undefined;
  pending?: boolean;
}

/** What the server read, each fact in the rules' order ('unknown country' for none), and the local time. */
const facts = (request: DeliveryTest['request']) =>
  [...DELIVERY_FACTS.map((fact) => request[fact] || `unknown ${fact}`), request.localTime].join(' · ');

/** The devices the tester can test as: the reader's own browser, or a common one of each kind. */
const DEVICE_CHOICES = [
  { value: 'yours', label: 'Your browser' },
  ...(Object.keys(TEST_USER_AGENTS) as (keyof typeof TEST_USER_AGENTS)[]).map((type) => ({
    value: type,
    label: DEVICE_TYPE_LABELS[type],
  })),
];

export function TagTester({ campaignID, tags, onTest, result, error, pending }: TagTesterProps) {
  const [tag, setTag] = useState(tags[0]?.label);
  const [address, setAddress] = useState('');
  const [site, setSite] = useState('');
  const [at, setAt] = useState('');
  const [device, setDevice] = useState('yours');
  const [language, setLanguage] = useState('');
  const chosen = tags.find((entry) => entry.label === tag) ?? tags[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    onTest({
      campaignID,
      ...(chosen.placementID ? { placementID: chosen.placementID } : { liveID: chosen.liveID }),
      ...(address.trim() ? { address: address.trim() } : {}),
      ...(site.trim() ? { site: site.trim() } : {}),
      ...(at ? { at: new Date(at).toISOString() } : {}),
      ...(device === 'yours' ? {} : { device }),
      ...(language.trim() ? { language: language.trim() } : {}),
    } as TestDeliveryRequest);
  };
  if (tags.length === 0)
    return <p className="text-muted-foreground text-sm">Publish a creative to test its tag here.</p>;
  return (
    <form aria-label="Tag tester" className="grid gap-3" onSubmit={submit} noValidate>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="Tag">
          {(control) => (
            <ChoiceSelect
              {...control}
              choices={tags.map((entry) => ({ value: entry.label, label: entry.label }))}
              value={chosen?.label}
              onValueChange={setTag}
            />
          )}
        </Field>
        <TextField
          label="From the address"
          description="Empty: yours. Its country is what the rules read."
          value={[address, setAddress]}
          placeholder="81.2.69.142"
        />
        <TextField
          label="On the page"
          description="A page URL, a domain or app:<bundle>. Empty: unknown."
          value={[site, setSite]}
          placeholder="https://news.example.com/"
        />
        <TextField
          label="At"
          description="Empty: now. Your browser’s time; the rules read the campaign’s zone."
          value={[at, setAt]}
          type="datetime-local"
        />
        <Field label="As" description="A common browser of that kind of device, or your own.">
          {(control) => (
            <ChoiceSelect {...control} choices={DEVICE_CHOICES} value={device} onValueChange={setDevice} />
          )}
        </Field>
        <TextField
          label="Languages"
          description="As a browser sends them (de-DE, de;q=0.9). Empty: yours."
          value={[language, setLanguage]}
          placeholder="de-DE,de;q=0.9"
        />
      </div>
      <Button type="submit" variant="outline" loading={pending} className="justify-self-start">
        Test the tag
      </Button>
      {error ? (
        <Alert variant="danger">
          <AlertDescription className="text-foreground">{error}</AlertDescription>
        </Alert>
      ) : null}
      {result ? (
        <Alert variant={result.served ? 'success' : 'warning'} role="status" data-slot="tag-test-result">
          <AlertTitle>
            {result.served
              ? 'This request would get an ad'
              : `Not served: ${result.reasons.map((refusal) => refusal.label).join(', ') || result.reasonLabel}`}
          </AlertTitle>
          <AlertDescription>
            {result.reasons.length > 1
              ? `${result.reasons.length} rules refuse it; serving counts it under the first, ${result.reasonLabel}. `
              : ''}
            The server reads: {facts(result.request)}.
          </AlertDescription>
        </Alert>
      ) : null}
    </form>
  );
}

/** One of the tester's optional text fields, its value and setter as a pair. */
function TextField({
  label,
  description,
  value: [value, setValue],
  placeholder,
  type,
}: {
  label: string;
  description: string;
  value: [string, (value: string) => void];
  placeholder?: string;
  type?: string;
}) {
  return (
    <Field label={label} description={description}>
      <Input
        type={type}
        value={value}
        placeholder={placeholder}
        onChange={(event) => setValue(event.target.value)}
      />
    </Field>
  );
}
