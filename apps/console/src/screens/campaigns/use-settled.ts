// A value that follows another once it has stayed the same a while: the rules dialog's estimate and the
// inventory forecast ask the API only after the edits pause.
import { useEffect, useState } from 'react';

/** A value that follows `value` once it has stayed the same for `ms`. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
