// The first run's last step (issue 48): her logo, shown beside the kennel's name in the header. Optional: she can skip it
// and add it later under Site settings. Runs signed in (the setup made her session), in a MediaRulesProvider.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage, trpcClient } from '../../../lib/client/trpc.ts';
import { MediaField } from '../../../lib/client/admin/MediaField.tsx';

export function LogoStep({ onDone }: { onDone: () => void }) {
  const [logo, setLogo] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (logoUrl: string) => {
      const settings = await trpcClient.admin.settings.get.query();
      await trpcClient.admin.settings.update.mutate({ ...settings, logoUrl });
    },
    onSuccess: onDone,
  });
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Your logo
      </Title>
      <Text>
        Optional: it shows beside your kennel’s name at the top of every page. You can add or change it later under Site settings.
      </Text>
      <MediaField label="Logo" kind="image" value={logo} onChange={setLogo} description="A square image reads best." />
      {save.isError && (
        <Alert color="red" title="Could not save the logo">
          {errorMessage(save.error, 'Please try again, or skip it for now.')}
        </Alert>
      )}
      <Group>
        <Button onClick={() => logo && save.mutate(logo)} disabled={!logo} loading={save.isPending}>
          Save the logo and open my dashboard
        </Button>
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          Skip for now
        </Button>
      </Group>
    </Stack>
  );
}
