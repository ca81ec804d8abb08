import { useState } from 'react';
import { Accordion, Tabs } from 'radix-ui';
import { Link } from 'react-router';
import { ChevronDown, ChevronRight, Code2, Play } from 'lucide-react';
import { AdStory } from '@/components/ui/AdStory';
import { Dialog } from '@/components/ui/Dialog';
import { PageHeader } from '@/components/ui/PageHeader';
import { cn } from '@/components/ui/cn';
import { usePageTitle } from '@/lib/page-title';
import { FAQ_TABS } from './faq';

export const DEMO_VIDEO = '/help/adtwin-demo.webm';
export const DEMO_POSTER = '/help/adtwin-demo.jpg';

export function HelpCenterPage() {
  usePageTitle('Help Center');
  const [isVideoOpen, setIsVideoOpen] = useState(false);
  const [hasVideoFailed, setHasVideoFailed] = useState(false);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <PageHeader title="Help Center" description="Watch the demo, or find your answer below." />

      <button
        type="button"
        onClick={() => setIsVideoOpen(true)}
        className="group relative aspect-video w-full overflow-hidden rounded-2xl border border-border bg-surface-2"
      >
        {/* The thumbnail tells what the video shows: an ad, a product, the same ad with it. */}
        <AdStory
          withProduct
          className="absolute inset-0 bg-gradient-to-br from-indigo-600 via-violet-600 to-fuchsia-600 p-4 sm:p-8"
        />
        <span className="absolute inset-0 flex items-center justify-center bg-black/20 transition-colors group-hover:bg-black/30">
          <span className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg">
            <Play className="ml-1 size-7" aria-hidden="true" />
          </span>
        </span>
        <span className="absolute bottom-3 left-4 rounded-md bg-black/60 px-2 py-1 text-sm font-medium text-white">
          How Adtwin works
          <span className="sr-only">, play the demo video</span>
        </span>
      </button>

      <Dialog
        isOpen={isVideoOpen}
        onOpenChange={setIsVideoOpen}
        title="How Adtwin works"
        // Large enough to read the app's screens in the recording.
        className="w-[calc(100vw-2rem)] max-w-none sm:w-[80vw]"
      >
        {hasVideoFailed ? (
          <p role="alert" className="text-danger">
            The video could not be played.
          </p>
        ) : (
          <video
            src={DEMO_VIDEO}
            poster={DEMO_POSTER}
            controls
            autoPlay
            playsInline
            onError={() => setHasVideoFailed(true)}
            className="aspect-video w-full rounded-lg bg-black"
          />
        )}
      </Dialog>

      <Link
        to="/help-center/api"
        className="flex items-center justify-between gap-4 rounded-2xl border border-border bg-surface px-5 py-4 hover:bg-surface-2"
      >
        <span className="flex items-center gap-3">
          <Code2 className="size-5 text-accent" aria-hidden="true" />
          <span className="flex flex-col">
            <span className="text-sm font-medium">Use the API</span>
            <span className="text-sm text-muted">
              Keys, a curl walk-through and a typed TypeScript client for your own scripts.
            </span>
          </span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-muted" aria-hidden="true" />
      </Link>

      <section aria-labelledby="faq-heading" className="flex flex-col gap-4">
        <h2 id="faq-heading" className="text-xl font-semibold">
          Frequently asked questions
        </h2>
        <Tabs.Root defaultValue={FAQ_TABS[0]!.id} className="flex flex-col gap-4">
          <Tabs.List
            aria-label="FAQ topics"
            className="flex gap-1 overflow-x-auto rounded-xl border border-border bg-surface p-1"
          >
            {FAQ_TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.id}
                value={tab.id}
                className="h-9 shrink-0 flex-1 rounded-lg px-2 text-sm font-medium text-muted data-[state=active]:bg-accent data-[state=active]:text-accent-fg"
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {FAQ_TABS.map((tab) => (
            <Tabs.Content key={tab.id} value={tab.id}>
              {/* One item open at a time; the first by default. */}
              <Accordion.Root
                type="single"
                collapsible
                defaultValue={tab.items[0]?.question}
                className="flex flex-col divide-y divide-border rounded-2xl border border-border bg-surface"
              >
                {tab.items.map((item) => (
                  <Accordion.Item key={item.question} value={item.question}>
                    <Accordion.Header>
                      <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-sm font-medium">
                        {item.question}
                        <ChevronDown
                          className={cn(
                            'size-4 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180',
                          )}
                          aria-hidden="true"
                        />
                      </Accordion.Trigger>
                    </Accordion.Header>
                    <Accordion.Content className="px-5 pb-4 text-sm text-muted">
                      {item.answer}
                    </Accordion.Content>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </section>
    </div>
  );
}
