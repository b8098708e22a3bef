// An avatar of initials only, in plain elements: what the top bar shows for the signed-in user on a phone.
// The same markup as `Avatar` without a picture, without Radix's Avatar (its image loading), which every
// page that draws the top bar would otherwise load first (docs/console.md, "The signed-in shell's first load").
import { cn } from '../lib/cn';
import { initials } from './initials';

export type AvatarSize = 'sm' | 'md' | 'lg';

export const avatarSizes: Record<AvatarSize, string> = {
  sm: 'size-6 text-[10px]',
  md: 'size-8 text-xs',
  lg: 'size-12 text-base',
};
export const avatarRootClass = 'relative flex shrink-0 overflow-hidden rounded-full';
export const avatarFallbackClass =
  'flex size-full items-center justify-center rounded-full bg-secondary font-medium text-secondary-foreground';

/** A person's initials in a circle, named after the person (role img). */
export function InitialsAvatar({
  name,
  size = 'md',
  className,
}: {
  name: string;
  size?: AvatarSize;
  className?: string;
}) {
  return (
    <span data-slot="avatar" data-size={size} className={cn(avatarRootClass, avatarSizes[size], className)}>
      <span data-slot="avatar-fallback" role="img" aria-label={name} className={avatarFallbackClass}>
        {initials(name)}
      </span>
    </span>
  );
}
