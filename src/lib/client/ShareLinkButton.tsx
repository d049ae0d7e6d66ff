// Hands a link to the phone's share sheet (the Web Share API: Messages, Mail, WhatsApp, AirDrop) where the browser has
// one, as the puppy dialog's Share does; elsewhere, or when sharing fails, it copies the link and says so.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';

export function ShareLinkButton({ url, title, text, label = 'Share link' }: { url: string; title: string; text: string; label?: string }) {
  const [said, setSaid] = useState<'copied' | 'failed' | null>(null);
  const share = async () => {
    const data = { title, text, url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // Closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setSaid('copied');
    } catch {
      setSaid('failed');
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Button
      variant="default"
      leftSection={canShare ? <IconShare size={16} aria-hidden /> : undefined}
      onClick={() => void share()}
      aria-live="polite"
    >
      {said === 'copied' ? 'Copied' : said === 'failed' ? 'Copy it from the box' : canShare ? label : 'Copy link'}
    </Button>
  );
}
