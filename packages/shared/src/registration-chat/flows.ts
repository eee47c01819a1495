import { CARE_AREA_OPTIONS } from '../codes/care-areas';
import { CARE_CONDITION_OPTIONS } from '../codes/care-conditions';
import { CARE_TYPE_OPTIONS } from '../codes/care-types';
import { CAREGIVER_TYPE_OPTIONS } from '../codes/caregiver-type';
import type { CodeOption } from '../codes/code-option';
import { COMMUNICATION_PREFERENCE_OPTIONS } from '../codes/communication-preferences';
import { COMMUNITY_ROLE_OPTIONS } from '../codes/community-roles';
import { CONTRIBUTION_OPTIONS } from '../codes/contributions';
import { FAMILY_CONTACT_METHOD_OPTIONS } from '../codes/family-contact-method';
import { PARTICIPATION_MODE_OPTIONS } from '../codes/participation-modes';
import { PROFESSIONAL_CONDITION_EXPERIENCE_OPTIONS } from '../codes/professional-condition-experience';
import { PROFESSIONAL_CONTACT_METHOD_OPTIONS } from '../codes/professional-contact-method';
import { PROFESSIONAL_QUALIFICATION_OPTIONS } from '../codes/professional-qualifications';
import { PROFESSIONAL_ROLE_OPTIONS } from '../codes/professional-role';
import { RELATIONSHIP_OPTIONS } from '../codes/relationship';
import { SHIFT_OPTIONS } from '../codes/shifts';
import { SPECIALIZED_REQUIREMENT_OPTIONS } from '../codes/specialized-requirements';
import { TECHNOLOGY_INTEREST_OPTIONS } from '../codes/technology-interests';
import { WORK_TYPE_OPTIONS } from '../codes/work-type';
import { YES_NO_OPTIONS } from '../codes/yes-no';
import { YEARS_OF_EXPERIENCE_OPTIONS } from '../codes/years-of-experience';
import { ROLE_LABELS, type PublicRole } from '../roles';
import type { ChatFieldType } from '../validation/chat-input';
import type { ChatOption } from './chat-state';

/**
 * The three registration interviews as declarative data (spec §3 "Question flows"). A question's
 * `id` is the registration form's field name and the database column; option ids are canonical
 * codes from `codes/`. The engine (`engine.ts`) walks these flows; nothing here knows about React.
 */

