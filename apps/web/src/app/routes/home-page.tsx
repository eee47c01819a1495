import { RoleChatBubble } from '@/features/registration-chat/role-chat-bubble';
import { LandingPage } from '@/features/landing/components/landing-page';

const renderRoleBubble = (role: 'family' | 'professional' | 'community') => <RoleChatBubble role={role} />;

/** The landing page with each role card's chat bubble (the app joins the two features). */
export default function HomePage() {
  return <LandingPage renderRoleBubble={renderRoleBubble} />;
}
