// A select over a fixed list of choices (report formats, frequencies, creative types), wired to Field.
import type { FieldControlProps } from '@adconsole/ui';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@adconsole/ui';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

export interface ChoiceSelectProps<T extends string> {
  control: FieldControlProps;
  choices: readonly Choice<T>[];
  value: T | undefined;
  onValueChange: (value: T) => void;
  placeholder?: string;
  disabled?: boolean;
}

export function ChoiceSelect<T extends string>({
  control,
  choices,
  value,
  onValueChange,
  placeholder,
  disabled,
}: ChoiceSelectProps<T>) {
  return (
    <Select
      // Radix treats '' as "no value" and shows the placeholder.
      value={value ?? ''}
      disabled={disabled}
      onValueChange={(next) => {
        const choice = choices.find((candidate) => candidate.value === next);
        if (choice) onValueChange(choice.value);
      }}
    >
      <SelectTrigger {...control}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
