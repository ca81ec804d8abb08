/** "Don't have an account? Sign up" and its reverse, under the sign-in and sign-up forms. */
export function ModeSwitch({
  question,
  action,
  onClick,
}: {
  question: string;
  action: string;
  onClick: () => void;
}) {
  return (
    <p className="text-center text-sm text-muted">
      {question}{' '}
      <button type="button" className="font-medium text-accent hover:underline" onClick={onClick}>
        {action}
      </button>
    </p>
  );
}
