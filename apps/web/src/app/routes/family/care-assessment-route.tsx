import { CareAssessmentPage } from '@/features/care-assessment/components/care-assessment-page';

export default CareAssessmentPage;
