import { FeaturesOverviewPage } from '@/features/feature-voting/components/features-overview-page';

export default function CommunityFeaturesOverviewRoute() {
  return <FeaturesOverviewPage role="community" />;
}
