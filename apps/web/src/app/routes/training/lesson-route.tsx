import { LessonPage } from '@/features/training/components/lesson-page';

export default LessonPage;
