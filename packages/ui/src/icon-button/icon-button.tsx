import { Button, type ButtonProps } from '../button';
import { cn } from '../lib/cn';

export type IconButtonProps = Omit<ButtonProps, 'size' | 'aria-label'> & {
  /** Required: an icon has no text, so this is the button's only accessible name. */
  'aria-label': string;
  size?: 'sm' | 'md' | 'lg';
};

const sizes = { sm: 'size-8', md: 'size-9', lg: 'size-11' };

/** A square button that holds only an icon; `aria-label` is required so it always has a name. */
export function IconButton({ size = 'md', variant = 'ghost', className, ...props }: IconButtonProps) {
  return (
    <Button
      data-icon-button=""
      size="icon"
      variant={variant}
      className={cn(sizes[size], '[&_svg]:size-4', className)}
      {...props}
    />
  );
}
