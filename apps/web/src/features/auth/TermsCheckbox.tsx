const TERMS_URL = 'https://adtwin.app/terms';
const PRIVACY_URL = 'https://adtwin.app/privacy';

/** Sign-up's consent box; the documents open in a new tab so the form keeps its input. */
export function TermsCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm text-muted">
      <input
        type="checkbox"
        name="terms"
        className="mt-0.5 size-4 accent-[var(--accent)]"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        I agree to the{' '}
        <a
          href={TERMS_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="text-accent hover:underline"
        >
          Terms of Service
        </a>{' '}
        and{' '}
        <a
          href={PRIVACY_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="text-accent hover:underline"
        >
          Privacy Policy
        </a>
      </span>
    </label>
  );
}
