// The family's Visits card on /account: book a free time (shown in the breeder's zone and the family's own, both
// labelled), see its bookings, download each as .ics, and cancel up to the breeder's cut-off.
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Modal, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { APPOINTMENT_KINDS, KIND_LABELS, calendarLinks, formatInZone, type AppointmentKind, type BookingDto } from '../visits.schema.ts';
import { SlotSelect, bothZones, ownZone } from './SlotSelect.tsx';
import { MoveBookingDialog } from './MoveBookingDialog.tsx';

export function MyVisits() {
  const options = useQuery(trpc.visits.options.queryOptions());
  const mine = useQuery(trpc.visits.mine.queryOptions());
  if (!options.data) return null;
  const { timeZone, kinds, reasons, bookableFrom } = options.data;
  const allowed = APPOINTMENT_KINDS.filter((k) => kinds[k]);
  const why = APPOINTMENT_KINDS.flatMap((k) => (reasons[k] ? [{ kind: k, reason: reasons[k] }] : []));
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="visits-heading" id="visits">
      <Stack gap="md">
        <Title order={2} id="visits-heading">
          Visits
        </Title>
        {allowed.length === 0 ? (
          <Text>Visits are arranged for serious inquiries: you can book here once the breeder’s rules allow it.</Text>
        ) : (
          <BookForm kinds={allowed} breederZone={timeZone} bookableFrom={bookableFrom} />
        )}
        {why.length > 0 && (
          <Stack
            gap={4}
            component="ul"
            style={{ margin: 0, paddingInlineStart: 'var(--mantine-spacing-lg)' }}
            aria-label="Not yet bookable"
          >
            {why.map(({ kind, reason }) => (
              <Text key={kind} component="li" size="sm">
                {KIND_LABELS[kind]}: {reason}
              </Text>
            ))}
          </Stack>
        )}
        <Bookings bookings={mine.data ?? []} breederZone={timeZone} />
      </Stack>
    </Card>
  );
}

function BookForm({
  kinds,
  breederZone,
  bookableFrom,
}: {
  kinds: AppointmentKind[];
  breederZone: string;
  bookableFrom: Partial<Record<AppointmentKind, string>>;
}) {
  const familyZone = useMemo(ownZone, []);
  const [kind, setKind] = useState<AppointmentKind>(kinds[0]!);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const queryClient = useQueryClient();
  const book = useMutation(
    trpc.visits.book.mutationOptions({
      onSuccess: async (b) => {
        toast({
          title: 'Booked',
          message: `${KIND_LABELS[b.kind]}: ${formatInZone(b.startsAt, breederZone)}. The invitation is on its way to your e-mail.`,
          variant: 'success',
        });
        setStartsAt(null);
        setNote('');
        await queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() });
      },
      onError: async (e) => {
        toast({ title: 'Could not book', message: errorMessage(e, 'Please try again.'), variant: 'destructive' });
        await queryClient.invalidateQueries({ queryKey: trpc.visits.availability.pathKey() });
      },
    }),
  );
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (startsAt) book.mutate({ kind, startsAt, timeZone: familyZone, note });
      }}
    >
      <Text size="sm" c="dimmed">
        Times are shown in the breeder’s time zone ({breederZone}) and in yours ({familyZone}).
      </Text>
      <Select
        label="Kind of appointment"
        data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        value={kind}
        onChange={(v) => {
          if (v) setKind(v as AppointmentKind);
          setStartsAt(null);
        }}
        allowDeselect={false}
      />
      {bookableFrom[kind] && (
        <Text size="sm">
          {KIND_LABELS[kind]}: free times from {formatInZone(bookableFrom[kind], breederZone)}.
        </Text>
      )}
      <SlotSelect kind={kind} breederZone={breederZone} value={startsAt} onChange={setStartsAt} from={bookableFrom[kind]} />
      <Textarea
        label="Note for the breeder (optional)"
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={1000}
        autosize
        minRows={2}
      />
      <Group>
        <Button type="submit" loading={book.isPending} disabled={!startsAt}>
          Book this time
        </Button>
      </Group>
    </Stack>
  );
}

