// The demo seed's blog posts and owner guides, in Markdown as the breeder writes them in the dashboard.
import type { ResourceCategory } from '../../features/articles/articles.schema.ts';

export interface DemoPost {
  title: string;
  slug: string;
  /** YYYY-MM-DD */
  date: string;
  summary: string;
  tags: string[];
  body: string;
}

export interface DemoGuide {
  title: string;
  slug: string;
  summary: string;
  category: ResourceCategory;
  body: string;
}

/** Newest first. */
export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Getting Ready for Your Puppy: A Checklist',
    slug: 'getting-ready-for-your-puppy-a-checklist',
    date: '2026-10-14',
    summary:
      'Pickup day comes quickly. Here is what we ask every family to have at home before their puppy arrives, and a few things you can skip.',
    tags: ['go-home', 'preparation'],
    body: `
Puppies go home with us at 8 weeks, and the two weeks before pickup fly by. Families who prepare ahead have calmer first nights, so here is the list we send to everyone on our waitlist.

## The essentials

- A wire crate with a divider (a 30-inch crate fits most adult minis; the divider keeps it puppy-sized for now)
- A soft crate pad or old towels you do not mind losing to teething
- The food your puppy already eats: we send a starter bag, and you can switch slowly later if you want to
- Stainless steel food and water bowls
- A flat collar or harness, an ID tag with your phone number, and a 6-foot leash
- Enzyme cleaner for accidents (regular cleaners leave a scent that invites a repeat)
- Chew toys of different textures: rubber, rope and something soft to carry around

## Set up a puppy zone

Pick one easy-to-clean room, usually the kitchen, and use an exercise pen or baby gates to make a small area with the crate, water and a few toys. A puppy who can roam the whole house will find every cord and shoe in it, and will have accidents out of sight.

Put the crate where the family spends its evenings. Puppies are pack animals; a crate in a far-off room feels like exile.

## Before pickup day

- Book a wellness visit with your veterinarian for the first week home and bring the health records we give you
- Talk through a vaccination schedule with your vet: we do not vaccinate before pickup, so your vet will plan the first round
- Agree as a family on house rules (is the couch allowed?) and on the words you will use for potty and sit
- Walk through the house at puppy height and move anything you would not want chewed

## What you can skip

You do not need a closet full of outfits, a large dog bed (it will become a chew toy) or puppy pads if you plan to house-train outdoors; pads can teach a puppy that indoors is fine.

If you are unsure about anything on this list, call or text us. We would much rather answer a question now than after a long first night.
`.trim(),
  },
  {
    title: 'The First Week Home',
    slug: 'the-first-week-home',
    date: '2026-09-22',
    summary:
      'What to expect from your puppy in the first seven days: sleep, potty breaks, crying at night and how to keep the excitement manageable.',
    tags: ['go-home', 'training'],
    body: `
Your puppy has spent eight weeks with their mother, their littermates and our family. Coming home with you is the biggest change of their young life, so the first week is about routine and rest, not adventures.

## Keep the first days quiet

It is tempting to invite everyone over to meet the new puppy. Please wait a week. Let your puppy learn your home, your voices and your schedule first; visitors can come once the puppy is eating well and sleeping through most of the night.

## Sleep, and lots of it

Young puppies sleep 18 to 20 hours a day. A puppy who is overtired gets bitey and wild, much like a toddler who skipped a nap. After an hour of play, take your puppy out to potty and then settle them in the crate with a chew.

## Potty breaks

- Right after waking up, after eating, and after playing
- Every 1 to 2 hours during the day at first
- Once or twice during the night for the first couple of weeks
- Always to the same spot, with a calm word of praise when they go

## The first nights

Expect some crying the first night or two. Place the crate beside your bed so your puppy can hear and smell you, and give them the blanket we send home, which smells like their littermates. If they wake and cry in the night, take them out to potty quietly, with no play, then straight back to the crate.

## Your first vet visit

Schedule a wellness exam during the first week. Bring the health records from your puppy packet and ask your vet to set the vaccination and deworming plan that fits your area and your puppy.

Most of all, enjoy it. Send us pictures: we love hearing how our puppies settle in.
`.trim(),
  },
  {
    title: 'Goldendoodle Coat Care: Brushing, Bathing and Grooming',
    slug: 'goldendoodle-coat-care-brushing-bathing-and-grooming',
    date: '2026-08-18',
    summary:
      'Doodle coats are low-shedding, but they are not low-maintenance. A simple routine that keeps mats away and makes grooming visits easy.',
    tags: ['grooming'],
    body: `
The coat is one of the reasons families love Goldendoodles: soft, wavy or curly, and low-shedding. The other side of that coin is that the hair the dog does not shed stays in the coat, and without brushing it tangles into mats close to the skin.

## Brushing

Brush two or three times a week, and every day once the adult coat starts coming in (usually between 5 and 10 months). Use a slicker brush to lift the coat, then go through with a metal comb down to the skin. If the comb catches, you have found a tangle.

Pay special attention to the places that mat first: behind the ears, the armpits, the collar line and the backs of the legs.

## Start young

We begin handling paws, ears and faces in the whelping box, and we brush our puppies before they go home. Keep it up: short, happy sessions with treats now make a relaxed grooming client later.

## Bathing

A bath every 4 to 6 weeks is plenty, using a gentle dog shampoo and conditioner. Brush out the coat before the bath, because water tightens tangles into mats. Dry thoroughly, especially the ears.

## Professional grooming

Plan on a groomer every 6 to 8 weeks once your puppy is older. Book a short puppy introduction visit early, just a bath, a nail trim and a face tidy, so the sounds and the table become familiar.

## Ears and nails

Doodle ears are floppy and hairy, which traps moisture. Check them weekly and clean with a vet-recommended ear cleaner if they look waxy. Trim nails every couple of weeks, or whenever you hear them clicking on the floor.
`.trim(),
  },
  {
    title: 'What Is Puppy Culture?',
    slug: 'what-is-puppy-culture',
    date: '2026-07-09',
    summary:
      'Puppy Culture is the early-socialization program we follow with every litter. Here is what it is and what it means for your puppy.',
    tags: ['puppy-culture', 'training'],
    body: `
Puppy Culture is a step-by-step program for the first twelve weeks of a puppy's life, created by breeder and trainer Jane Killion. It gives breeders a plan for each developmental stage, from newborn to go-home day, so that puppies grow into confident, resilient and friendly dogs.

## What we do with every litter

- Early Neurological Stimulation from days 3 to 16: a few seconds a day of gentle handling exercises
- Sound and sight exposure: doorbells, thunder, vacuum cleaners, children laughing, all at a gentle volume first
- New surfaces and small challenges: grass, gravel, a wobble board, a tunnel, a shallow puppy pool
- Manding: puppies learn to sit politely to ask for attention instead of jumping
- The start of potty training with a litter box area separate from the sleeping area
- Recovery practice: a small surprise followed by a treat, teaching puppies to bounce back quickly

## Why it matters

The weeks before 12 weeks of age are the most important socialization window in a dog's life. What a puppy learns to accept calmly then, it tends to accept calmly for life. A puppy raised this way usually settles into a new home faster, sleeps better and handles the vet and the groomer with less worry.

## Keep it going at home

Socialization does not stop at pickup. Keep introducing your puppy to new people, places and sounds at a pace they are comfortable with, pair new things with treats, and let them watch from a distance when something feels big. We are always happy to suggest next steps.
`.trim(),
  },
];

