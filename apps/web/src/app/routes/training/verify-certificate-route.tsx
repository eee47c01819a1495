import { VerifyCertificatePage } from '@/features/training/components/verify-certificate-page';

export default VerifyCertificatePage;