export const QUESTION_TYPES = ['text', 'textarea', 'select', 'multiselect', 'checkbox', 'confirm'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** One question of a flow. */
export interface ChatQuestion {
  /** Form field name and column name; answers are stored under it. */
  readonly id: string;
  /** The scripted wording: warm, local, one question at a time. */
  readonly label: string;
  readonly type: QuestionType;
  /** Optional questions can be skipped with the 'Skip' option. */
  readonly required: boolean;
  /** For select, multiselect, checkbox and confirm questions: option ids are canonical codes. */
  readonly options?: readonly ChatOption[];
  /**
   * The registration form's own short label (the chat's `label` is a spoken question: 'And your
   * last name?' reads oddly above a field).
   */
  readonly formLabel: string;
  /**
   * The first question about someone's health: the chat and the form show a one-line privacy
   * note (CHAT_TEXT.privacyNote) just before it.
   */
  readonly privacyNoteBefore?: boolean;
  /** A sample answer, shown as 'e.g. …' under the form's field (never as a placeholder, which looks typed). */
  readonly example?: string;
  /** Typed answers are validated for this field type (spec §5). */
  readonly fieldType?: ChatFieldType;
}

export interface ChatSection {
  /** Stable key; the prefill groups responses by it. */
  readonly id: string;
  /** Shown in the progress bar and the section transitions. */
  readonly title: string;
  readonly questions: readonly ChatQuestion[];
}

export interface ChatFlow {
  readonly role: PublicRole;
  readonly sections: readonly ChatSection[];
}

/** The flows by role, as the engine takes them. */
export type ChatFlows = Readonly<Record<PublicRole, ChatFlow>>;

/** Questions whose answer may be several codes. */
export function isMultiSelectQuestion(question: Pick<ChatQuestion, 'type'>): boolean {
  return question.type === 'checkbox' || question.type === 'multiselect';
}

/** Spec §5: budget questions end with this sentence. */
export const BUDGET_HINT = "Please specify an hourly range (e.g., $20-30/hour) or say 'Negotiable'.";
/** Spec §5: checkbox and multiselect questions carry this. */
export const SELECT_ALL_HINT = '(Please select all that apply)';

const toChatOptions = (options: readonly CodeOption[]): readonly ChatOption[] =>
  options.map(({ code, label, subtext }) =>
    subtext === undefined ? { id: code, label } : { id: code, label, subtext },
  );

const PHONE_LABEL =
  "What's the best phone number to reach you on? Please include the country code (+1 868 for Trinidad and Tobago).";
const EMAIL_LABEL = "What's a good email address for you?";
const EMERGENCY_CONTACT_LABEL = 'Who should we contact in an emergency? Please share their name and phone number.';

const firstName: ChatQuestion = {
  id: 'first_name',
  label: "What's your first name?",
  formLabel: 'First name',
  type: 'text',
  required: true,
  example: 'Keisha',
  fieldType: 'name',
};
const lastName: ChatQuestion = {
  id: 'last_name',
  label: 'And your last name?',
  formLabel: 'Last name',
  type: 'text',
  required: true,
  example: 'Ramdass',
  fieldType: 'name',
};

/** Family: 4 sections (spec §3). */
export const FAMILY_FLOW: ChatFlow = {
  role: 'family',
  sections: [
    {
      id: 'personal_info',
      title: 'Personal Information',
      questions: [
        firstName,
        lastName,
        {
          id: 'email',
          label: EMAIL_LABEL,
          formLabel: 'Email',
          type: 'text',
          required: false,
          example: 'name@example.com',
          fieldType: 'email',
        },
        {
          id: 'phone_number',
          label: PHONE_LABEL,
          formLabel: 'Phone number',
          type: 'text',
          required: true,
          example: '+1 868 555 1234',
          fieldType: 'phone',
        },
        {
          id: 'care_location',
          label: 'Where in Trinidad and Tobago will care be needed? A town or area is fine.',
          formLabel: 'Where care is needed',
          type: 'text',
          required: true,
          example: 'Arima',
        },
      ],
    },
    {
      id: 'care_recipient',
      title: 'Care Recipient Details',
      questions: [
        {
          id: 'care_recipient_name',
          label: "What's the name of the person who will be receiving care?",
          formLabel: 'Name of the person receiving care',
          type: 'text',
          required: true,
          example: 'Joyce Ramdass',
          fieldType: 'name',
        },
        {
          id: 'relationship_to_recipient',
          label: 'How are you related to them?',
          formLabel: 'Your relationship to them',
          type: 'select',
          required: true,
          options: toChatOptions(RELATIONSHIP_OPTIONS),
        },
        {
          id: 'care_type',
          label: `What kind of care do they need? ${SELECT_ALL_HINT}`,
          formLabel: 'Care needed',
          // Its options name conditions (dementia, Parkinson's…): the first health question.
          privacyNoteBefore: true,
          type: 'checkbox',
          required: false,
          options: toChatOptions(CARE_TYPE_OPTIONS),
        },
        {
          id: 'preferred_caregiver_type',
          label: 'What type of caregiver would you prefer?',
          formLabel: 'Preferred type of caregiver',
          type: 'select',
          required: false,
          options: toChatOptions(CAREGIVER_TYPE_OPTIONS),
        },
      ],
    },
    {
      id: 'special_needs',
      title: 'Special Needs',
      questions: [
        {
          id: 'care_conditions',
          label: `Do they live with any of these conditions? ${SELECT_ALL_HINT}`,
          formLabel: 'Health conditions',
          type: 'checkbox',
          required: false,
          options: toChatOptions(CARE_CONDITION_OPTIONS),
        },
        {
          id: 'other_special_needs',
          label: 'Is there anything else about their health or needs that a caregiver should know?',
          formLabel: 'Other health needs a caregiver should know',
          type: 'textarea',
          required: false,
          example: 'allergies, mobility, routines',
        },
        {
          id: 'specialized_requirements',
          label: `Will they need any specialised support? ${SELECT_ALL_HINT}`,
          formLabel: 'Specialised support',
          type: 'checkbox',
          required: false,
          options: toChatOptions(SPECIALIZED_REQUIREMENT_OPTIONS),
        },
      ],
    },
    {
      id: 'preferences',
      title: 'Care Preferences',
      questions: [
        {
          id: 'care_schedule',
          label: `When would you like care to happen? ${SELECT_ALL_HINT}`,
          formLabel: 'When care is needed',
          type: 'multiselect',
          required: false,
          options: toChatOptions(SHIFT_OPTIONS),
        },
        {
          id: 'caregiver_preferences',
          label: 'Do you have any preferences for the caregiver, like language, gender or experience?',
          formLabel: 'Caregiver preferences (language, gender, experience)',
          type: 'textarea',
          required: false,
        },
        {
          id: 'emergency_contact',
          label: EMERGENCY_CONTACT_LABEL,
          formLabel: 'Emergency contact (name and phone)',
          type: 'text',
          required: false,
          example: 'Anil, +1 868 555 1234',
        },
        {
          id: 'budget',
          label: `What budget do you have in mind for care? ${BUDGET_HINT}`,
          formLabel: 'Budget',
          type: 'text',
          required: false,
          example: '$20-30/hour or Negotiable',
          fieldType: 'budget',
        },
        {
          id: 'preferred_contact_method',
          label: 'How would you like us to get in touch with you?',
          formLabel: 'How we should contact you',
          type: 'select',
          required: false,
          options: toChatOptions(FAMILY_CONTACT_METHOD_OPTIONS),
        },
        {
          id: 'additional_notes',
          label: "Last one! Is there anything else you'd like us to know?",
          formLabel: 'Anything else we should know',
          type: 'textarea',
          required: false,
        },
      ],
    },
  ],
};

/**
 * Professional: 4 sections (spec §3). The spec names no required fields for professionals; the
 * name, role, location, phone and consent are required because a registration is useless without them.
 */
export const PROFESSIONAL_FLOW: ChatFlow = {
  role: 'professional',
  sections: [
    {
      id: 'personal_info',
      title: 'Personal & Professional Details',
      questions: [
        firstName,
        lastName,
        {
          id: 'professional_role',
          label: 'Which of these best describes your role in care?',
          formLabel: 'Your role in care',
          type: 'select',
          required: true,
          options: toChatOptions(PROFESSIONAL_ROLE_OPTIONS),
        },
        {
          id: 'years_experience',
          label: 'How many years of caregiving experience do you have?',
          formLabel: 'Years of caregiving experience',
          type: 'select',
          required: false,
          options: toChatOptions(YEARS_OF_EXPERIENCE_OPTIONS),
        },
        {
          id: 'certifications',
          label: 'What certifications or licences do you hold? You can list them all here.',
          formLabel: 'Certifications and licences',
          type: 'textarea',
          required: false,
          example: 'RN, CPR and First Aid',
        },
        {
          id: 'location',
          label: 'Where in Trinidad and Tobago are you based?',
          formLabel: 'Where you are based',
          type: 'text',
          required: true,
          example: 'San Fernando',
        },
        {
          id: 'phone',
          label: PHONE_LABEL,
          formLabel: 'Phone number',
          type: 'text',
          required: true,
          example: '+1 868 555 1234',
          fieldType: 'phone',
        },
        {
          id: 'email',
          label: EMAIL_LABEL,
          formLabel: 'Email',
          type: 'text',
          required: false,
          example: 'name@example.com',
          fieldType: 'email',
        },
        {
          id: 'preferred_contact',
          label: 'How do you prefer families and our team to contact you?',
          formLabel: 'How families and our team should contact you',
          type: 'select',
          required: false,
          options: toChatOptions(PROFESSIONAL_CONTACT_METHOD_OPTIONS),
        },
      ],
    },
    {
      id: 'care_services',
      title: 'Care Services & Experience',
      questions: [
        {
          id: 'care_services',
          label: `Which types of care do you provide? ${SELECT_ALL_HINT}`,
          formLabel: 'Types of care you provide',
          type: 'checkbox',
          required: false,
          options: toChatOptions(CARE_TYPE_OPTIONS),
        },
        {
          id: 'medical_conditions',
          label: `Which conditions have you worked with? ${SELECT_ALL_HINT}`,
          formLabel: 'Conditions you have worked with',
          type: 'checkbox',
          required: false,
          options: toChatOptions(PROFESSIONAL_CONDITION_EXPERIENCE_OPTIONS),
        },
        {
          id: 'other_conditions',
          label: 'Any other conditions or special situations you have experience with?',
          formLabel: 'Other conditions or situations you have experience with',
          type: 'textarea',
          required: false,
        },
      ],
    },
    {
      id: 'availability',
      title: 'Availability & Qualifications',
      questions: [
        {
          id: 'availability',
          label: `Which shifts are you available for? ${SELECT_ALL_HINT}`,
          formLabel: 'Shifts you are available for',
          type: 'multiselect',
          required: false,
          options: toChatOptions(SHIFT_OPTIONS),
        },
        {
          id: 'work_type',
          label: 'What kind of work are you looking for?',
          formLabel: 'Type of work you are looking for',
          type: 'select',
          required: false,
          options: toChatOptions(WORK_TYPE_OPTIONS),
        },
        {
          id: 'additional_qualifications',
          label: `Do any of these apply to you? ${SELECT_ALL_HINT}`,
          formLabel: 'Other qualifications',
          type: 'checkbox',
          required: false,
          options: toChatOptions(PROFESSIONAL_QUALIFICATION_OPTIONS),
        },
      ],
    },
    {
      id: 'final_details',
      title: 'Final Details',
      questions: [
        {
          id: 'emergency_contact',
          label: EMERGENCY_CONTACT_LABEL,
          formLabel: 'Emergency contact (name and phone)',
          type: 'text',
          required: false,
          example: 'Anil, +1 868 555 1234',
        },
        {
          id: 'rate',
          label: `What rate do you charge for your services? ${BUDGET_HINT}`,
          formLabel: 'Your rate',
          type: 'text',
          required: false,
          example: '$20-30/hour or Negotiable',
          fieldType: 'budget',
        },
        {
          id: 'notes',
          label: "Is there anything else you'd like families or our team to know about you?",
          formLabel: 'Anything else families or our team should know',
          type: 'textarea',
          required: false,
        },
        {
          id: 'consent',
          label: 'Do you agree to the Terms of Service and Privacy Policy?',
          formLabel: 'Do you agree to the Terms of Service and Privacy Policy?',
          type: 'confirm',
          required: true,
          options: toChatOptions(YES_NO_OPTIONS),
        },
      ],
    },
  ],
};

/** Community: 7 sections (spec §3). Required: full_name, location, phone. */
export const COMMUNITY_FLOW: ChatFlow = {
  role: 'community',
  sections: [
    {
      id: 'personal_info',
      title: 'Personal Information',
      questions: [
        {
          id: 'full_name',
          label: "What's your full name?",
          formLabel: 'Full name',
          type: 'text',
          required: true,
          example: 'Keisha Ramdass',
          fieldType: 'name',
        },
        {
          id: 'location',
          label: 'Where in Trinidad and Tobago are you based?',
          formLabel: 'Where you are based',
          type: 'text',
          required: true,
          example: 'Chaguanas',
        },
        {
          id: 'phone',
          label: PHONE_LABEL,
          formLabel: 'Phone number',
          type: 'text',
          required: true,
          example: '+1 868 555 1234',
          fieldType: 'phone',
        },
        {
          id: 'email',
          label: EMAIL_LABEL,
          formLabel: 'Email',
          type: 'text',
          required: false,
          example: 'name@example.com',
          fieldType: 'email',
        },
        {
          id: 'website_or_social',
          label: "Do you have a website or social media page you'd like to share?",
          formLabel: 'Website or social media page',
          type: 'text',
          required: false,
          example: 'facebook.com/yourgroup',
        },
      ],
    },
    {
      id: 'community_roles',
      title: 'Your Role in the Village',
      questions: [
        {
          id: 'roles',
          label: `How would you like to be part of the village? ${SELECT_ALL_HINT}`,
          formLabel: 'How you would like to take part in the village',
          type: 'checkbox',
          required: false,
          options: toChatOptions(COMMUNITY_ROLE_OPTIONS),
        },
        {
          id: 'contributions',
          label: `What would you like to contribute? ${SELECT_ALL_HINT}`,
          formLabel: 'What you would like to contribute',
          type: 'checkbox',
          required: false,
          options: toChatOptions(CONTRIBUTION_OPTIONS),
        },
      ],
    },
    {
      id: 'caregiving_experience',
      title: 'Caregiving Experience',
      questions: [
        {
          id: 'caregiving_experience',
          label: 'Have you ever cared for someone, at home or through work? Tell me a little about it.',
          formLabel: 'Your caregiving experience',
          type: 'textarea',
          required: false,
        },
        {
          id: 'care_areas',
          label: `Which areas of care matter most to you? ${SELECT_ALL_HINT}`,
          formLabel: 'Areas of care that matter most to you',
          type: 'checkbox',
          required: false,
          options: toChatOptions(CARE_AREA_OPTIONS),
        },
      ],
    },
    {
      id: 'technology',
      title: 'Technology Interests',
      questions: [
        {
          id: 'technology_interests',
          label: `Which kinds of care technology interest you? ${SELECT_ALL_HINT}`,
          formLabel: 'Care technology that interests you',
          type: 'checkbox',
          required: false,
          options: toChatOptions(TECHNOLOGY_INTEREST_OPTIONS),
        },
      ],
    },
    {
      id: 'participation',
      title: 'Participation & Communication',
      questions: [
        {
          id: 'participation_modes',
          label: `How would you like to take part? ${SELECT_ALL_HINT}`,
          formLabel: 'How you would like to take part',
          type: 'checkbox',
          required: false,
          options: toChatOptions(PARTICIPATION_MODE_OPTIONS),
        },
        {
          id: 'communication_preferences',
          label: `Which ways of staying in touch suit you best? ${SELECT_ALL_HINT}`,
          formLabel: 'Ways of staying in touch',
          type: 'checkbox',
          required: false,
          options: toChatOptions(COMMUNICATION_PREFERENCE_OPTIONS),
        },
      ],
    },
    {
      id: 'motivation',
      title: 'Motivation & Ideas',
      questions: [
        {
          id: 'motivation',
          label: 'What inspires you to support caregivers in your community?',
          formLabel: 'What inspires you',
          type: 'textarea',
          required: false,
        },
        {
          id: 'ideas',
          label: 'Do you have any ideas for how we could make caregiving easier in Trinidad and Tobago?',
          formLabel: 'Ideas to make caregiving easier',
          type: 'textarea',
          required: false,
        },
      ],
    },
    {
      id: 'privacy',
      title: 'Privacy & Notifications',
      questions: [
        {
          id: 'directory_visibility',
          label: 'Would you like to appear in our community directory so others can find you?',
          formLabel: 'Appear in the community directory?',
          type: 'confirm',
          required: false,
          options: toChatOptions(YES_NO_OPTIONS),
        },
        {
          id: 'enable_notifications',
          label: 'Should we send you notifications about events and opportunities?',
          formLabel: 'Get notifications about events and opportunities?',
          type: 'confirm',
          required: false,
          options: toChatOptions(YES_NO_OPTIONS),
        },
      ],
    },
  ],
};

/** All three flows by role: the default `flows` argument of the engine. */
export const REGISTRATION_FLOWS: ChatFlows = {
  family: FAMILY_FLOW,
  professional: PROFESSIONAL_FLOW,
  community: COMMUNITY_FLOW,
};

/**
 * The role choice of the intro. Labels are the role names; subtexts say what will be asked.
 * The option ids are the roles.
 */
export const ROLE_OPTIONS: readonly ChatOption[] = [
  {
    id: 'family',
    label: ROLE_LABELS.family,
    subtext:
      "You need care for a loved one. I'll ask about you, the person who needs care, their needs and your preferences.",
  },
  {
    id: 'professional',
    label: ROLE_LABELS.professional,
    subtext: "You give care. I'll ask about your experience, the services you offer, your availability and your rates.",
  },
  {
    id: 'community',
    label: ROLE_LABELS.community,
    subtext:
      "You want to support caregivers. I'll ask how you'd like to help, what interests you and how to reach you.",
  },
];

/** The words used in the user's role message, `I'm a {role}.` */
export function getRoleNoun(role: PublicRole): string {
  return ROLE_LABELS[role].toLowerCase();
}

/** Spec §3 encodes a position as `section * 10 + question`, so no section may hold ten questions. */
export function encodeQuestionIndex(sectionIndex: number, questionIndex: number): number {
  return sectionIndex * 10 + questionIndex;
}

/** The inverse of `encodeQuestionIndex`. */
export function decodeQuestionIndex(encoded: number): { sectionIndex: number; questionIndex: number } {
  return { sectionIndex: Math.floor(encoded / 10), questionIndex: encoded % 10 };
}

/** The question at a position, or `undefined` when the position is out of range. */
export function getQuestionAt(flow: ChatFlow, sectionIndex: number, questionIndex: number): ChatQuestion | undefined {
  return flow.sections[sectionIndex]?.questions[questionIndex];
}

/** Every question of a flow with its position, in interview order. */
export function listFlowQuestions(
  flow: ChatFlow,
): { question: ChatQuestion; section: ChatSection; sectionIndex: number; questionIndex: number }[] {
  return flow.sections.flatMap((section, sectionIndex) =>
    section.questions.map((question, questionIndex) => ({ question, section, sectionIndex, questionIndex })),
  );
}

/** A question by id with its position, or `undefined`. */
export function findFlowQuestion(
  flow: ChatFlow,
  questionId: string,
): { question: ChatQuestion; section: ChatSection; sectionIndex: number; questionIndex: number } | undefined {
  return listFlowQuestions(flow).find((entry) => entry.question.id === questionId);
}

/** The number of questions in a flow. */
export function countFlowQuestions(flow: ChatFlow): number {
  return flow.sections.reduce((total, section) => total + section.questions.length, 0);
}
