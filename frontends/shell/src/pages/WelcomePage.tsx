import { useAuthModals } from '@vellum/ui/core';
import WelcomeContent from './content/WelcomeContent';
import { CommunitySection } from './content/CommunitySection';

/** `/`: the landing page for visitors; its Sign Up buttons open the create-account modal. */
export default function WelcomePage() {
  const { openSignUp } = useAuthModals();
  return (
    <>
      <WelcomeContent onSignUp={openSignUp} />
      <CommunitySection />
    </>
  );
}
