// The profile page's calls (TanStack Query mutations through the domain's API client): saving the
// names refreshes the stored user (the top bar shows them); a password change keeps this session.
import type { NewPasswordForm, ProfileForm } from '@adconsole/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { sessionStore } from '../../session/session';

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (names: ProfileForm) => api().updateProfile(names),
    onSuccess: (user) => {
      const session = sessionStore.get();
      if (session) sessionStore.set({ ...session, user: { ...session.user, ...user } });
    },
  });
}

export const useChangeOwnPassword = () =>
  useMutation({ mutationFn: (values: NewPasswordForm) => api().changeOwnPassword(values) });
