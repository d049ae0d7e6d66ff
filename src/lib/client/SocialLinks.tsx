// The breeder's three social networks (from the site settings), as labelled icon links.
import { ActionIcon, Group } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandYoutube } from '@tabler/icons-react';

export interface SocialUrls {
  facebookUrl: string;
  instagramUrl: string;
  youtubeUrl: string;
}

export function SocialLinks({
  urls,
  label = 'Follow us',
  size = 'lg',
}: {
  urls: SocialUrls | undefined;
  label?: string;
  size?: 'md' | 'lg' | 'xl';
}) {
  const links = [
    { name: 'Facebook', href: urls?.facebookUrl, Icon: IconBrandFacebook },
    { name: 'Instagram', href: urls?.instagramUrl, Icon: IconBrandInstagram },
    { name: 'YouTube', href: urls?.youtubeUrl, Icon: IconBrandYoutube },
  ].filter((l) => l.href);
  if (!links.length) return null;
  return (
    <Group component="ul" gap="xs" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {links.map(({ name, href, Icon }) => (
        <li key={name}>
          <ActionIcon
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            size={size}
            radius="xl"
            aria-label={`${name} (opens in a new tab)`}
          >
            <Icon size={20} aria-hidden="true" />
          </ActionIcon>
        </li>
      ))}
    </Group>
  );
}
