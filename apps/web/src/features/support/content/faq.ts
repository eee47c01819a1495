import { PRODUCT_NAME } from '@tavara/shared/product';

/**
 * The FAQ (product notes, "FAQ topics"), answered truthfully about what the product does today:
 * where something is still being built, the answer says so (product notes, lesson 8).
 */
export const FAQ_CATEGORIES = [
  { id: 'general', label: 'General' },
  { id: 'families', label: 'Families' },
  { id: 'professionals', label: 'Care professionals' },
  { id: 'community', label: 'Community' },
  { id: 'plans', label: 'Plans & payment' },
  { id: 'privacy', label: 'Privacy & safety' },
  { id: 'help', label: 'Getting help' },
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number]['id'];

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  question: string;
  /** Paragraphs of the answer. */
  answer: readonly string[];
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'what-is',
    category: 'general',
    question: `What is ${PRODUCT_NAME} and who is it for?`,
    answer: [
      `${PRODUCT_NAME} is a care-coordination service for Trinidad and Tobago. It brings together three groups: families arranging care for a loved one, care professionals (nurses, aides, therapists, specialists and agencies) looking for work and training, and community members who want to help.`,
      'Today you can create an account, tell us about your needs or your skills in a short guided chat, organise care in a care plan with your own care team, shifts and medications, get reminders, find a care professional (or, as a professional, families) with the reasons a match fits, post on the message boards, take the free caregiver training, vote on the features we build next, and reach our support team.',
    ],
  },
  {
    id: 'family-account',
    category: 'families',
    question: 'How do I create a family account?',
    answer: [
      'Choose Sign In at the top of the page, open the Sign Up tab, enter your name, email and a password, and choose "Family" as your role. We send you an email with a confirmation link; once you open it, you are signed in and can complete your family profile.',
      'If you prefer to talk it through, press the blue chat bubble on the Family card of the home page. The assistant asks about your loved one’s needs one question at a time and fills in the registration form for you.',
    ],
  },
  {
    id: 'professional-documents',
    category: 'professionals',
    question: 'What do care professionals need to provide?',
    answer: [
      'Your certifications or licences (for example LPN, RN, CNA or HHA), a valid photo ID (national ID card, driver’s permit or passport) and a recent police Certificate of Character. Agencies also provide their business registration.',
      'Upload them on your professional profile page (a PDF or a photo, up to 10 MB). Only you and our team can open them. Our team checks each one and marks it "Verified by Tavara".',
    ],
  },
  {
    id: 'find-professional',
    category: 'families',
    question: 'How do I find a care professional?',
    answer: [
      'Start with the family chat or the family registration form: tell us the kind of care, the hours and the area. Our team uses this to put you in touch with suitable professionals.',
      'Or open Caregiver Matching: it lists the professionals who chose to be listed, scored on care types, schedule, experience and location, with the reasons shown. Filter by care type, hours, experience, area and rate, and invite the one you choose to your care team.',
    ],
  },
  {
    id: 'invite-family',
    category: 'families',
    question: 'Can I invite other family members to a care plan?',
    answer: [
      'Yes. Open Care Management, choose the plan and, on its Team tab, press "Invite someone": enter the person’s email and their role on the team (family member, caregiver, nurse, therapist and so on). They get an email; if they have no account yet, the link lets them create one.',
      'Each person signs in with their own account and sees only the plans they were invited to and have accepted. Relatives can follow the schedule and record doses; caregivers see the shifts and medications of the plans they work on. You can remove someone at any time.',
    ],
  },
  {
    id: 'message-board',
    category: 'community',
    question: 'How does the message board work?',
    answer: [
      'There is one board for families and one for care professionals. Families post care needs on the professionals’ board, and professionals post their availability on the families’ board; each can also start a discussion. Search by words, region and urgency. Replies are public on the board; "Message privately" starts a conversation only the two of you see.',
      'Posts are plain text. Anyone signed in can report a post; our team reviews reports and hides what breaks the rules. Visitors who are not signed in never see contact details.',
    ],
  },
  {
    id: 'immediate-help',
    category: 'help',
    question: 'How do I get help right away?',
    answer: [
      'Use WhatsApp Support from the Support button (bottom right of every page) or the "Still need help?" box below: it opens a chat with our team on WhatsApp. We answer during working hours.',
      `${PRODUCT_NAME} is not an emergency service. In a medical emergency call 811 for an ambulance, or 999 for the police.`,
    ],
  },
  {
    id: 'report-problem',
    category: 'help',
    question: 'How do I report a problem with the app?',
    answer: [
      'Open the Support button and choose Contact Form. Describe what happened, and add a screenshot if you can (an image of up to 5 MB). If you were using the chat assistant, the conversation is attached so we can see where it went wrong. We reply to the email address you give.',
    ],
  },
  {
    id: 'free-paid',
    category: 'plans',
    question: 'What is free and what is paid?',
    answer: [
      `Everything available today is free: creating an account, the guided chat, registration, feature voting and support. ${PRODUCT_NAME} does not take any payment yet.`,
      'Paid plans with extra tools for families and professionals are planned alongside a free basic tier. Prices will be published in Trinidad and Tobago dollars before anything is charged, and cancelling will take one click.',
    ],
  },
  {
    id: 'change-plan',
    category: 'plans',
    question: 'How do I change or cancel my plan?',
    answer: [
      'There are no paid plans yet, so there is nothing to change or cancel. When plans launch, you will be able to switch or cancel at any time from your account, in one step.',
    ],
  },
  {
    id: 'availability',
    category: 'professionals',
    question: 'How do I update my availability?',
    answer: [
      'Open your professional profile and choose Edit: the registration form opens with your answers, and you change your available shifts (for example Mon–Fri 8 AM–4 PM, weekends or live-in) there. Families who match with you see the new hours straight away.',
    ],
  },
  {
    id: 'professional-pay',
    category: 'professionals',
    question: 'How are care professionals paid?',
    answer: [
      `Families pay care professionals directly, at the rate you agree together. ${PRODUCT_NAME} does not process caregiver pay and does not take a cut of it.`,
    ],
  },
  {
    id: 'community-resources',
    category: 'community',
    question: 'Can community organisations share resources?',
    answer: [
      'Yes. Churches, NGOs, clubs and support groups can join as community members and tell us what they offer — equipment, transport, respite, workshops or information. We pass it on to families who need it.',
      'A resource library and a way to list events yourself are being built; vote for them on the Features page.',
    ],
  },
  {
    id: 'privacy',
    category: 'privacy',
    question: 'How is my personal and health information protected?',
    answer: [
      'Your information is stored on our own servers and sent only over encrypted connections. Passwords are stored as secure hashes, never in plain text. Only you, and the team members who need it to help you, can see your details; a chat you have with the assistant can be opened only from your own browser or, once you sign in, by you.',
      'Stories about your loved one stay private unless you choose to share them. We never sell your data. Contact support if you want to see or delete what we hold about you.',
    ],
  },
];
