// The profile page's calls (TanStack Query through the domain's API client): saving the names
// refreshes the stored user (the top bar shows them); a password change keeps this session; API
// tokens are listed, made (the answer carries the secret, once) and revoked.
import {
  apiTokenCalls,
  type CreateApiTokenRequest,
  type NewPasswordForm,
  type ProfileForm,
} from '@adconsole/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';
import { sessionStore } from '../../session/session';
import { authApi } from '../../session/session-queries';

const apiTokensApi = areaCalls(apiTokenCalls);

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (names: ProfileForm) => authApi().updateProfile(names),
    onSuccess: (user) => {
      const session = sessionStore.get();
      if (session) sessionStore.set({ ...session, user: { ...session.user, ...user } });
    },
  });
}

export const useChangeOwnPassword = () =>
  useMutation({ mutationFn: (values: NewPasswordForm) => authApi().changeOwnPassword(values) });

const API_TOKENS_KEY = ['api-tokens'] as const;

/** The user's tokens; with `all` (admins) every user's. */
export const useApiTokens = (all = false, enabled = true) =>
  useQuery({
    queryKey: [...API_TOKENS_KEY, all],
    queryFn: () => apiTokensApi().listApiTokens({ all }),
    enabled,
  });

/** Makes a token; its secret is only in this mutation's data (reset() forgets it). */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CreateApiTokenRequest) => apiTokensApi().createApiToken(values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiTokensApi().revokeApiToken(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}
