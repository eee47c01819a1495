/** The templates, loaded together by `emails()` (index.ts). */
export {
  accountExistsEmail,
  confirmNewEmailEmail,
  passwordResetEmail,
  securityNoticeEmail,
  verificationEmail,
} from './auth';
export { invitationMail } from './invitation';
export { digestEmail, notificationEmail } from './notification';
export { supportRequestEmail } from './support-request';
