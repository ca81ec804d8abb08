import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { TooltipProvider } from '@/components/ui/Tooltip';
import { ThemeProvider } from '@/lib/theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>{children}</TooltipProvider>
        {/* react-hot-toast's defaults are the spec's: 4 s, success 2 s, loading until dismissed,
            20 kept, removed 1 s after dismissal. Only the look is set here. */}
        <Toaster
          position="top-center"
          toastOptions={{
            className: '!bg-surface !text-fg !border !border-border !shadow-lg !text-sm',
          }}
        />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
