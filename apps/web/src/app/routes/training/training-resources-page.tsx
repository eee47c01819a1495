import { TrainingResourcesPage } from '@/features/training/components/training-resources-page';

export default TrainingResourcesPage;
