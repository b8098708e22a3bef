// The alert screens' calls (docs/console.md "Alerts"): alerts (the bell polls the open ones
// every minute), acknowledging and muting, an account's or a campaign's rules, and webhook endpoints
// with their delivery log. A change refreshes what shows it.
import { alertCalls, type ListAlertsQuery, type SetAlertRulesRequest } from '@adconsole/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';

const alertsApi = areaCalls(alertCalls);

const ALERTS_KEY = ['alerts'] as const;
const RULES_KEY = ['alert-rules'] as const;
const WEBHOOKS_KEY = ['webhooks'] as const;

/** How often the bell and the lists look for new alerts (the evaluation runs every 15 minutes). */
const ALERTS_POLL_MS = 60_000;

export const useAlerts = (query: { campaignID?: string | undefined; status?: ListAlertsQuery['status'] }) =>
  useQuery({
    queryKey: [...ALERTS_KEY, query.campaignID ?? 'all', query.status ?? 'all'],
    queryFn: () =>
      alertsApi().listAlerts({
        ...(query.campaignID ? { campaignID: query.campaignID } : {}),
        ...(query.status ? { status: query.status } : {}),
      }),
    refetchInterval: ALERTS_POLL_MS,
  });

function useAlertChange<I>(change: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

export const useAcknowledgeAlert = () => useAlertChange((id: string) => alertsApi().acknowledgeAlert(id));

export const useMuteAlert = () =>
  useAlertChange(({ id, hours }: { id: string; hours: number | null }) => alertsApi().muteAlert(id, hours));

/** A campaign's rules, or (without an id) the account's defaults. */
export const useAlertRules = (campaignID?: string) =>
  useQuery({
    queryKey: [...RULES_KEY, campaignID ?? 'account'],
    queryFn: () => alertsApi().getAlertRules(campaignID),
  });

export function useSetAlertRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetAlertRulesRequest) => alertsApi().setAlertRules(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RULES_KEY }),
  });
}

export const useWebhooks = () =>
  useQuery({ queryKey: WEBHOOKS_KEY, queryFn: () => alertsApi().listWebhooks() });

function useWebhookChange<I, O>(change: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** Makes an endpoint; its secret is only in this mutation's data (reset() forgets it). */
export const useCreateWebhook = () =>
  useWebhookChange((input: { url: string; description?: string }) => alertsApi().createWebhook(input));

export const useUpdateWebhook = () =>
  useWebhookChange((input: { id: string; url: string; description: string; enabled: boolean }) =>
    alertsApi().updateWebhook(input),
  );

export const useDeleteWebhook = () => useWebhookChange((id: string) => alertsApi().deleteWebhook(id));

/** A new secret; like a new endpoint's, only in this mutation's data. */
export const useRotateWebhookSecret = () =>
  useWebhookChange((id: string) => alertsApi().rotateWebhookSecret(id));

/** Where webhooks may go beyond public hosts on 80 and 443: read by administrators only (`admin`). */
export const useWebhookRules = (admin: boolean) =>
  useQuery({
    queryKey: [...WEBHOOKS_KEY, 'allowed'],
    queryFn: () => alertsApi().getWebhookRules(),
    enabled: admin,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useTestWebhook = () => useWebhookChange((id: string) => alertsApi().testWebhook(id));

/** An endpoint's delivery log, refreshed every 10 s while shown (attempts land as the job runs). */
export const useWebhookDeliveries = (endpointID: string | undefined) =>
  useQuery({
    queryKey: [...WEBHOOKS_KEY, 'deliveries', endpointID],
    queryFn: () => alertsApi().listWebhookDeliveries(endpointID ?? ''),
    enabled: Boolean(endpointID),
    refetchInterval: 10_000,
  });
