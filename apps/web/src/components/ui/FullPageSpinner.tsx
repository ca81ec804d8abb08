import { Spinner } from './Spinner';

export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-accent">
      <Spinner className="size-8" label="Loading" />
    </div>
  );
}
