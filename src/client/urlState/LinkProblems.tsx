/**
 * What a link asked for that the page refused (readUrlState's problems), said at the top of the page:
 * which parameter, what was wrong, and that those settings were left as the page shows them.
 */
export function LinkProblems({ problems, onDismiss }: { problems: readonly string[]; onDismiss: () => void }) {
  if (problems.length === 0) return null;
  return (
    <div className="link-problems" role="alert">
      <p>
        <strong>This link has {problems.length === 1 ? 'a value' : `${problems.length} values`} the page cannot use.</strong>{' '}
        {problems.length === 1 ? 'It was' : 'They were'} refused: the form below shows the page&apos;s own setting instead, and nothing was fetched. Correct
        the link, or check the form and press Fetch Data.
      </p>
      <ul>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <button type="button" className="secondary-button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
