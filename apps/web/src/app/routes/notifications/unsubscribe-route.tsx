import { UnsubscribePage } from '@/features/notifications/components/unsubscribe-page';

/** /notifications/unsubscribe?token= */
export default function UnsubscribeRoute() {
  return <UnsubscribePage />;
}
