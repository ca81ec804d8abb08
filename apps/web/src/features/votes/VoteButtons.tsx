import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import {
  VOTE_MESSAGES,
  VOTE_MESSAGE_MS,
  voteError,
  type UserVote,
  type VoteType,
} from '@adtwin/shared';
import { cn } from '@/components/ui/cn';
import { putVote } from './api';
import { applyVote, nextVote, type VoteCounts } from './next-vote';

/** What the buttons show; a refused vote goes back to what they showed before it. */
type Shown = { counts: VoteCounts; vote: UserVote };

export type VoteButtonsProps = {
  templateId: number | null;
  templateName: string;
  counts: VoteCounts;
  userVote: UserVote;
  isSignedIn: boolean;
  isViewMode?: boolean;
  isCommunity?: boolean;
  className?: string;
};

/**
 * Like and dislike with counts. The change shows at once and is undone if the server refuses it;
 * the spec's message shows for 3 seconds in a live region.
 */
export function VoteButtons(props: VoteButtonsProps) {
  const [counts, setCounts] = useState(props.counts);
  const [vote, setVote] = useState<UserVote>(props.userVote);
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function say(text: string) {
    setMessage(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(null), VOTE_MESSAGE_MS);
  }

  const saveVote = useMutation({
    mutationFn: (change: { templateId: number; after: UserVote; before: Shown }) =>
      putVote(change.templateId, change.after),
    onSuccess: (result) => {
      setCounts({ likes: result.stats.likes, dislikes: result.stats.dislikes });
      setVote(result.userVote);
      say(result.message);
    },
    onError: (error, change) => {
      setVote(change.before.vote);
      setCounts(change.before.counts);
      say(voteError(error instanceof Error ? error.message : 'Request failed'));
    },
  });

  function click(clicked: VoteType) {
    if (!props.isSignedIn) return say(VOTE_MESSAGES.signIn);
    if (props.isViewMode) return say(VOTE_MESSAGES.viewMode);
    if (props.isCommunity) return say(VOTE_MESSAGES.community);
    if (props.templateId === null) return say(VOTE_MESSAGES.selectTemplate);
    if (saveVote.isPending) return say(VOTE_MESSAGES.inProgress);
    const after = nextVote(vote, clicked);
    setVote(after);
    setCounts(applyVote(counts, vote, after));
    saveVote.mutate({ templateId: props.templateId, after, before: { counts, vote } });
  }

  const disabled = props.isViewMode || props.isCommunity;
  return (
    <div className={cn('flex flex-col gap-1', props.className)}>
      <div
        className="flex items-center gap-1"
        role="group"
        aria-label={`Vote on ${props.templateName}`}
      >
        {(['like', 'dislike'] as const).map((kind) => {
          const Icon = kind === 'like' ? ThumbsUp : ThumbsDown;
          const isOn = vote === kind;
          const count = kind === 'like' ? counts.likes : counts.dislikes;
          return (
            <button
              key={kind}
              type="button"
              aria-pressed={isOn}
              aria-disabled={disabled || undefined}
              onClick={() => click(kind)}
              className={cn(
                'inline-flex h-8 items-center gap-1 rounded-md px-2 text-xs font-medium transition-colors',
                isOn ? 'bg-accent-soft text-accent' : 'text-muted hover:bg-surface-2 hover:text-fg',
                disabled && 'opacity-60',
              )}
            >
              <Icon className={cn('size-4', isOn && 'fill-current')} aria-hidden="true" />
              {/* The name read out is 'Like 3': it holds the visible count, as it must. */}
              <span className="sr-only">{kind === 'like' ? 'Like' : 'Dislike'}</span>
              <span data-testid={`${kind}-count`}>{count}</span>
            </button>
          );
        })}
      </div>
      <p role="status" aria-live="polite" className="min-h-4 text-xs text-muted">
        {message}
      </p>
    </div>
  );
}
