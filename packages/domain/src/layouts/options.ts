// Defaults and bounds checks for layout options.
import type { LayoutOptionValues } from '../campaigns/creative';
import type { Layout, LayoutOption } from './catalogue';

export type LayoutOptionValue = string | number | boolean;

/** Every option of a layout at its default. */
export function defaultLayoutOptions(layout: Layout): Record<string, string | number> {
  return Object.fromEntries(layout.options.map((option) => [option.name, option.default]));
}

function optionProblem(option: LayoutOption, value: LayoutOptionValue): string | undefined {
  switch (option.type) {
    case 'range': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) return `${option.label} must be a number`;
      if (number < option.min || number > option.max) {
        return `${option.label} must be between ${option.min} and ${option.max} ${option.unit}`;
      }
      return undefined;
    }
    case 'choice':
      return typeof value === 'string' && option.choices.includes(value)
        ? undefined
        : `${option.label} must be one of: ${option.choices.join(', ')}`;
    case 'url':
      return typeof value === 'string' && (value === '' || /^https?:\/\/\S+$/.test(value))
        ? undefined
        : `${option.label} must be an http(s) URL`;
  }
}

export interface LayoutOptionsResult {
  ok: boolean;
  /** One message per wrong value; empty when ok. */
  errors: string[];
  /** Every option: the given value when it is right, else the option's default. */
  values: Record<string, string | number>;
}

/** Checks values against a layout's catalogue; missing or wrong options take their default in `values`. */
export function validateLayoutOptions(layout: Layout, values: LayoutOptionValues): LayoutOptionsResult {
  const errors: string[] = [];
  const result = defaultLayoutOptions(layout);
  const known = new Map(layout.options.map((option) => [option.name, option]));
  for (const [name, value] of Object.entries(values)) {
    const option = known.get(name);
    if (!option) {
      errors.push(`Unknown option "${name}" for ${layout.name}`);
      continue;
    }
    const problem = optionProblem(option, value);
    if (problem) errors.push(problem);
    else result[name] = option.type === 'range' ? Number(value) : String(value);
  }
  return { ok: errors.length === 0, errors, values: result };
}

/** Required asset file names of the layout that are not among the uploaded assets. */
export function missingRequiredAssets(
  layout: Layout,
  assets: readonly { filename?: string | undefined; name?: string | undefined }[],
): string[] {
  const present = new Set(assets.flatMap((asset) => [asset.filename, asset.name]).filter(Boolean));
  return layout.requiredAssets.filter((required) => !present.has(required));
}
