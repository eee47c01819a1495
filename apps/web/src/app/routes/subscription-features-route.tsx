import { SubscriptionFeaturesPage } from '@/features/subscriptions/components/subscription-features-page';

export default SubscriptionFeaturesPage;
