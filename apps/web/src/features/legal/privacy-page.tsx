import { PRODUCT_NAME } from '@tavara/shared/product';
import { usePublicConfig } from '@/lib/public-config';
import { LegalPage } from './legal-page';

/**
 * /privacy (beyond the spec's route table, issue 14 item 9): what this app actually collects,
 * why, who sees it, and how to get a copy or have it deleted — in plain words, under Trinidad
 * and Tobago's Data Protection Act. Keep it true: when a feature starts collecting or sharing
 * something new, this page changes with it.
 */
export function PrivacyPage() {
  const config = usePublicConfig();
  const email = config?.supportEmail;
  const contact = email ? (
    <a href={`mailto:${email}`} className="font-semibold text-brand underline underline-offset-4">
      {email}
    </a>
  ) : (
    'our support address'
  );
  return (
    <LegalPage
      title="Privacy Policy"
      lead={`${PRODUCT_NAME} helps families in Trinidad and Tobago organise care. You trust us with personal and health details, so this page says plainly what we keep, why, who can see it, and what you can ask us to do with it.`}
      other={{ to: '/terms', label: 'Terms of Service' }}
      sections={[
        {
          id: 'what-we-collect',
          title: 'What we collect',
          body: (
            <>
              <ul>
                <li>
                  <strong>Your account:</strong> first and last name, e-mail address, the role you chose (family member,
                  care professional or community member) and your password, which we store only in a scrambled form we
                  cannot read back.
                </li>
                <li>
                  <strong>Your registration answers:</strong> what you tell the chat assistant or the registration form
                  — for example your phone number and area, and, for families, the name of the person you care for, the
                  care they need and their health conditions. Care professionals also share their experience,
                  availability and rate; community members how they would like to help.
                </li>
                <li>
                  <strong>A profile photo</strong>, if you upload one.
                </li>
                <li>
                  <strong>Care plans</strong>, if you organise or join one: the plan&apos;s title and description, the
                  name of the person cared for, the schedule and notes, the shifts with who takes them, the notes
                  written when a shift is done, and who is on the care team. When a family invites someone, we keep the
                  e-mail address the invitation went to.
                </li>
                <li>
                  <strong>Training</strong>, for care professionals: the lessons you finish, your quiz results and any
                  certificate you earn, with its verification code.
                </li>
                <li>
                  <strong>The chat conversation:</strong> the messages and answers of the registration chat, kept on
                  your device and on our server so you can pick up where you left off and so the form can be filled in
                  for you. When you create an account, the chat is linked to it.
                </li>
                <li>
                  <strong>Support requests:</strong> your name, e-mail, what you wrote, a screenshot if you attach one,
                  and the chat conversation if you choose to include it.
                </li>
                <li>
                  <strong>Feature votes</strong> you cast on the features page.
                </li>
                <li>
                  <strong>Technical records:</strong> a sign-in cookie that keeps you signed in, and the address your
                  device connects from and its browser name, kept with your sign-in and used to slow down people who try
                  to break in. We use no advertising or tracking cookies.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'why',
          title: 'Why we collect it',
          body: (
            <>
              <p>
                Only to run {PRODUCT_NAME}: to create your account, to understand what care you need or offer, to get
                back to you, to answer support requests, and to keep the service safe. We count how many people reach
                each step of registration (numbers only) to make it easier.
              </p>
              <p>We never sell your information and never use it for advertising.</p>
            </>
          ),
        },
        {
          id: 'who-sees-it',
          title: 'Who sees it',
          body: (
            <>
              <ul>
                <li>
                  <strong>You</strong>, when you are signed in.
                </li>
                <li>
                  <strong>The {PRODUCT_NAME} team</strong> (our administrators), to review registrations, help you and
                  keep accounts safe. Every change they make to an account is recorded.
                </li>
                <li>
                  <strong>Your registration answers</strong> are seen by nobody else on {PRODUCT_NAME}: other members do
                  not see them.
                </li>
                <li>
                  <strong>A care plan&apos;s team</strong>: everyone who has accepted an invitation to a plan sees that
                  plan — the name of the person cared for, the schedule, notes and shifts, the notes written when a
                  shift is done — and the names and photos of the others on the team. Only the family who made the plan
                  sees the e-mail addresses invitations went to. A plan is shared only with the people its family
                  invites.
                </li>
                <li>
                  <strong>Anyone with a certificate&apos;s code</strong>: the public page for checking a training
                  certificate shows the name on the certificate and the date it was earned, and nothing else. Only the
                  codes you hand out can be checked.
                </li>
                <li>
                  <strong>Our AI provider</strong>, only when the chat&apos;s AI is switched on (the AI Only and Hybrid
                  chat modes): the question being asked, your earlier answers and the last few chat messages are sent to
                  it so it can word the next question. E-mail addresses and phone numbers are taken out of everything we
                  send it. The registration form never uses the AI.
                </li>
                <li>
                  <strong>Our e-mail provider</strong> delivers the e-mails we send you (sign-up confirmation, password
                  reset and care-team invitations) and brings your support requests to our team, with what you wrote in
                  them. We never put your registration answers or a care plan&apos;s details in an e-mail.
                </li>
              </ul>
              <p>We share information with the authorities only when the law requires us to.</p>
            </>
          ),
        },
        {
          id: 'your-device',
          title: 'On your device',
          body: (
            <>
              <p>
                The chat and unsent form answers are also kept in your browser so nothing is lost if the connection
                drops. Signing out removes them from that browser, so the next person using a shared phone does not see
                them. Your copy on our server stays with your account.
              </p>
              <p className="mt-3">
                So the app works without a connection, it keeps on your device what you last saw of the care plans you
                belong to — the week&apos;s shifts, the day&apos;s doses, the medication list with its instructions, the
                care details, the team&apos;s contacts and your dashboard — together with your name and role, and any
                doses, check-ins and check-outs you recorded offline until they are sent. It is kept for at most 7 days,
                only for you (another person signing in on the same device never sees it), and refreshed whenever you
                are online. Signing out deletes all of it. If you tick &ldquo;This is a shared device&rdquo; when you
                sign in, nothing is kept on the device for offline use.
              </p>
            </>
          ),
        },
        {
          id: 'your-rights',
          title: 'Getting a copy, correcting or deleting',
          body: (
            <>
              <p>
                You can change your registration answers at any time from your registration form. To get a copy of
                everything we hold about you, or to have your account and all its information deleted, write to{' '}
                {contact} or use Contact Support. We will answer within 30 days, and deleting your account removes your
                profile, registration answers, photo, linked chat conversations, care plans you made, your place on
                other plans&apos; teams, training records and certificates, support requests and votes.
              </p>
            </>
          ),
        },
        {
          id: 'how-long',
          title: 'How long we keep it',
          body: (
            <>
              <p>
                We keep your information while your account exists, and delete it when you ask us to delete your
                account. A chat that was never linked to an account can only be reached with the code stored in the
                browser that started it.
              </p>
              <p>After an account is deleted, only these remain, none of them with your name:</p>
              <ul className="list-disc space-y-1 pl-6">
                <li>
                  one line in the administrators&apos; record of account changes: that the account was deleted, when,
                  its internal number and its e-mail address with all but the first letter hidden (a***@example.tt);
                </li>
                <li>
                  shifts you had started or finished and medicine doses you recorded on other families&apos; plans, as
                  their care record, shown as done by &ldquo;a former team member&rdquo;;
                </li>
                <li>
                  other people&apos;s notifications about something you did, which now say &ldquo;A former
                  member&rdquo;.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'the-law',
          title: 'The law',
          body: (
            <p>
              We handle personal information following the privacy principles of Trinidad and Tobago&apos;s Data
              Protection Act, 2011: we collect only what we need for a clear purpose, keep it accurate and secure, use
              it only for that purpose, and let you see and correct it. Health information is sensitive personal
              information under the Act, and we treat it with extra care.
            </p>
          ),
        },
        {
          id: 'contact',
          title: 'Questions',
          body: (
            <p>
              Write to {contact} or use Contact Support on any page. If we change this policy in a way that matters, we
              will tell you when you next sign in.
            </p>
          ),
        },
      ]}
    />
  );
}

export default PrivacyPage;
