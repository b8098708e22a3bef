// A select over a fixed list of choices (report formats, frequencies, buckets, creatives): the Select
// block every form and dialog would otherwise write out. Props other than the choices go to the
// trigger, so a Field's control props (id, aria-describedby, aria-invalid) label it: either
// `<Field label="…">{(control) => <ChoiceSelect {...control} … />}</Field>` or as Field's only child.
import type * as React from 'react';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  type SelectTriggerProps,
  SelectValue,
} from './select';

export interface Choice<T extends string> {
  value: T;
  label: React.ReactNode;
}

export interface ChoiceSelectProps<T extends string>
  extends Omit<SelectTriggerProps, 'value' | 'defaultValue' | 'onChange' | 'children' | 'dir'> {
  choices: readonly Choice<T>[];
  /** The chosen value; undefined (or a value not among the choices) shows the placeholder. */
  value: T | undefined;
  onValueChange: (value: T) => void;
  placeholder?: string;
}

export function ChoiceSelect<T extends string>({
  choices,
  value,
  onValueChange,
  placeholder,
  disabled,
  ...trigger
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
      <SelectTrigger {...trigger}>
        {/* The chosen label written here, not carried over from the list: a page drawn by the server,
            whose list is never opened, shows it too. */}
        <SelectValue placeholder={placeholder}>
          {choices.find((candidate) => candidate.value === value)?.label}
        </SelectValue>
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
