import { FamilyStoryPage } from '@/features/family-story/components/family-story-page';

export default FamilyStoryPage;
