import { Slider as SliderPrimitive } from 'radix-ui';
import * as React from 'react';
import { cn } from '../lib/cn';

export type SliderProps = Omit<
  React.ComponentProps<typeof SliderPrimitive.Root>,
  'value' | 'defaultValue' | 'onValueChange' | 'onValueCommit'
> & {
  /** The visible label; also the thumb's accessible name. */
  label: string;
  value?: number;
  defaultValue?: number;
  /** Shown after the value and read out with it: 'sec', '%', 'px'. */
  unit?: string;
  onValueChange?: (value: number) => void;
  onValueCommit?: (value: number) => void;
};

function withUnit(value: number, unit: string | undefined) {
  if (!unit) return String(value);
  return unit === '%' ? `${value}%` : `${value} ${unit}`;
}

/** One value on a range, shown next to the label with its unit (e.g. "ad_duration 30 sec"). */
export function Slider({
  label,
  value,
  defaultValue,
  unit,
  min = 0,
  max = 100,
  step = 1,
  onValueChange,
  onValueCommit,
  className,
  disabled,
  ...props
}: SliderProps) {
  const [inner, setInner] = React.useState(defaultValue ?? min);
  const current = value ?? inner;
  const labelId = React.useId();
  const text = withUnit(current, unit);
  return (
    <div data-slot="slider" data-disabled={disabled || undefined} className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium">
          {label}
        </span>
        <output data-slot="slider-value" className="text-muted-foreground tabular-nums" aria-hidden="true">
          {text}
        </output>
      </div>
      <SliderPrimitive.Root
        value={[current]}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        onValueChange={([next]) => {
          if (next === undefined) return;
          setInner(next);
          onValueChange?.(next);
        }}
        onValueCommit={([next]) => {
          if (next !== undefined) onValueCommit?.(next);
        }}
        className="relative flex w-full touch-none select-none items-center data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50"
        {...props}
      >
        <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
          <SliderPrimitive.Range className="absolute h-full bg-primary" />
        </SliderPrimitive.Track>
        <SliderPrimitive.Thumb
          data-slot="slider-thumb"
          aria-labelledby={labelId}
          aria-valuetext={text}
          className="block size-4 rounded-full border border-primary bg-background shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        />
      </SliderPrimitive.Root>
      <div className="flex justify-between text-muted-foreground text-xs" aria-hidden="true">
        <span>{withUnit(min, unit)}</span>
        <span>{withUnit(max, unit)}</span>
      </div>
    </div>
  );
}
