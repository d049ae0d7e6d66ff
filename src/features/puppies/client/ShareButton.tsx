// Share a puppy (issue 29): the phone's share sheet where the browser has one (the Web Share API), else the
// link copied to the clipboard with a confirmation; the link opens this puppy's details (/?puppy=<id>).
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';

export function ShareButton({ id, name }: { id: number; name: string }) {
  const [said, setSaid] = useState('');
  const share = async () => {
    const url = `${window.location.origin}/?puppy=${id}`;
    const data = { title: name, text: `Meet ${name}, one of our puppies`, url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        setSaid('');
        return;
      } catch (error) {
        // The family closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setSaid(`Link copied: ${url}`);
    } catch {
      setSaid(`Copy this link to share ${name}: ${url}`);
    }
  };
  return (
    <Stack gap={4} mt="xs">
      <Button variant="default" fullWidth leftSection={<IconShare size={16} aria-hidden />} onClick={() => void share()}>
        Share {name}
      </Button>
      <Text size="sm" role="status" style={{ overflowWrap: 'anywhere' }}>
        {said}
      </Text>
    </Stack>
  );
}
