import {
  HelpCircle,
  Images,
  LayoutGrid,
  MessageSquareHeart,
  Palette,
  Users,
  type LucideIcon,
} from 'lucide-react';

export type NavLinkItem = { kind: 'link'; to: string; label: string; icon: LucideIcon };

/** The sidebar's main items, in the spec's order. */
export const MAIN_NAV: readonly NavLinkItem[] = [
  { kind: 'link', to: '/templates', label: 'Templates', icon: LayoutGrid },
  { kind: 'link', to: '/community', label: 'Community', icon: Users },
  { kind: 'link', to: '/design', label: 'Design', icon: Palette },
  { kind: 'link', to: '/your-designs', label: 'Your Designs', icon: Images },
];

export const HELP_NAV: NavLinkItem = {
  kind: 'link',
  to: '/help-center',
  label: 'Help Center',
  icon: HelpCircle,
};

export const FEEDBACK_URL = 'https://feedback.adtwin.app';
export const FEEDBACK_ICON = MessageSquareHeart;
