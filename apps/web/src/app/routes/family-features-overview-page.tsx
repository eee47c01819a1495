import { FeaturesOverviewPage } from '@/features/feature-voting/components/features-overview-page';

export default function FamilyFeaturesOverviewRoute() {
  return <FeaturesOverviewPage role="family" />;
}
