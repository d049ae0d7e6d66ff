// The family's switch for the daily update e-mail (shown in the profile).
import '@mantine/core/styles/Switch.layer.css';
import { Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';

export function DigestSwitch() {
  const queryClient = useQueryClient();
  const digest = useQuery(trpc.portal.digest.queryOptions());
  const set = useMutation(
    trpc.portal.setDigest.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.portal.digest.queryKey(), next);
        toast({ title: next.enabled ? 'Update e-mails on' : 'Update e-mails off', variant: 'success' });
      },
      onError: (error) => toast({ title: 'Could not save', message: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  return (
    <Switch
      label="E-mail me a daily summary of new puppy updates"
      checked={digest.data?.enabled ?? true}
      disabled={digest.isPending || set.isPending}
      onChange={(e) => set.mutate({ enabled: e.currentTarget.checked })}
    />
  );
}
