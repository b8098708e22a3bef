import { Avatar as AvatarPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { type AvatarSize, avatarFallbackClass, avatarRootClass, avatarSizes } from './avatar-initials';
import { initials } from './initials';

export type AvatarProps = React.ComponentProps<typeof AvatarPrimitive.Root> & {
  /** Image URL; the initials show while it loads or when it fails. */
  src?: string;
  /** The person's name: the image's alt text and the source of the initials. */
  name: string;
  size?: AvatarSize;
};

export function Avatar({ src, name, size = 'md', className, ...props }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      data-size={size}
      className={cn(avatarRootClass, avatarSizes[size], className)}
      {...props}
    >
      {src ? <AvatarPrimitive.Image className="aspect-square size-full" src={src} alt={name} /> : null}
      <AvatarPrimitive.Fallback
        data-slot="avatar-fallback"
        role="img"
        aria-label={name}
        className={avatarFallbackClass}
      >
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
