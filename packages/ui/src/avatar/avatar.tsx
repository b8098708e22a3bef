import { Avatar as AvatarPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { initials } from './initials';

export type AvatarProps = React.ComponentProps<typeof AvatarPrimitive.Root> & {
  /** Image URL; the initials show while it loads or when it fails. */
  src?: string;
  /** The person's name: the image's alt text and the source of the initials. */
  name: string;
  size?: 'sm' | 'md' | 'lg';
};

const sizes = { sm: 'size-6 text-[10px]', md: 'size-8 text-xs', lg: 'size-12 text-base' };

export function Avatar({ src, name, size = 'md', className, ...props }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      data-size={size}
      className={cn('relative flex shrink-0 overflow-hidden rounded-full', sizes[size], className)}
      {...props}
    >
      {src ? <AvatarPrimitive.Image className="aspect-square size-full" src={src} alt={name} /> : null}
      <AvatarPrimitive.Fallback
        data-slot="avatar-fallback"
        role="img"
        aria-label={name}
        className="flex size-full items-center justify-center rounded-full bg-secondary font-medium text-secondary-foreground"
      >
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
