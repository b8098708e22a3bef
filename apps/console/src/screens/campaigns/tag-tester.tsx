// The tag tester (docs/serving.md, "Why it did not serve"): one request to one of the campaign's tags,
// judged as the ad server judges it (each fact the delivery rules read and the hour in the campaign's
// zone), and the answer: served, and which creative, or every rule that refuses it (the first is the
// one serving counts). From the reader's own address, browser and languages (the browser's own
// navigator.languages, sent as its Accept-Language and named under the field) unless others are given:
// a country picked in place of the address's, a device of another kind (a desk testing a mobile
// campaign) or a user agent typed, the languages of another browser, a value of each fact a tag carries
// from a closed set (REQUEST_FACTS' `select`: the connection type), sent as the tag would send it;
// nothing is counted. Props in.
import {
  acceptLanguageOf,
  COUNTRY_CODES,
  countryLabel,
  DELIVERY_FACTS,
  DEVICE_TYPE_LABELS,
  type DeliveryTest,
  factValueText,
  TEST_USER_AGENTS,
  TESTER_SELECT_FACTS,
  type TestDeliveryRequest,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  ChoiceSelect,
  Combobox,
  Field,
  Input,
} from '@adconsole/ui';
import { type FormEvent, useMemo, useState } from 'react';

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
  /** The reader's browser's languages, most preferred first (default: navigator.languages). */
  browserLanguages?: readonly string[];
}

/** What the server read, each fact in the rules' order ('unknown country' for none), and the local time. */
const facts = (request: DeliveryTest['request']) =>
  [...DELIVERY_FACTS.map((fact) => factValueText(fact, request[fact])), request.localTime].join(' · ');

/** A select fact's choice of none: unknown, as from a tag that does not carry it. */
const NOT_SENT = 'unknown';

/** The devices the tester can test as: the reader's own browser, a common one of each kind, or one typed. */
const DEVICE_CHOICES = [
  { value: 'yours', label: 'Your browser' },
  ...(Object.keys(TEST_USER_AGENTS) as (keyof typeof TEST_USER_AGENTS)[]).map((type) => ({
    value: type,
    label: DEVICE_TYPE_LABELS[type],
  })),
  { value: 'typed', label: 'A user agent you type' },
];

/** The country picker's choice of none: the address's country (the reader's own by default). */
const FROM_ADDRESS = 'address';

/** The ISO countries a delivery rule can name (the domain's list), by name, the address's first. */
const countryChoices = () => [
  { value: FROM_ADDRESS, label: 'The address’s country' },
  ...COUNTRY_CODES.map((code) => ({
    value: code,
    label: `${countryLabel(code)} (${code})`,
    keywords: [code],
  })).sort((a, b) => a.label.localeCompare(b.label, 'en')),
];

const ownLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages);

export function TagTester({
  campaignID,
  tags,
  onTest,
  result,
  error,
  pending,
  browserLanguages = ownLanguages(),
}: TagTesterProps) {
  const [tag, setTag] = useState(tags[0]?.label);
  const [address, setAddress] = useState('');
  const [country, setCountry] = useState(FROM_ADDRESS);
  const [site, setSite] = useState('');
  const [at, setAt] = useState('');
  const [device, setDevice] = useState('yours');
  const [userAgent, setUserAgent] = useState('');
  const [language, setLanguage] = useState('');
  // Each select fact's value (REQUEST_FACTS' `select`), NOT_SENT for none.
  const [factValues, setFactValues] = useState<Readonly<Record<string, string>>>({});
  const countries = useMemo(countryChoices, []);
  // The browser's own languages, as it sends them: what an empty Languages field tests with.
  const own = acceptLanguageOf(browserLanguages);
  const chosen = tags.find((entry) => entry.label === tag) ?? tags[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const languages = language.trim() || own;
    onTest({
      campaignID,
      ...(chosen.placementID ? { placementID: chosen.placementID } : { liveID: chosen.liveID }),
      ...(address.trim() ? { address: address.trim() } : {}),
      ...(country === FROM_ADDRESS ? {} : { country }),
      ...(site.trim() ? { site: site.trim() } : {}),
      ...(at ? { at: new Date(at).toISOString() } : {}),
      ...(device === 'yours' || device === 'typed' ? {} : { device }),
      ...(device === 'typed' && userAgent.trim() ? { userAgent: userAgent.trim() } : {}),
      ...(languages ? { language: languages } : {}),
      ...Object.fromEntries(Object.entries(factValues).filter(([, value]) => value !== NOT_SENT)),
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
          description="Empty: yours. The rules read its country, unless you pick one."
          value={[address, setAddress]}
          placeholder="81.2.69.142"
        />
        <Field label="In the country" description="Tested as a visitor there, whatever the address.">
          {(control) => (
            <Combobox
              {...control}
              options={countries}
              value={country}
              onValueChange={(value) => setCountry(value || FROM_ADDRESS)}
              searchPlaceholder="Search countries…"
              emptyText="No such country"
            />
          )}
        </Field>
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
        <TextField
          label="Languages"
          description={
            own
              ? `As a browser sends them. Empty: your browser’s own (${browserLanguages.join(', ')}).`
              : 'As a browser sends them (de-DE,de;q=0.9). Empty: none (an unknown language).'
          }
          value={[language, setLanguage]}
          placeholder={own || 'de-DE,de;q=0.9'}
        />
        <Field label="As" description="A common browser of that kind of device, your own, or one you type.">
          {(control) => (
            <ChoiceSelect {...control} choices={DEVICE_CHOICES} value={device} onValueChange={setDevice} />
          )}
        </Field>
        {/* Beside the device presets: a user agent typed, once chosen. */}
        {device === 'typed' ? (
          <TextField
            label="User agent"
            description="Any browser’s User-Agent. Empty: your own."
            value={[userAgent, setUserAgent]}
            placeholder="Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) …"
          />
        ) : null}
        {TESTER_SELECT_FACTS.map((fact) => (
          <Field
            key={fact.key}
            label={fact.label}
            description={`As the tag carries it (${fact.edge.query.map((parameter) => `${parameter.name}=`).join(', ')}). Unknown: not sent.`}
          >
            {(control) => (
              <ChoiceSelect
                {...control}
                choices={[{ value: NOT_SENT, label: 'Unknown' }, ...fact.values]}
                value={factValues[fact.key] ?? NOT_SENT}
                onValueChange={(value) => setFactValues((current) => ({ ...current, [fact.key]: value }))}
              />
            )}
          </Field>
        ))}
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
              ? `${result.reasons.length} reasons refuse it; serving counts it under the first, ${result.reasonLabel}. `
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
