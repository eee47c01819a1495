import { LegacyStoriesPage } from '@/features/family-story/components/legacy-stories-page';

export default LegacyStoriesPage;
