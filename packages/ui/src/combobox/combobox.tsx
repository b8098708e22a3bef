import { Command } from 'cmdk';
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/cn';
import { Popover, PopoverContent, PopoverTrigger } from '../popover';

export type ComboboxOption = {
  value: string;
  label: string;
  /** Extra words the search matches (an offset, a code, an alias). */
  keywords?: string[];
  disabled?: boolean;
};

export type ComboboxProps = {
  options: ComboboxOption[];
  value?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  /** Shown when the search matches nothing. */
  emptyText?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  /** Start open (stories, tests). */
  defaultOpen?: boolean;
  /**
   * Whether a search finds an option. By default a fuzzy match of the label and keywords (the letters
   * typed, in order, anywhere); a list whose options share many letters (timezones) matches words.
   */
  filter?: (option: ComboboxOption, search: string) => boolean;
};

/** A searchable select for long lists (timezones, platforms); type to filter, arrows and Enter to pick. */
export function Combobox({
  options,
  value,
  onValueChange,
  placeholder = 'Select…',
  searchPlaceholder = 'Search…',
  emptyText = 'No results',
  disabled,
  id,
  className,
  defaultOpen = false,
  filter,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: ComboboxProps) {
  const [open, setOpen] = React.useState(defaultOpen);
  const selected = options.find((option) => option.value === value);
  const listId = React.useId();
  // cmdk asks by the item's value; the option's own filter answers 1 (shown, in the list's order) or 0.
  const commandFilter = React.useMemo(() => {
    if (!filter) return undefined;
    const byValue = new Map(options.map((option) => [option.value, option]));
    return (value: string, search: string) => {
      const option = byValue.get(value);
      return option && filter(option, search) ? 1 : 0;
    };
  }, [filter, options]);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-label={ariaLabel}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          disabled={disabled}
          data-slot="combobox-trigger"
          data-placeholder={selected ? undefined : true}
          // A label too long for the trigger is cut with an ellipsis; the whole of it is the tooltip.
          title={selected?.label}
          className={cn(
            'flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-foreground text-sm shadow-xs outline-none',
            'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50',
            'aria-invalid:border-destructive data-[placeholder]:text-muted-foreground',
            className,
          )}
        >
          <span className="truncate">{selected ? selected.label : placeholder}</span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        aria-label={ariaLabel ?? placeholder}
        className="w-(--radix-popover-trigger-width) min-w-64 p-0"
      >
        {/* cmdk names its input and list from this label (aria-labelledby). */}
        <Command
          data-slot="combobox"
          className="flex flex-col"
          label={searchPlaceholder}
          filter={commandFilter}
        >
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon className="size-4 shrink-0 opacity-50" aria-hidden="true" />
            <Command.Input
              placeholder={searchPlaceholder}
              className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
            />
          </div>
          <Command.Empty className="py-6 text-center text-muted-foreground text-sm">
            {emptyText}
          </Command.Empty>
          {/* Hidden when nothing matches: an empty listbox is an ARIA error. */}
          <Command.List
            id={listId}
            className="max-h-72 overflow-y-auto p-1 [&:not(:has([cmdk-item]))]:hidden"
          >
            {options.map((option) => (
              <Command.Item
                key={option.value}
                value={option.value}
                keywords={[option.label, ...(option.keywords ?? [])]}
                disabled={option.disabled}
                onSelect={() => {
                  onValueChange?.(option.value);
                  setOpen(false);
                }}
                data-checked={option.value === value || undefined}
                className={cn(
                  'relative flex cursor-default select-none items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-none',
                  'data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50',
                )}
              >
                <span className="truncate">{option.label}</span>
                {option.value === value ? (
                  <CheckIcon className="absolute right-2 size-4" aria-hidden="true" />
                ) : null}
              </Command.Item>
            ))}
          </Command.List>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