/** Google Calendar and Outlook beside the .ics, for a family whose calendar lives in one of them. */
function CalendarServiceLinks({ booking, title }: { booking: BookingDto; title: string }) {
  const links = calendarLinks({ title, startsAt: booking.startsAt, endsAt: booking.endsAt, details: booking.note || undefined });
  return (
    <>
      <Anchor href={links.google} target="_blank" rel="noopener noreferrer" size="sm">
        Add to Google Calendar
      </Anchor>
      <Anchor href={links.outlook} target="_blank" rel="noopener noreferrer" size="sm">
        Add to Outlook
      </Anchor>
    </>
  );
}

function Bookings({ bookings, breederZone }: { bookings: BookingDto[]; breederZone: string }) {
  const settings = useQuery(trpc.settings.get.queryOptions());
  const siteName = settings.data?.breederName ?? 'the breeder';
  const familyZone = useMemo(ownZone, []);
  const [cancelling, setCancelling] = useState<BookingDto | null>(null);
  const [moving, setMoving] = useState<BookingDto | null>(null);
  const queryClient = useQueryClient();
  const reschedule = useMutation(
    trpc.visits.reschedule.mutationOptions({
      onSuccess: async (b) => {
        setMoving(null);
        toast({
          title: 'Booking moved',
          message: `${KIND_LABELS[b.kind]}: ${formatInZone(b.startsAt, b.timeZone)}. The updated invitation is on its way.`,
          variant: 'success',
        });
        await queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() });
      },
      onError: (e) => toast({ title: 'Could not move the booking', message: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  const cancel = useMutation(
    trpc.visits.cancel.mutationOptions({
      onSuccess: async () => {
        setCancelling(null);
        toast({
          title: 'Booking cancelled',
          message: 'We e-mailed you the cancellation; it removes the event from your calendar.',
          variant: 'success',
        });
        await queryClient.invalidateQueries({ queryKey: trpc.visits.pathKey() });
      },
      onError: (e) => toast({ title: 'Could not cancel', message: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  if (!bookings.length) return null;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Your bookings
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Your bookings">
        {bookings.map((b) => (
          <Card key={b.id} component="li" withBorder p="sm">
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap">
                <Text fw={700}>{KIND_LABELS[b.kind]}</Text>
                <ToneBadge tone={b.status === 'confirmed' ? 'green' : 'gray'}>
                  {b.status === 'confirmed' ? 'Confirmed' : 'Cancelled'}
                </ToneBadge>
              </Group>
              <Text size="sm">{bothZones(b.startsAt, b.timeZone || breederZone, familyZone)}</Text>
              {b.breederMessage && <Text size="sm">From the breeder: {b.breederMessage}</Text>}
              {b.status === 'confirmed' && (
                <Group gap="sm">
                  <Anchor href={`/api/bookings/${b.id}/ics`} download={`booking-${b.id}.ics`} size="sm">
                    Add to calendar (.ics)
                  </Anchor>
                  <CalendarServiceLinks booking={b} title={`${KIND_LABELS[b.kind]} with ${siteName}`} />
                  {b.changeable ? (
                    <>
                      <Button size="xs" variant="default" onClick={() => setMoving(b)}>
                        Move booking
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setCancelling(b)}>
                        Cancel booking
                      </Button>
                    </>
                  ) : (
                    <Text size="xs" c="dimmed">
                      Too close to change online: please call or e-mail us.
                    </Text>
                  )}
                </Group>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
      <MoveBookingDialog
        booking={moving}
        breederZone={moving?.timeZone ?? breederZone}
        summary={moving && `Now: ${bothZones(moving.startsAt, moving.timeZone, familyZone)}`}
        pending={reschedule.isPending}
        onClose={() => setMoving(null)}
        onMove={(startsAt) => moving && reschedule.mutate({ id: moving.id, startsAt })}
      />
      <Modal opened={cancelling !== null} onClose={() => setCancelling(null)} title="Cancel this booking?">
        {cancelling && (
          <Stack>
            <Alert color="yellow">{bothZones(cancelling.startsAt, cancelling.timeZone, familyZone)}</Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCancelling(null)}>
                Keep it
              </Button>
              <Button color="red.9" loading={cancel.isPending} onClick={() => cancel.mutate({ id: cancelling.id })}>
                Cancel booking
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