/** In the order the breeder arranged them. */
export const DEMO_GUIDES: DemoGuide[] = [
  {
    title: 'Feeding Guide',
    slug: 'feeding-guide',
    summary: 'What, how much and how often to feed your puppy, and how to change foods without an upset tummy.',
    category: 'nutrition',
    body: `
Your puppy goes home with a starter bag of the food they have been eating with us. Keeping the same food for the first couple of weeks avoids one more change during a big transition.

## How often

- 8 to 12 weeks: four small meals a day
- 3 to 6 months: three meals a day
- 6 months and older: two meals a day

## How much

Start with the amount on your puppy feeding sheet and adjust by body condition rather than by the bag. You should be able to feel, but not see, the ribs, and see a waist when looking down from above. Puppies grow in spurts, so check every week or two.

Training treats count. If you are doing lots of training, take a little out of the meals.

## Changing foods

If you want to switch foods, do it over 7 to 10 days: a quarter new food for a few days, then half, then three quarters, then all new. Loose stools mean slow down.

## Fresh water, always

Keep clean water available all day. Many families pick the water bowl up an hour or two before bedtime during house-training; talk to your vet if your puppy seems unusually thirsty.

## Foods to keep away

- Chocolate, grapes and raisins, onions and garlic
- Xylitol (in sugar-free gum, some peanut butters and baked goods)
- Cooked bones, which splinter
- Fatty table scraps, which can cause pancreatitis
`.trim(),
  },
  {
    title: 'Vaccinations and Vet Care',
    slug: 'vaccinations-and-vet-care',
    summary:
      "We do not vaccinate before pickup. How to plan your puppy's first vet visits and vaccination schedule with your veterinarian.",
    category: 'health',
    body: `
Puppies go home at 8 weeks of age. We follow a natural-wellness approach, and no vaccinations are given before pickup. That means you and your veterinarian decide together on the vaccination plan from the very first shot.

## Book the first visit before pickup

Schedule a wellness exam for the first week home. Bring the health records from your puppy packet: the dates of the vet check, deworming and anything else we have recorded for your puppy.

## Questions to ask your vet

- Which core vaccines do you recommend, and on what schedule, for a puppy who has had none yet?
- Which non-core vaccines make sense where we live and for how we will spend time outdoors in Colorado?
- What deworming and flea, tick and heartworm prevention do you recommend?
- When is the right time to spay or neuter a mini Goldendoodle?
- Can we do a titer test later instead of automatic boosters?

## Until the vaccination series is done

Your vet will tell you when your puppy is protected. Until then, avoid dog parks, pet-store floors and places where lots of unknown dogs go. Socialization still matters: carry your puppy to new places, invite vaccinated, healthy dogs of friends over, and enroll in a puppy class that checks vaccination records.

## Call your vet right away if your puppy

- Vomits more than once or has bloody diarrhea
- Will not eat for a whole day, or seems unusually tired
- Has trouble breathing, a swollen face, or may have eaten something toxic

And please let us know too. We stay available to every family for the life of the dog.
`.trim(),
  },
  {
    title: 'Training Basics',
    slug: 'training-basics',
    summary: 'House-training, crate training and the first cues, using the same gentle methods your puppy started with here.',
    category: 'training',
    body: `
Your puppy already knows a few things: they have started potty training on a litter area, they have spent time in a crate, and they have learned to sit to say please. Building on that is easiest with short sessions, lots of rewards and a consistent routine.

## House-training

- Take your puppy out after sleeping, eating and playing, and every 1 to 2 hours in between
- Go to the same spot, wait quietly, and praise and reward right as they finish
- Supervise indoors; when you cannot watch, use the crate or the puppy pen
- Accidents happen: clean with an enzyme cleaner and do not scold, just go out more often

## Crate training

Make the crate the best place in the house: meals in the crate, a special chew that only appears there, and a cover over the top for a den feeling. Start with short stays while you are home so the crate never means being left alone.

## First cues

Keep sessions to two or three minutes, several times a day. Start with the puppy's name, sit, down, come, and touch (nose to your hand). Reward with tiny soft treats or pieces of their kibble.

## Nipping

Puppies explore with their mouths. When teeth touch skin, calmly redirect to a toy. If your puppy is wild and bitey, they are usually overtired: a potty break and a nap fix more nipping than any training trick.

## Puppy class

A positive-reinforcement puppy class is one of the best things you can do, for training and for safe socialization. Look for small classes that check vaccination records.
`.trim(),
  },
  {
    title: 'Puppy Supply List',
    slug: 'supply-list',
    summary: 'Everything to have ready at home before pickup day, in one printable list.',
    category: 'go-home',
    body: `
Here is everything we recommend having at home before your puppy arrives. You do not need the fanciest version of anything.

## Sleeping and safe space

- Wire crate with a divider (30 inches fits most adult minis)
- Crate pad, towels or an old blanket
- Exercise pen or baby gates

## Food and water

- The food your puppy already eats (a starter bag comes home with them)
- Stainless steel food and water bowls
- Small, soft training treats
- A treat pouch for walks and training

## Walking and ID

- Adjustable flat collar or harness
- ID tag with your phone number
- 6-foot leash

## Grooming

- Slicker brush and a metal comb
- Gentle puppy shampoo and conditioner
- Nail clippers or a nail grinder
- Vet-recommended ear cleaner

## Toys and cleaning

- Chew toys of different textures, and a puzzle feeder
- Enzyme cleaner for accidents
- Poop bags
`.trim(),
  },
];
