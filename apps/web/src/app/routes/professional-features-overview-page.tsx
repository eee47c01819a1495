import { FeaturesOverviewPage } from '@/features/feature-voting/components/features-overview-page';

export default function ProfessionalFeaturesOverviewRoute() {
  return <FeaturesOverviewPage role="professional" />;
}
