import { useCallback, useState } from 'react';

/** A value the caller may control (`value` + `onChange`) or leave to the component (`defaultValue`). */
export function useControllable<T>(
  value: T | undefined,
  defaultValue: T,
  onChange: ((next: T) => void) | undefined,
): [T, (next: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const set = useCallback(
    (next: T) => {
      setOwn(next);
      onChange?.(next);
    },
    [onChange],
  );
  return [current, set];
}
