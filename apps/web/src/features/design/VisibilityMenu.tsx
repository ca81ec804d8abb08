import { ChevronDown, Globe, Lock } from 'lucide-react';
import { Menu, MenuRadioGroup } from '@/components/ui/Menu';
import { ProBadge } from '@/components/ui/SegmentedControl';
import { Spinner } from '@/components/ui/Spinner';

export type Visibility = 'public' | 'private';

/** Public or Private for the design page's result; Private carries the PRO badge. */
export function VisibilityMenu({
  value,
  onChange,
  isSaving,
}: {
  value: Visibility;
  onChange: (value: Visibility) => void;
  isSaving: boolean;
}) {
  const Icon = value === 'public' ? Globe : Lock;
  const label = value === 'public' ? 'Public' : 'Private';
  return (
    <Menu
      label="Visibility"
      align="end"
      trigger={
        <button
          type="button"
          aria-label={`Visibility: ${label}`}
          aria-busy={isSaving || undefined}
          className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-border bg-surface px-2.5 text-sm font-medium text-fg hover:bg-surface-2 data-[state=open]:bg-surface-2"
        >
          {isSaving ? (
            <Spinner className="size-4" />
          ) : (
            <Icon className="size-4" aria-hidden="true" />
          )}
          <span className="hidden sm:inline">{label}</span>
          <ChevronDown className="size-3.5 text-muted" aria-hidden="true" />
        </button>
      }
    >
      <MenuRadioGroup
        value={value}
        onChange={onChange}
        options={[
          { value: 'public', label: 'Public', icon: <Globe className="size-4" /> },
          {
            value: 'private',
            label: (
              <span className="flex items-center gap-2">
                Private <ProBadge />
              </span>
            ),
            icon: <Lock className="size-4" />,
          },
        ]}
      />
    </Menu>
  );
}
