// /terms-of-service: the plain-language terms of using the website.
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ContactEmail, LegalPage, P, Section } from './LegalPage.tsx';

export function TermsOfService() {
  return (
    <LegalPage title="Terms of Service" updated="November 1, 2026">
      {(site) => (
        <>
          <P>
            Welcome to the website of {site.breederName}, a family breeder of mini Goldendoodles in {site.town}. By using this
            website you agree to these terms. They are written to be read, so please do.
          </P>

          <Section title="Puppy listings">
            <P>
              We keep our puppies, litters and prices as up to date as we can, but availability changes quickly. A listing on this
              website is information, not an offer or a promise that a puppy is still available.
            </P>
            <P>
              Reserving a puppy starts with our{' '}
              <Anchor component={Link} to="/questionnaire">
                Family Questionnaire
              </Anchor>
              . Once your application is approved, a $500 non-refundable deposit reserves your spot. The purchase of a puppy is
              governed by our written puppy contract, which we go through with you before you pay anything; if that contract and
              this website ever differ, the contract applies. Puppies go home at 8 weeks of age.
            </P>
          </Section>

          <Section title="Health and care information">
            <P>
              Our blog and Owner Resources share what has worked for our family and our puppy families. They are general
              information, not veterinary advice. Please make health decisions, including vaccinations, together with your own
              veterinarian.
            </P>
          </Section>

          <Section title="Our photos and words">
            <P>
              The photos, videos and text on this website are ours. You are welcome to share links to our pages; please ask us
              before copying our photos or text anywhere else.
            </P>
          </Section>

          <Section title="Accounts">
            <P>
              If you create an account, keep your password to yourself and tell us if you think someone else has used it. We may
              close accounts that are used to misuse the website.
            </P>
          </Section>

          <Section title="Using the website fairly">
            <P>
              Please don&apos;t send spam or misleading inquiries, try to get into parts of the website that aren&apos;t meant for
              you, or overload it with automated requests. We limit how many messages can be sent in a short time to keep the
              website working for everyone.
            </P>
          </Section>

          <Section title="Other websites">
            <P>
              We link to our social media pages and occasionally to other websites. Those websites have their own terms and
              privacy policies, and we are not responsible for them.
            </P>
          </Section>

          <Section title="No guarantees about the website">
            <P>
              We work to keep this website accurate and available, but it is provided as it is, and we can&apos;t promise it will
              always be error-free or online. To the extent the law allows, we are not liable for losses caused by using the
              website. Nothing here limits rights you have under your puppy contract or under the law.
            </P>
          </Section>

          <Section title="Colorado law">
            <P>These terms are governed by the laws of the State of Colorado.</P>
          </Section>

          <Section title="Questions">
            <P>
              If anything here is unclear, e-mail us at <ContactEmail /> and we will be glad to explain. Our{' '}
              <Anchor component={Link} to="/privacy-policy">
                Privacy Policy
              </Anchor>{' '}
              explains how we handle your information.
            </P>
          </Section>
        </>
      )}
    </LegalPage>
  );
}
