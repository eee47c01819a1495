import { ModuleRedirectPage } from '@/features/training/components/module-redirect-page';

export default ModuleRedirectPage;
