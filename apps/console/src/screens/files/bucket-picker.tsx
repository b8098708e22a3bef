// The bucket picker of the file manager (shown when the deployment offers more than one bucket): the
// remembered buckets first, then the others, and the deployment's region named by its preset.
import { fileManagerRegionLabel, orderFileBuckets } from '@adconsole/domain';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@adconsole/ui';

export interface BucketPickerProps {
  /** The buckets the deployment offers (FILE_MANAGER_BUCKETS), in its order. */
  buckets: readonly string[];
  /** The remembered buckets of the settings, most recent first. */
  remembered: readonly string[];
  /** The deployment's region. */
  region: string;
  value: string;
  onChange: (bucket: string) => void;
}

export function BucketPicker({ buckets, remembered, region, value, onChange }: BucketPickerProps) {
  const groups = orderFileBuckets(buckets, remembered);
  const items = (names: string[]) =>
    names.map((name) => (
      <SelectItem key={name} value={name}>
        {name}
      </SelectItem>
    ));
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-muted-foreground text-sm">Region {fileManagerRegionLabel(region)}</span>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger aria-label="Bucket" className="w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {groups.remembered.length > 0 ? (
            <>
              <SelectGroup>
                <SelectLabel>Recently used</SelectLabel>
                {items(groups.remembered)}
              </SelectGroup>
              {groups.others.length > 0 ? <SelectSeparator /> : null}
            </>
          ) : null}
          {groups.others.length > 0 ? (
            <SelectGroup>
              {groups.remembered.length > 0 ? <SelectLabel>Other buckets</SelectLabel> : null}
              {items(groups.others)}
            </SelectGroup>
          ) : null}
        </SelectContent>
      </Select>
    </div>
  );
}
