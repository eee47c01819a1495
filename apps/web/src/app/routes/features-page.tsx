import { FeaturesPage } from '@/features/feature-voting/components/features-page';

export default FeaturesPage;
