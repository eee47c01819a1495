import { Link } from 'react-router';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { LegalPage } from './legal-page';

/**
 * /terms (beyond the spec's route table, issue 14 item 9): the rules of using the service, in
 * plain words and true to what it does today (it connects people; it does not provide care).
 */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      lead={`These terms are the agreement between you and ${PRODUCT_NAME} when you use this website. They are written to be read — please take a few minutes.`}
      other={{ to: '/privacy', label: 'Privacy Policy' }}
      sections={[
        {
          id: 'what-it-is',
          title: `What ${PRODUCT_NAME} is`,
          body: (
            <p>
              {PRODUCT_NAME} helps families in Trinidad and Tobago organise care for a loved one, helps care
              professionals find work and training, and helps community members lend a hand. We connect people; we are
              not a medical service and do not give medical advice. In an emergency, call 811 for an ambulance or 999
              for the police.
            </p>
          ),
        },
        {
          id: 'your-account',
          title: 'Your account',
          body: (
            <ul>
              <li>Give your real name and an e-mail address you use, and keep your password to yourself.</li>
              <li>Choose the role that fits you: family member, care professional or community member.</li>
              <li>You must be 18 or older to create an account.</li>
              <li>Tell us at once if you think someone else has used your account.</li>
            </ul>
          ),
        },
        {
          id: 'what-you-share',
          title: 'What you share',
          body: (
            <>
              <p>
                Share only information that is true and that you are allowed to share. When you tell us about the person
                you care for, please make sure they (or whoever decides for them) are happy for you to do so.
              </p>
              <p>
                Care professionals must describe their qualifications and experience honestly. We may ask for proof
                before we recommend you to families.
              </p>
              <p>
                How we look after this information is explained in our{' '}
                <Link to="/privacy" className="font-semibold text-brand underline underline-offset-4">
                  Privacy Policy
                </Link>
                .
              </p>
            </>
          ),
        },
        {
          id: 'be-kind',
          title: 'Treat people well',
          body: (
            <ul>
              <li>No harassment, threats, discrimination or scams.</li>
              <li>Do not try to break into accounts, overload the site or copy other people&apos;s information.</li>
              <li>We may suspend or close an account that breaks these rules, and will tell you why.</li>
            </ul>
          ),
        },
        {
          id: 'arrangements',
          title: 'Care arrangements',
          body: (
            <p>
              Any care arrangement — who cares, when, and for how much — is agreed between the family and the caregiver.
              Please check references and qualifications yourself before you agree. {PRODUCT_NAME} is not the employer
              of care professionals and is not responsible for the care given.
            </p>
          ),
        },
        {
          id: 'the-service',
          title: 'The service',
          body: (
            <p>
              We work hard to keep {PRODUCT_NAME} running and your information safe, but we cannot promise the site will
              always be available or free of mistakes. Some pages are still being built and say so. Using {PRODUCT_NAME}{' '}
              is free for now; we will tell you clearly before anything costs money.
            </p>
          ),
        },
        {
          id: 'ending',
          title: 'Leaving',
          body: (
            <p>
              You can stop using {PRODUCT_NAME} at any time and ask us to delete your account, as the Privacy Policy
              explains.
            </p>
          ),
        },
        {
          id: 'changes',
          title: 'Changes and the law',
          body: (
            <p>
              If we change these terms in a way that matters, we will tell you when you next sign in. These terms are
              governed by the laws of the Republic of Trinidad and Tobago.
            </p>
          ),
        },
      ]}
    />
  );
}

export default TermsPage;
