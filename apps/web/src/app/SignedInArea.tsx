import { TooltipProvider } from '@/components/ui/Tooltip';
import { RequireOnboardedUser } from './RouteGuards';

/**
 * Every page behind sign-in. Tooltips live only here, so the sign-in pages do not load them: this
 * module is its own chunk (see router.tsx).
 */
export function SignedInArea() {
  return (
    <TooltipProvider>
      <RequireOnboardedUser />
    </TooltipProvider>
  );
}
