import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@tavara/shared/product';

/** The About page's words, as data: our story, mission, vision and values. */
export const ABOUT = {
  title: 'About us',
  lead: `${PRODUCT_NAME} exists because ${PRODUCT_TAGLINE.toLowerCase()}.`,
  story: {
    title: 'Our story',
    paragraphs: [
      'In Trinidad and Tobago, most care for an ageing parent, a sick spouse or a child with special needs happens at home — arranged by a daughter on her lunch break, a neighbour who knows a nurse, a WhatsApp group passed from cousin to cousin. It works, until it doesn’t: the caregiver falls ill, the medication list lives in one person’s head, and nobody knows who is coming on Saturday.',
      'At the same time, skilled nurses, aides and therapists look for steady work and families who value them, and community groups have help to give but no easy way to reach the people who need it.',
      `${PRODUCT_NAME} brings these three together: families, care professionals and the wider village. We started with the part that matters first — getting to know each person well, in a friendly conversation — and are building the rest with the people who will use it.`,
    ],
  },
  mission: {
    title: 'Our mission',
    text: 'Make good care at home easier to find, to arrange and to give, for every family in Trinidad and Tobago — whatever their budget, wherever they live.',
  },
  vision: {
    title: 'Our vision',
    text: 'A Caribbean where no family carries care alone: where the right professional is a message away, the whole care team works from the same plan, and neighbours can step in when they are needed.',
  },
  values: {
    title: 'What we value',
    items: [
      {
        title: 'Dignity first',
        text: 'The person being cared for is at the centre of every decision, and their story belongs to them.',
      },
      {
        title: 'Honesty',
        text: 'We say plainly what works today and what is still being built. No fake profiles, no made-up scores.',
      },
      {
        title: 'Privacy',
        text: 'Health and family details are kept private, shared only with the people you choose.',
      },
      {
        title: 'Respect for caregivers',
        text: 'Care work is skilled work. Professionals set their rates and are paid directly by families.',
      },
      {
        title: 'Built with the village',
        text: 'Families, professionals and community members vote on what we build next — and we listen.',
      },
      {
        title: 'Made for here',
        text: 'Local places, local phone numbers, a local voice — and pages that load quickly on any phone.',
      },
    ],
  },
  cta: { label: 'Vote on what we build next', to: '/features' },
} as const;
