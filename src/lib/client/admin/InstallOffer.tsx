// The dashboard offers to install itself (issue 45, decision 142): on Today, "Install the app" where the browser
// gives a prompt (Chrome, Edge, Samsung Internet fire `beforeinstallprompt`), the Share → Add to Home Screen steps
// on an iPhone or iPad (Safari has no prompt), and nothing once it runs installed (display-mode standalone) or
// where neither applies (Firefox on a laptop). The prompt's event fires once per page load, often before Today is
// drawn: the browser entry starts listening at once (lib/client/install-prompt.ts) and keeps it there.
import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { promptToInstall, useInstallOffer } from '../install-prompt.ts';

/** The dashboard's manifest and icons: the server renders them into an /admin page it serves, but a client-side move
 * to /admin (right after signing in) has the public page's head; the shell adds what is missing while it is mounted. */
const APP_HEAD = [
  { tag: 'link', attrs: { rel: 'manifest', href: '/admin.webmanifest' } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon-180.png' } },
  { tag: 'meta', attrs: { name: 'apple-mobile-web-app-capable', content: 'yes' } },
] as const;

/** Adds the manifest link (and the icons) to the head when missing; answers a cleanup that removes only what it added. */
export function ensureAppHead(): () => void {
  if (typeof document === 'undefined') return () => {};
  const added: Element[] = [];
  for (const { tag, attrs } of APP_HEAD) {
    const [key, value] = Object.entries(attrs)[0]!;
    if (document.head.querySelector(`${tag}[${key}="${value}"]`)) continue;
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    document.head.appendChild(el);
    added.push(el);
  }
  return () => added.forEach((el) => el.remove());
}

export function InstallOffer() {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="install-heading" maw={720}>
      <Title order={3} size="h4" id="install-heading" mb="xs">
        Keep the dashboard on your home screen
      </Title>
      {offer === 'prompt' ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">It opens like an app, reads Today without a signal, and keeps what you post offline until it can send.</Text>
          <Button size="sm" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void promptToInstall()}>
            Install the app
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">On this iPhone or iPad, in Safari:</Text>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>Tap the Share button (the square with an arrow pointing up).</List.Item>
            <List.Item>Scroll down and tap Add to Home Screen.</List.Item>
            <List.Item>Tap Add.</List.Item>
          </List>
        </Stack>
      )}
    </Paper>
  );
}
