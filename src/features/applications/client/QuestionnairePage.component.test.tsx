// The Family Questionnaire in Chromium, as a visitor (signed out): the shared rules' messages under the fields and the
// focus on the first, a message on leaving a field, the conditional questions and their answers, the answers kept on
// this device (and restored from it), "Sign in to send", and the answers' boxes growing with their text. What needs the
// server (a family's draft on the server, sending, the server's own check) is the applications journeys' and the
// applications router's tests. Its litter list asks a server that is not there: the litter select offers "Any litter".
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from '../../../lib/client/testing/render.tsx';
import { QuestionnairePage } from './QuestionnairePage.tsx';

const LOCAL_KEY = 'questionnaire-draft';
/** A field by the start of its label (a required one's label ends in an asterisk). */
const field = (label: string) => page.getByLabelText(new RegExp(`^${label.replace(/[?()]/g, '\\$&')}`));
const sendButton = () => page.getByRole('button', { name: 'Sign in to send' });
const show = (litterId?: number) => render(<QuestionnairePage signedIn={false} litterId={litterId} />, { at: '/questionnaire' });
const kept = () => JSON.parse(window.localStorage.getItem(LOCAL_KEY) ?? 'null') as Record<string, string> | null;

async function answerEverything() {
  await field('Your name').fill('Morgan Reyes');
  await field('Email').fill('morgan@example.com');
  await field('City and state').fill('Boulder, CO');
  await field('Who lives in your home?').fill('Two adults and a child of 8');
  await page.getByRole('radio', { name: 'No', exact: true }).click();
  await userEvent.selectOptions(field('Type of home'), 'house');
  await userEvent.selectOptions(field('Do you own or rent?'), 'own');
  await userEvent.selectOptions(field('Do you have a yard?'), 'no');
  await userEvent.selectOptions(field('Hours the puppy would be alone'), 'under2');
  await userEvent.selectOptions(field('Your experience with dogs'), 'before');
  await field('Tell us about the dogs you have had').fill('We had a poodle for twelve years.');
  await userEvent.selectOptions(field('Preferred size'), 'mini');
  await userEvent.selectOptions(field('Preferred gender'), 'any');
  await userEvent.selectOptions(field('Preferred colour'), 'apricot');
  await userEvent.selectOptions(field('When are you hoping'), 'within3');
  await userEvent.selectOptions(field('How did you hear about us?'), 'vet');
}

