// Demo content for the breeder's Today screen (issue 34): a few days in the life of the kennel, relative to the day
// the seed runs, so the dashboard's first screen shows every kind of line it has. Families other than the Parkers
// (whose portal, contract and payments the e2e journeys make from scratch), a litter off the public site, and
// nothing that sends mail on the first start: reminders, go-home and notification e-mails are recorded as sent.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../features/auth/server/user.entity.ts';
import { hashPassword } from '../../features/auth/server/password.ts';
import { Litter, type ILitter } from '../../features/dogs/server/litter.entity.ts';
import { seedDemoTemperament } from '../../features/temperament/server/temperament.seed.ts';
import { Puppy, type IPuppy } from '../../features/puppies/server/puppy.entity.ts';
import { PuppyPickup } from '../../features/portal/server/portal.entity.ts';
import { Application, ApplicationEvent } from '../../features/applications/server/application.entity.ts';
import { Inquiry } from '../../features/inquiries/server/inquiry.entity.ts';
import { Conversation, Message } from '../../features/messages/server/message.entity.ts';
import { Payment, PaymentAccount } from '../../features/payments/server/payments.entity.ts';
import { receiptPdf } from '../../features/payments/server/receipt.ts';
import { termsOf } from '../../features/payments/server/payments.service.ts';
import { Contract, ContractEvent, ContractTemplateVersion } from '../../features/contracts/server/contract.entity.ts';
import { contractText } from '../../features/contracts/server/contracts.service.ts';
import { Booking } from '../../features/visits/server/visits.entity.ts';
import { localParts, zonedToInstant, localDate, addDays as addLocalDays } from '../../features/visits/server/slots.ts';
import { DEFAULT_TIME_ZONE } from '../../features/visits/visits.schema.ts';
import { OutboxMessage } from '../../features/mail/server/outbox-message.entity.ts';
import { Subscriber } from '../../features/subscribers/server/subscriber.entity.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const QUESTIONNAIRE = {
  phone: null,
  otherPets: '',
  allergies: 'no',
  homeType: 'house',
  ownership: 'own',
  yard: 'yes',
  fence: 'full',
  hoursAlone: 'under2',
  experience: 'before',
  size: 'mini',
  gender: 'any',
  color: 'apricot',
  timing: 'asap',
  heardAbout: 'friend',
  notes: '',
} as const;

/**
 * Where the demo's first screen gets its lines (the litter due is the Spring Litter, seed.ts); `born` is the Autumn
 * Litter, `sold` its puppy already sold (Poppy), who goes to the Okafors.
 */
