import { CheckIcon, CopyIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '../button';
import { inputVariants } from '../input';
import { cn } from '../lib/cn';

export type CopyFieldProps = Omit<React.ComponentProps<'div'>, 'onCopy'> & {
  value: string;
  /** Accessible name of the read-only text (e.g. "Ad tag", "Share link"). */
  label: string;
  /** Shows the text in a multi-line box (ad tags) instead of one line (links). */
  multiline?: boolean;
  /** How long the copied state lasts, in ms. */
  copiedFor?: number;
  /** Writes to the clipboard; defaults to navigator.clipboard. Injected in tests. */
  writeText?: (text: string) => Promise<void>;
  onCopied?: (value: string) => void;
};

const defaultWriteText = (text: string) => navigator.clipboard.writeText(text);

/**
 * Copies `value` to the clipboard: `copied` for `copiedFor` ms after a copy, `failed` when the clipboard
 * refused (permissions, an insecure origin): the caller says how to copy by hand.
 */
export function useClipboardCopy({
  value,
  writeText = defaultWriteText,
  copiedFor = 2000,
  onCopied,
}: {
  value: string;
  writeText?: ((text: string) => Promise<void>) | undefined;
  copiedFor?: number;
  onCopied?: ((value: string) => void) | undefined;
}) {
  const [copied, setCopied] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedFor);
    return () => clearTimeout(timer);
  }, [copied, copiedFor]);
  const copy = async () => {
    try {
      await writeText(value);
      setFailed(false);
      setCopied(true);
      onCopied?.(value);
    } catch {
      setFailed(true);
    }
  };
  return { copied, failed, copy };
}

/** The Copy button of a copied value: "Copy <label>", then "<label> copied" with a check. */
export function CopyButton({
  label,
  copied,
  onClick,
}: {
  label: string;
  copied: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="outline"
      size="md"
      onClick={onClick}
      aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
    >
      {copied ? (
        <CheckIcon className="size-4 text-success" aria-hidden="true" />
      ) : (
        <CopyIcon className="size-4" aria-hidden="true" />
      )}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/** Read-only text with a copy button that confirms with a copied state (ad tags, share links). */
export function CopyField({
  value,
  label,
  multiline = false,
  copiedFor = 2000,
  writeText = defaultWriteText,
  onCopied,
  className,
  ...props
}: CopyFieldProps) {
  const { copied, failed, copy } = useClipboardCopy({ value, writeText, copiedFor, onCopied });
  const Text = multiline ? 'textarea' : 'input';
  return (
    <div
      data-slot="copy-field"
      data-copied={copied || undefined}
      className={cn('flex min-w-0 flex-col gap-1', className)}
      {...props}
    >
      <div className={cn('flex gap-2', multiline ? 'items-start' : 'items-center')}>
        <Text
          readOnly
          aria-label={label}
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={cn(
            inputVariants(),
            // min-w-0: a tag's long line wraps (or scrolls) inside the field on a phone, never widens it.
            'min-w-0 flex-1 font-mono text-xs',
            multiline && 'field-sizing-content h-auto min-h-20 resize-none py-2',
          )}
        />
        <CopyButton label={label} copied={copied} onClick={copy} />
      </div>
      <p aria-live="polite" className={cn('text-xs', failed ? 'text-destructive' : 'sr-only')}>
        {failed ? 'Could not copy. Select the text and copy it by hand.' : copied ? `${label} copied` : ''}
      </p>
    </div>
  );
}
