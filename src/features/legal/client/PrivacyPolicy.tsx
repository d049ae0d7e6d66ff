// /privacy-policy: what we collect, why, where it lives, and how to have it removed.
import { Anchor, List } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ContactEmail, LegalPage, P, Section } from './LegalPage.tsx';

export function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" updated="November 1, 2026">
      {(site) => (
        <>
          <P>
            This website belongs to {site.breederName}, a small family breeder of mini Goldendoodles in {site.town}. We
            collect as little about you as we can, we keep it ourselves, and we use it only to find good homes for our
            puppies. This page explains exactly what that means.
          </P>

          <Section title="What we collect">
            <List spacing="xs" mb="md" withPadding>
              <List.Item>
                <strong>Inquiries and the Family Questionnaire:</strong> your name, e-mail address, phone number if you give it,
                and what you tell us in your message or answers.
              </List.Item>
              <List.Item>
                <strong>Newsletter:</strong> your e-mail address and, if you choose to give it, your name.
              </List.Item>
              <List.Item>
                <strong>Accounts:</strong> your username and your password, which we store only as a one-way hash that nobody,
                including us, can read back.
              </List.Item>
              <List.Item>
                <strong>Sign-in cookie:</strong> if you sign in, one cookie keeps you signed in. We set no other cookies.
              </List.Item>
            </List>
          </Section>

          <Section title="What we do not collect">
            <P>
              There are no third-party trackers on this website: no analytics services, no advertising pixels, no social-media
              tracking scripts. We do not build profiles of visitors, and we never sell, rent or trade your information.
            </P>
          </Section>

          <Section title="How we use your information">
            <List spacing="xs" mb="md" withPadding>
              <List.Item>To answer your inquiry and to talk with you about a puppy.</List.Item>
              <List.Item>To review your Family Questionnaire and keep our waitlist.</List.Item>
              <List.Item>To send our newsletter, only if you subscribed.</List.Item>
              <List.Item>To keep the website secure, for example by limiting how many messages can be sent in a minute.</List.Item>
            </List>
          </Section>

          <Section title="Where it is stored">
            <P>
              Inquiries, questionnaires, newsletter subscriptions and accounts are stored in our own database, on a server we run
              for this website. We do not hand them to marketing or mailing-list services. We would only share information if the
              law required us to.
            </P>
          </Section>

          <Section title="Photos">
            <P>
              Phone cameras record hidden details in every photo, including the GPS location where it was taken. Every photo we
              publish on this site has that metadata stripped when it is uploaded, so our pictures never reveal where our family
              and our dogs live. That is also why we list only our town: visits are arranged for serious inquiries.
            </P>
          </Section>

          <Section title="How long we keep it">
            <P>
              We keep inquiries and questionnaires while we are talking with you and for our records of where our puppies went
              home. Newsletter addresses are kept until you unsubscribe: every newsletter has an unsubscribe link, which takes you
              to our{' '}
              <Anchor component={Link} to="/unsubscribe">
                unsubscribe page
              </Anchor>
              .
            </P>
          </Section>

          <Section title="Your choices">
            <P>
              You can ask us at any time what we hold about you, ask us to correct it, or ask us to delete it. Just e-mail us at{' '}
              <ContactEmail /> and we will take care of it.
            </P>
          </Section>

          <Section title="Children">
            <P>This website is meant for adults looking for a puppy. We do not knowingly collect information from children under 13.</P>
          </Section>

          <Section title="Changes">
            <P>If we change this policy, we will update this page and the date at the top.</P>
          </Section>
        </>
      )}
    </LegalPage>
  );
}