describe('QuestionnairePage, signed out', () => {
  beforeEach(() => window.localStorage.removeItem(LOCAL_KEY));
  afterEach(() => window.localStorage.removeItem(LOCAL_KEY));

  test('sending it empty shows the rules’ messages under the fields and focuses the first', async () => {
    show();
    await sendButton().click();
    await expect.element(page.getByText('Name must be at least 2 characters.')).toBeVisible();
    await expect.element(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect.element(page.getByText('Please tell us who lives in your home.')).toBeVisible();
    await expect.element(page.getByText('Please tell us your city and state.')).toBeVisible();
    await expect.element(page.getByText('Please tell us a little more (at least 10 characters).')).toBeVisible();
    // Every unanswered choice: allergies, home, own or rent, yard, hours alone, experience, size, gender, colour, timing, heard.
    await expect.poll(() => page.getByText('Please choose one.').elements().length).toBe(11);
    await expect.element(field('Your name')).toHaveFocus();
    await expect.element(field('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(kept()).toBeNull();
  });

  test('leaving a field checks it: a one-letter name is refused, and corrected the message goes', async () => {
    show();
    await field('Your name').fill('M');
    await field('Email').click();
    await expect.element(page.getByText('Name must be at least 2 characters.')).toBeVisible();
    await field('Your name').fill('Morgan');
    await field('Email').click();
    await expect.element(page.getByText('Name must be at least 2 characters.')).not.toBeInTheDocument();
  });

  test('the fence question shows only with a yard and takes its answer away with it; allergy details only with an allergy', async () => {
    show();
    await expect.element(field('Do you have a yard?')).toBeVisible();
    await expect.element(field('Is your yard fenced?')).not.toBeInTheDocument();
    await userEvent.selectOptions(field('Do you have a yard?'), 'yes');
    await expect.element(field('Is your yard fenced?')).toBeVisible();
    await userEvent.selectOptions(field('Is your yard fenced?'), 'full');
    await userEvent.selectOptions(field('Do you have a yard?'), 'no');
    await expect.element(field('Is your yard fenced?')).not.toBeInTheDocument();
    await userEvent.selectOptions(field('Do you have a yard?'), 'yes');
    await expect.element(field('Is your yard fenced?')).toHaveValue('');

    await expect.element(field('Tell us about the allergy')).not.toBeInTheDocument();
    await page.getByRole('radio', { name: 'Yes', exact: true }).click();
    await expect.element(field('Tell us about the allergy')).toBeVisible();
    await sendButton().click();
    await expect.element(page.getByText('Please tell us about the allergy (at least 5 characters).')).toBeVisible();
    await expect.element(page.getByText('Please tell us whether your yard is fenced.')).toBeVisible();
  });

  test('a visitor is told an account is needed; complete answers are kept on this device and "Sign in to send" opens the sign-in form with the e-mail', async () => {
    const { router } = show();
    await expect.element(page.getByText('You will need an account to send it')).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Log in or register' })).toHaveAttribute('href', '/auth?redirect=%2Fquestionnaire');
    await answerEverything();
    await sendButton().click();
    await expect.element(page.getByText('Please sign in to send')).toBeVisible();
    // The sign-in form at once, back here after it, the e-mail handed over in the history entry (not the address).
    await expect.poll(() => router!.state.location.pathname).toBe('/auth');
    expect(router!.state.location.search).toEqual({ redirect: '/questionnaire' });
    expect((router!.state.location.state as { email?: string }).email).toBe('morgan@example.com');
    expect(kept()).toMatchObject({ name: 'Morgan Reyes', email: 'morgan@example.com', yard: 'no', size: 'mini', heardAbout: 'vet' });
    expect(kept()).not.toHaveProperty('fence');
    await expect.element(page.getByText('Please choose one.')).not.toBeInTheDocument();
  });

  test('what a visitor types is kept on this device as it is typed, and a later visit starts from it', async () => {
    const first = show();
    await field('Your name').fill('Morgan Reyes');
    await userEvent.selectOptions(field('Preferred size'), 'mini');
    await expect.poll(kept).toEqual({ name: 'Morgan Reyes', size: 'mini' });
    first.unmount();

    show();
    await expect.element(field('Your name')).toHaveValue('Morgan Reyes');
    await expect.element(field('Preferred size')).toHaveValue('mini');
    await expect.element(field('Email')).toHaveValue('');
  });

  test('opened from a litter’s Join the Waitlist, the answers name that litter, and the sign-in link returns to it', async () => {
    show(7);
    await field('Your name').fill('Morgan Reyes');
    await expect.poll(kept).toEqual({ name: 'Morgan Reyes', litterId: '7' });
    await expect
      .element(page.getByRole('link', { name: 'Log in or register' }))
      .toHaveAttribute('href', '/auth?redirect=%2Fquestionnaire%3Flitter%3D7');
  });

  test('a long answer grows its box, up to twelve lines, then scrolls', async () => {
    show();
    const household = field('Who lives in your home?');
    const height = () => household.element().getBoundingClientRect().height;
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `Person ${i + 1}`).join('\n');
    await expect.element(household).toBeVisible();
    const empty = height();
    await household.fill(lines(6));
    await expect.poll(height).toBeGreaterThan(empty * 2);
    await household.fill(lines(14));
    const capped = height();
    await household.fill(lines(40));
    await expect.poll(height).toBe(capped);
    expect(capped).toBeGreaterThan(empty * 4);
    expect(household.element().scrollHeight).toBeGreaterThan(household.element().clientHeight);
  });
});
