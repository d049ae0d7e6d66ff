// The demo seed's privacy policy and terms of service, in Markdown, with the breeder's details from the site settings.

interface LegalSite {
  breederName: string;
  town: string;
  email: string;
}

export interface DemoLegalPage {
  page: 'privacy' | 'terms';
  title: string;
  slug: string;
  summary: string;
  body: string;
}

export function demoLegalPages(site: LegalSite): DemoLegalPage[] {
  const email = `[${site.email}](mailto:${site.email})`;
  return [
    {
      page: 'privacy',
      title: 'Privacy Policy',
      slug: 'privacy-policy',
      summary: 'What we collect, why, where it lives, and how to have it removed.',
      body: `
This website belongs to ${site.breederName}, a small family breeder of mini Goldendoodles in ${site.town}. We collect as little about you as we can, we keep it ourselves, and we use it only to find good homes for our puppies. This page explains exactly what that means.

## What we collect

- **Inquiries and the Family Questionnaire:** your name, e-mail address, phone number if you give it, and what you tell us in your message or answers.
- **Newsletter:** your e-mail address and, if you choose to give it, your name.
- **Accounts:** your username and your password, which we store only as a one-way hash that nobody, including us, can read back.
- **Sign-in cookie:** if you sign in, one cookie keeps you signed in. We set no other cookies.

## What we do not collect

There are no third-party trackers on this website: no analytics services, no advertising pixels, no social-media tracking scripts. We do not build profiles of visitors, and we never sell, rent or trade your information.

## How we use your information

- To answer your inquiry and to talk with you about a puppy.
- To review your Family Questionnaire and keep our waitlist.
- To send our newsletter, only if you subscribed.
- To keep the website secure, for example by limiting how many messages can be sent in a minute.

## Where it is stored

Inquiries, questionnaires, newsletter subscriptions and accounts are stored in our own database, on a server we run for this website. We do not hand them to marketing or mailing-list services. We would only share information if the law required us to.

## Photos

Phone cameras record hidden details in every photo, including the GPS location where it was taken. Every photo we publish on this site has that metadata stripped when it is uploaded, so our pictures never reveal where our family and our dogs live. That is also why we list only our town: visits are arranged for serious inquiries.

## How long we keep it

We keep inquiries and questionnaires while we are talking with you and for our records of where our puppies went home. Newsletter addresses are kept until you unsubscribe: every newsletter has an unsubscribe link, which takes you to our [unsubscribe page](/unsubscribe).

## Your choices

You can ask us at any time what we hold about you, ask us to correct it, or ask us to delete it. Just e-mail us at ${email} and we will take care of it.

## Children

This website is meant for adults looking for a puppy. We do not knowingly collect information from children under 13.

## Changes

If we change this policy, we will update this page and the date at the top.
`.trim(),
    },
    {
      page: 'terms',
      title: 'Terms of Service',
      slug: 'terms-of-service',
      summary: 'The plain-language terms of using the website.',
      body: `
Welcome to the website of ${site.breederName}, a family breeder of mini Goldendoodles in ${site.town}. By using this website you agree to these terms. They are written to be read, so please do.

## Puppy listings

We keep our puppies, litters and prices as up to date as we can, but availability changes quickly. A listing on this website is information, not an offer or a promise that a puppy is still available.

Reserving a puppy starts with our [Family Questionnaire](/questionnaire). Once your application is approved, a $500 non-refundable deposit reserves your spot. The purchase of a puppy is governed by our written puppy contract, which we go through with you before you pay anything; if that contract and this website ever differ, the contract applies. Puppies go home at 8 weeks of age.

## Health and care information

Our blog and Owner Resources share what has worked for our family and our puppy families. They are general information, not veterinary advice. Please make health decisions, including vaccinations, together with your own veterinarian.

## Our photos and words

The photos, videos and text on this website are ours. You are welcome to share links to our pages; please ask us before copying our photos or text anywhere else.

## Accounts

If you create an account, keep your password to yourself and tell us if you think someone else has used it. We may close accounts that are used to misuse the website.

## Using the website fairly

Please don't send spam or misleading inquiries, try to get into parts of the website that aren't meant for you, or overload it with automated requests. We limit how many messages can be sent in a short time to keep the website working for everyone.

## Other websites

We link to our social media pages and occasionally to other websites. Those websites have their own terms and privacy policies, and we are not responsible for them.

## No guarantees about the website

We work to keep this website accurate and available, but it is provided as it is, and we can't promise it will always be error-free or online. To the extent the law allows, we are not liable for losses caused by using the website. Nothing here limits rights you have under your puppy contract or under the law.

## Colorado law

These terms are governed by the laws of the State of Colorado.

## Questions

If anything here is unclear, e-mail us at ${email} and we will be glad to explain. Our [Privacy Policy](/privacy-policy) explains how we handle your information.
`.trim(),
    },
  ];
}
