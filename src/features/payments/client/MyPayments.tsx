// The family's "Payments" card on /account: price, paid, balance and when it is due, how to pay, and each
// payment or refund with its receipt PDF. Nothing shows until the breeder has set the family's terms.
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { formatDay } from '../../../lib/shared/format.ts';
import { formatCents } from '../money.ts';
import { PAYMENT_METHOD_LABELS, type PaymentDto } from '../payments.schema.ts';

export const receiptHref = (p: Pick<PaymentDto, 'receiptNumber'>) => `/receipts/${p.receiptNumber}.pdf`;

export function MyPayments() {
  const mine = useQuery(trpc.payments.mine.queryOptions());
  if (mine.isPending) return <Loader role="status" aria-label="Loading your payments" />;
  if (mine.isError)
    return (
      <Alert color="red" title="Could not load your payments">
        {errorMessage(mine.error, 'Please try again.')}
      </Alert>
    );
  const { terms, payments, instructions, link } = mine.data;
  if (!terms && payments.length === 0) return null;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="payments-title">
      <Stack gap="md">
        <Title order={2} id="payments-title">
          Payments
        </Title>
        {terms && (
          <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.25rem 1rem', margin: 0 }}>
            <Text component="dt" c="dimmed">
              Price{terms.puppyName ? ` (${terms.puppyName})` : ''}
            </Text>
            <Text component="dd" m={0}>
              {formatCents(terms.priceCents)}
            </Text>
            <Text component="dt" c="dimmed">
              Paid
            </Text>
            <Text component="dd" m={0}>
              {formatCents(terms.paidCents)}
            </Text>
            {terms.depositDueCents > 0 && (
              <>
                <Text component="dt" c="dimmed">
                  Deposit still due
                </Text>
                <Text component="dd" m={0}>
                  {formatCents(terms.depositDueCents)}
                </Text>
              </>
            )}
            <Text component="dt" c="dimmed" fw={700}>
              Balance
            </Text>
            <Text component="dd" m={0} fw={700}>
              {formatCents(Math.max(0, terms.balanceCents))}
            </Text>
            {terms.dueOn && terms.balanceCents > 0 && (
              <>
                <Text component="dt" c="dimmed">
                  Due by
                </Text>
                <Text component="dd" m={0}>
                  {formatDay(terms.dueOn)}
                </Text>
              </>
            )}
          </dl>
        )}
        {terms && terms.balanceCents <= 0 && <Text>Paid in full. Thank you!</Text>}
        {terms && terms.balanceCents > 0 && (instructions || link) && (
          <Stack gap="xs">
            <Title order={3} size="h4">
              How to pay
            </Title>
            {instructions && <Text style={{ whiteSpace: 'pre-wrap' }}>{instructions}</Text>}
            {link && (
              <Group>
                <Button
                  component="a"
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  rightSection={<IconExternalLink size={16} aria-hidden />}
                >
                  Pay online
                </Button>
              </Group>
            )}
          </Stack>
        )}
        {payments.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h4" id="payments-list-title">
              What you have paid
            </Title>
            {/* A list, not a table: four columns do not fit a 360 px phone. */}
            <Stack component="ul" gap="xs" aria-labelledby="payments-list-title" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {payments.map((p) => (
                <li key={p.id}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <div>
                      <Text fw={600}>{p.amountCents < 0 ? `Refund ${formatCents(-p.amountCents)}` : formatCents(p.amountCents)}</Text>
                      <Text size="sm" c="dimmed">
                        {formatDay(p.paidOn)} · {PAYMENT_METHOD_LABELS[p.method]}
                        {p.reason ? ` · ${p.reason}` : ''}
                      </Text>
                    </div>
                    <Anchor
                      href={receiptHref(p)}
                      target="_blank"
                      rel="noopener"
                      aria-label={`Receipt ${p.receiptNumber} (PDF)`}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      <Group gap={4} wrap="nowrap" component="span">
                        <IconFileTypePdf size={16} aria-hidden />
                        Receipt {p.receiptNumber}
                      </Group>
                    </Anchor>
                  </Group>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
