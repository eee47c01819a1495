import { AboutPage } from '@/features/about/about-page';

export default AboutPage;
