import { SubscriptionPage } from '@/features/subscriptions/components/subscription-page';

export default SubscriptionPage;