export async function seedDemoToday(
  em: EntityManager,
  { born, sold }: { born: ILitter; sold: IPuppy },
  breeder: { breederName: string; town: string },
): Promise<void> {
  const { breederName } = breeder;
  // A forced re-seed keeps the families it made the first time (usernames are unique).
  if ((await em.count(User, { usernameKey: 'martins' })) > 0) return;
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms);
  // Nobody signs in as these families (no known password): one hash serves them all.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const family = (username: string, displayName: string, joined: number) =>
    em.create(User, {
      username,
      usernameKey: username,
      passwordHash,
      email: `${username}@example.com`,
      emailVerifiedAt: at(-joined),
      pendingEmail: null,
      displayName,
      isAdmin: false,
      createdAt: at(-joined),
    });
  const martins = family('martins', 'The Martins', 70 * DAY);
  const okafors = family('okafors', 'The Okafors', 60 * DAY);
  const harpers = family('harpers', 'The Harpers', 12 * DAY);

  // The Summer Litter, off the public site (every puppy spoken for): Rosie goes home to the Martins this week.
  const summer = em.create(Litter, {
    name: 'Summer Litter',
    description: 'Two red mini Goldendoodles from our guardian girl Hazel, both already spoken for.',
    imageUrl: born.imageUrl,
    motherName: 'Hazel',
    fatherName: 'Cooper',
    expectedDate: isoDay(now - 55 * DAY),
    birthDate: isoDay(now - 53 * DAY),
    puppyCount: 2,
    active: false,
    createdAt: at(-53 * DAY),
    updatedAt: at(-53 * DAY),
  });
  const puppy = (name: string, gender: 'male' | 'female', owner: typeof martins | null, description: string) =>
    em.create(Puppy, {
      name,
      gender,
      color: 'Red',
      status: 'sold',
      price: 2800,
      generation: 'F1B',
      description,
      litter: summer,
      family: owner,
      imageUrl: born.imageUrl,
      visible: false,
      createdAt: at(-53 * DAY),
      updatedAt: at(-53 * DAY),
    } as never) as IPuppy;
  const rosie = puppy('Rosie', 'female', martins, 'A snuggly red girl who falls asleep in any lap she can find.');
  puppy('Finn', 'male', null, 'A brave little explorer, going home to a family in Fort Collins.');
  sold.family = okafors;
  // Rosie was temperament tested at seven weeks and her family sees the words; Finn waits for his test (Today says so).
  seedDemoTemperament(em, summer, rosie, isoDay(now - 4 * DAY));

  // Go-home day: Rosie in three days at ten in the morning (the breeder's zone), Poppy at eight weeks.
  const zone = DEFAULT_TIME_ZONE;
  const morning = (daysAhead: number, time: string) => new Date(zonedToInstant(addLocalDays(localDate(now, zone), daysAhead), time, zone));
  const rosieHome = morning(3, '10:00');
  em.create(PuppyPickup, { puppy: rosie, at: rosieHome });
  const poppyHome = new Date(Date.parse(`${born.birthDate}T17:00:00Z`) + 56 * DAY);
  em.create(PuppyPickup, { puppy: sold, at: poppyHome });

  // Their applications, long decided; the Harpers were approved last week.
  const application = (
    user: typeof martins,
    name: string,
    location: string,
    household: string,
    experienceDetails: string,
    status: 'matched' | 'approved',
    created: number,
    matched: IPuppy | null,
  ) => {
    const a = em.create(Application, {
      ...QUESTIONNAIRE,
      user,
      idempotencyKey: randomUUID(),
      status,
      name,
      email: user.email!,
      location,
      household,
      experienceDetails,
      readAt: at(-created + HOUR),
      puppy: matched,
      depositAmount: matched ? 500 : null,
      depositReceivedOn: matched ? isoDay(now - created + 2 * DAY) : null,
      depositMethod: matched ? 'bank_transfer' : null,
      createdAt: at(-created),
      updatedAt: at(-created + 2 * DAY),
    } as never);
    em.create(ApplicationEvent, { application: a, at: at(-created), actor: user, byRole: 'family', status: 'submitted', message: null });
    em.create(ApplicationEvent, { application: a, at: at(-created + 2 * DAY), actor: null, byRole: 'breeder', status, message: null });
    return a;
  };
  application(
    martins,
    'Dana Martin',
    'Golden, CO',
    'Two adults and a ten-year-old who has read every puppy book in the library',
    'We grew up with a Golden Retriever and have taken puppy classes before.',
    'matched',
    68 * DAY,
    rosie,
  );
  application(
    okafors,
    'Chidi Okafor',
    'Denver, CO',
    'Two adults, a grandmother who lives with us, and a very patient cat',
    'Our first dog, so we have signed up for puppy kindergarten.',
    'matched',
    58 * DAY,
    sold,
  );
  application(
    harpers,
    'Lauren Harper',
    'Evergreen, CO',
    'Two adults and two boys (8 and 11)',
    'We had a Labradoodle for thirteen years and miss having a dog at home.',
    'approved',
    12 * DAY,
    null,
  );
  // A new one this morning, not read yet: who applied is on the activity feed too.
  const ellis = em.create(Application, {
    ...QUESTIONNAIRE,
    user: null,
    idempotencyKey: randomUUID(),
    status: 'submitted',
    name: 'Sam Ellis',
    email: 'sam.ellis@example.com',
    location: 'Littleton, CO',
    household: 'Two adults working from home',
    experienceDetails: 'Our first puppy; we have read Puppy Culture and found a trainer nearby.',
    timing: '3to6',
    readAt: null,
    createdAt: at(-5 * HOUR),
    updatedAt: at(-5 * HOUR),
  } as never);
  em.create(ApplicationEvent, { application: ellis, at: at(-5 * HOUR), actor: null, byRole: 'family', status: 'submitted', message: null });

  // An inquiry from a visitor, two hours ago, unread.
  em.create(Inquiry, {
    name: 'Megan Doyle',
    email: 'megan.doyle@example.com',
    phone: null,
    interest: 'available',
    message:
      'Hi! We saw Honey on your website. Is she still available? We have a fenced yard and a nine-year-old who cannot stop talking about her.',
    readAt: null,
    createdAt: at(-2 * HOUR),
    updatedAt: at(-2 * HOUR),
  });

  // The Harpers' conversation: the breeder's answer two days ago, their question forty minutes ago, unread.
  const answer = 'We would love to meet you! I have booked your visit; the puppies are usually awake and playful after their lunch.';
  const question = 'Can we bring the boys to our visit? They are so excited to meet the puppies, and we promise gentle hands!';
  const conversation = em.create(Conversation, {
    family: harpers,
    email: null,
    lastMessageAt: at(-40 * 60_000),
    preview: question.slice(0, 200),
    breederUnread: 1,
    createdAt: at(-3 * DAY),
  });
  const first = em.create(Message, {
    conversation,
    sender: 'family',
    author: harpers,
    text: 'Hello! We were approved last week and would love to meet the puppies and their mom.',
    createdAt: at(-3 * DAY),
  });
  const answered = em.create(Message, { conversation, sender: 'breeder', author: null, text: answer, createdAt: at(-2 * DAY) });
  em.create(Message, { conversation, sender: 'family', author: harpers, text: question, createdAt: at(-40 * 60_000) });
  // Notification e-mails for these were sent at the time: none is queued on the first start.
  Object.assign(conversation, { familyEmailedAt: at(-2 * DAY), breederEmailedAt: at(-40 * 60_000) });

  // The Harpers' visit today (at ten, or on the hour at least two hours from now; after five, tomorrow at ten), booked
  // yesterday; the reminder went out.
  const soonest = Math.max(Math.ceil((now + 2 * HOUR) / HOUR) * HOUR, morning(0, '10:00').getTime());
  const visitStart =
    localDate(soonest, zone) === localDate(now, zone) && localParts(soonest, zone).hour <= 17 ? new Date(soonest) : morning(1, '10:00');
  em.create(Booking, {
    family: harpers,
    kind: 'visit',
    status: 'confirmed',
    startsAt: visitStart,
    endsAt: new Date(visitStart.getTime() + HOUR),
    blockEndsAt: new Date(visitStart.getTime() + HOUR + 15 * 60_000),
    timeZone: zone,
    familyTimeZone: zone,
    note: 'We will bring the boys, if that is all right.',
    uid: `${randomUUID()}@demo`,
    sequence: 0,
    puppyId: null,
    remindedAt: at(-HOUR),
    createdAt: at(-20 * HOUR),
    updatedAt: at(-20 * HOUR),
  });
  await em.flush();
  // The breeder read their first message; they read her answer.
  Object.assign(conversation, { breederReadUpTo: first.id, familyReadUpTo: answered.id });

  // Money: the deposits are in; the Okafors' balance was due three days ago, the Martins' is due on go-home day.
  const account = async (user: typeof martins, dueOn: string, paidOn: string) => {
    const acc = em.create(PaymentAccount, {
      family: user,
      priceCents: 280_000,
      depositCents: 50_000,
      dueOn,
      weekReminderFor: dueOn,
      dayReminderFor: dueOn < isoDay(now) ? dueOn : null,
      updatedAt: new Date(Date.parse(`${paidOn}T18:00:00Z`)),
    });
    const [{ id }] = (await em.execute<Array<{ id: number }>>(`select nextval(pg_get_serial_sequence('payments', 'id'))::int as "id"`)) as [
      { id: number },
    ];
    const pdf = await receiptPdf({
      paymentId: id,
      breederName,
      town: breeder.town,
      familyName: user.displayName!,
      amountCents: 50_000,
      paidOn,
      method: 'bank-transfer',
      reason: null,
      totals: termsOf(acc, [{ amountCents: 50_000 }], null),
    });
    em.create(Payment, {
      id,
      family: user,
      familyName: user.displayName!,
      familyEmail: user.email,
      amountCents: 50_000,
      paidOn,
      method: 'bank-transfer',
      reason: null,
      recordedAt: new Date(Date.parse(`${paidOn}T18:00:00Z`)),
      receiptPdf: Buffer.from(pdf),
    });
  };
  await account(okafors, isoDay(now - 3 * DAY), isoDay(now - 56 * DAY));
  await account(martins, isoDay(rosieHome.getTime()), isoDay(now - 66 * DAY));

  // The Martins signed their contract yesterday evening: it waits for the breeder's countersignature.
  const [version] = await em.find(ContractTemplateVersion, {}, { orderBy: { id: 'desc' }, limit: 1 });
  if (version) {
    const contract = em.create(Contract, {
      family: martins,
      templateVersion: version,
      title: 'Puppy sale agreement: Rosie',
      status: 'sent',
      familyName: 'The Martins',
      puppyName: 'Rosie',
      microchip: '985112004417230',
      priceCents: 280_000,
      depositCents: 50_000,
      pickupDate: isoDay(rosieHome.getTime()),
      guaranteeYears: 2,
      body: version.body,
      createdAt: at(-4 * DAY),
      updatedAt: at(-18 * HOUR),
    });
    contract.sentText = contractText(contract, breederName);
    Object.assign(contract, {
      textSha256: sha256(contract.sentText),
      status: 'signed',
      familySignedName: 'Dana Martin',
      familySignedAt: at(-18 * HOUR),
      familySignedBy: martins.id,
      familySignedIp: '198.51.100.23',
      familySignedUserAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      familyEmail: martins.email,
    });
    const event = (kind: 'prepared' | 'sent' | 'opened' | 'signed', ago: number, who: typeof martins | null) =>
      em.create(ContractEvent, {
        contract,
        kind,
        at: at(-ago),
        userId: who?.id ?? null,
        who: who ? `${who.displayName} (${who.username})` : breederName,
        ip: null,
        userAgent: null,
      });
    event('prepared', 4 * DAY, null);
    event('sent', 4 * DAY - HOUR, null);
    event('opened', 3 * DAY, martins);
    event('signed', 18 * HOUR, martins);
  }

  // A confirmation e-mail the outbox gave up on: the address was mistyped.
  em.create(OutboxMessage, {
    to: 'jenna.brooks@gmial.con',
    replyTo: null,
    subject: `Please confirm your subscription to ${breederName} news`,
    text: 'Please confirm your subscription.',
    html: null,
    status: 'failed',
    attempts: 5,
    lastError: 'getaddrinfo ENOTFOUND gmial.con',
    nextAttemptAt: at(-6 * HOUR),
    createdAt: at(-30 * HOUR),
    sentAt: null,
    headers: null,
    calendar: null,
    newsletterId: null,
  });
  // Someone left the newsletter two days ago.
  em.create(Subscriber, {
    email: 'rob.fischer@example.com',
    name: 'Rob Fischer',
    status: 'unsubscribed',
    unsubscribeToken: randomBytes(24).toString('hex'),
    pendingSince: null,
    confirmedAt: at(-200 * DAY),
    createdAt: at(-201 * DAY),
    updatedAt: at(-2 * DAY),
  });
  await em.flush();
}
