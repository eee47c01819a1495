import { QuizPage } from '@/features/training/components/quiz-page';

export default QuizPage;
