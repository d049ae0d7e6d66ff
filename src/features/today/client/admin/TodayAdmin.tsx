// The dashboard's first screen: what needs the breeder now, what is coming, and what just happened, in one
// request and one column (made for a phone between feedings). Every line is a link to where she acts.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconChevronRight } from '@tabler/icons-react';
import { trpc } from '../../../../lib/client/trpc.ts';
import { PageSpinner } from '../../../../lib/client/PageSpinner.tsx';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { InstallOffer } from '../../../../lib/client/admin/InstallOffer.tsx';
import { OfflineNote } from '../../../../lib/client/admin/OfflineNote.tsx';
import { formatShortDay, localIsoDay } from '../../../../lib/shared/format.ts';
import { TODAY_LABELS, type TodayAnswer, type TodayItem } from '../../today.schema.ts';
import classes from './TodayAdmin.module.css';

const DAY = 86_400_000;

function dayKey(date: Date) {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/**
 * "3:00 PM" today, "Tue 3:00 PM" this week, "Dec 12" later or earlier; a line due on a day (a care item, a balance)
 * is that day, "Thu, Oct 15", never its midnight UTC read as a time where the phone is (issue 45).
 */
export function whenLabel(iso: string, now = new Date(), day?: string): string {
  if (day) return formatShortDay(day, now);
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  if (dayKey(at) === dayKey(now)) return time;
  if (Math.abs(at.getTime() - now.getTime()) < 6 * DAY) return `${at.toLocaleDateString(undefined, { weekday: 'short' })} ${time}`;
  return at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/** A dashboard href ('/admin/applications?edit=12') as the router's path and search. */
function target(href: string): { to: string; search: Record<string, string | number> } {
  const [to, query = ''] = href.split('?', 2);
  // The router writes search values as JSON: an id stays a number (?edit=12, not ?edit=%2212%22).
  const search = Object.fromEntries([...new URLSearchParams(query)].map(([k, v]) => [k, /^\d{1,15}$/.test(v) ? Number(v) : v]));
  return { to: to!, search };
}

function Line({ item }: { item: TodayItem }) {
  const { to, search } = target(item.href);
  return (
    <li>
      <UnstyledButton component={Link} to={to} search={search as never} className={classes.line}>
        <Group gap="sm" wrap="nowrap" justify="space-between">
          <Stack gap={2} miw={0}>
            <Text fw={500} className={classes.title}>
              {item.title}
            </Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                <time dateTime={item.day ?? item.at}>{whenLabel(item.at, undefined, item.day)}</time>
              </Text>
              {item.overdue && <ToneBadge tone="orange">Overdue</ToneBadge>}
            </Group>
          </Stack>
          <IconChevronRight size={18} aria-hidden />
        </Group>
      </UnstyledButton>
    </li>
  );
}

function List({ label, items, empty }: { label: string; items: TodayItem[]; empty: string }) {
  if (!items.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <ul className={classes.list} aria-label={label}>
      {items.map((item, i) => (
        <Line key={`${item.source}-${item.href}-${i}`} item={item} />
      ))}
    </ul>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Scheduled lines by day: today, this week, later. */
function splitScheduled(items: TodayItem[], now = new Date()) {
  const today: TodayItem[] = [];
  const week: TodayItem[] = [];
  const later: TodayItem[] = [];
  const endOfWeek = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7).getTime();
  const todayDay = localIsoDay(now);
  const weekEndDay = localIsoDay(new Date(endOfWeek));
  for (const item of items) {
    if (item.day) {
      // A day against the calendar day on the breeder's phone, not against its instant.
      (item.day <= todayDay ? today : item.day < weekEndDay ? week : later).push(item);
      continue;
    }
    const at = new Date(item.at);
    if (dayKey(at) === dayKey(now) || at.getTime() < now.getTime()) today.push(item);
    else if (at.getTime() < endOfWeek) week.push(item);
    else later.push(item);
  }
  return { today, week, later };
}

export function TodayView({ today }: { today: TodayAnswer }) {
  const scheduled = splitScheduled(today.scheduled);
  return (
    <Stack gap="md" maw={720}>
      {today.unavailable.length > 0 && (
        <Alert color="orange" role="alert" title="Some lines could not load">
          Could not load {today.unavailable.map((s) => TODAY_LABELS[s] ?? s).join(', ')}. Everything else is shown; reload to try again.
        </Alert>
      )}
      <Block id="today-action" title={`Needs you (${today.action.length})`}>
        <List label="Needs you" items={today.action} empty="Nothing needs you right now." />
      </Block>
      <Block id="today-scheduled" title="Coming up">
        <Stack gap="xs">
          <Title order={4} size="h5">
            Today
          </Title>
          <List label="Today" items={scheduled.today} empty="Nothing scheduled today." />
          <Title order={4} size="h5">
            This week
          </Title>
          <List label="This week" items={scheduled.week} empty="Nothing else this week." />
          {scheduled.later.length > 0 && (
            <>
              <Title order={4} size="h5">
                Later
              </Title>
              <List label="Later" items={scheduled.later} empty="" />
            </>
          )}
        </Stack>
      </Block>
      <Block id="today-activity" title="Recent activity">
        <List label="Recent activity" items={today.activity} empty="Nothing new this week." />
      </Block>
    </Stack>
  );
}

export function TodayAdmin() {
  const today = useQuery(trpc.admin.today.get.queryOptions(undefined, { staleTime: 30_000 }));
  return (
    <Stack>
      <Group gap="sm" align="baseline" wrap="wrap">
        <Title order={2}>Today</Title>
        <OfflineNote at={today.data?.at} />
      </Group>
      <InstallOffer />
      {today.isPending ? (
        <PageSpinner label="Loading Today" />
      ) : today.isError ? (
        <Alert color="red" role="alert" title="Today could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{today.error.message}</Text>
            <Button size="xs" onClick={() => void today.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <TodayView today={today.data} />
      )}
    </Stack>
  );
}
