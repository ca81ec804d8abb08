import { useContext, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Dialog } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { Logo } from '@/components/ui/Logo';
import { cn } from '@/components/ui/cn';
import { useIsMobile } from '@/lib/use-media-query';
import { usePersistedFlag } from '@/lib/persisted-state';
import { PrerenderedLayoutContext, rememberLayout } from '@/lib/prerendered';
import { SidebarContent } from './SidebarContent';

export const SIDEBAR_COLLAPSED_KEY = 'sidebar-collapsed';

/** The signed-in layout: a collapsible sidebar on desktop, a drawer under 768 px. */
export function AppShell() {
  const isMobile = useIsMobile();
  const prerendered = useContext(PrerenderedLayoutContext);
  // Local storage decides in the browser; on the server, where it is empty, the layout cookie.
  const [isCollapsed, setIsCollapsed] = usePersistedFlag(
    SIDEBAR_COLLAPSED_KEY,
    prerendered?.isSidebarCollapsed ?? false,
  );
  // The server draws the next full load of a page in this layout (lib/prerendered.ts).
  useEffect(
    () => rememberLayout({ isMobile, isSidebarCollapsed: isCollapsed }),
    [isMobile, isCollapsed],
  );
  const location = useLocation();
  // The drawer belongs to the page it was opened on, so any route change closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const isDrawerOpen = drawerPath === location.pathname;
  const setIsDrawerOpen = (open: boolean) => setDrawerPath(open ? location.pathname : null);

  if (isMobile) {
    return (
      <div className="flex min-h-dvh flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-surface/90 px-3 backdrop-blur">
          <Dialog.Root open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
            <Dialog.Trigger asChild>
              <button
                type="button"
                aria-label="Open menu"
                className="inline-flex size-10 items-center justify-center rounded-lg text-fg hover:bg-surface-2"
              >
                <Menu className="size-5" />
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay
                data-testid="drawer-backdrop"
                className="fixed inset-0 z-40 bg-black/50 data-[state=open]:animate-[fade-in_150ms]"
              />
              <Dialog.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 w-[16rem] max-w-[85vw] border-r border-border bg-surface shadow-2xl data-[state=open]:animate-[slide-in_200ms_ease-out]"
              >
                <Dialog.Title className="sr-only">Menu</Dialog.Title>
                <Dialog.Close asChild>
                  <button
                    type="button"
                    aria-label="Close menu"
                    className="absolute right-3 top-4 inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
                  >
                    <X className="size-5" />
                  </button>
                </Dialog.Close>
                <SidebarContent isCollapsed={false} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <Logo />
        </header>
        <main className="flex-1">
          <Outlet />
        </main>
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh">
      <aside
        className={cn(
          'sticky top-0 h-dvh shrink-0 border-r border-border bg-surface transition-[width] duration-200',
          isCollapsed ? 'w-[4.5rem]' : 'w-[16rem]',
        )}
        data-testid="sidebar"
        data-collapsed={isCollapsed}
      >
        <SidebarContent
          isCollapsed={isCollapsed}
          onToggleCollapsed={() => setIsCollapsed(!isCollapsed)}
        />
      </aside>
      <main className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  );
}
