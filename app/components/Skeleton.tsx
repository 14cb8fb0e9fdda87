/** A placeholder of the page's shape while it loads (no blank area); screen readers hear `label`. */
export function Skeleton({ label, blocks = 3 }: { label: string; blocks?: number }) {
  return (
    <div className="skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton-line skeleton-title" aria-hidden="true" />
      <div className="skeleton-cards" aria-hidden="true">
        {Array.from({ length: blocks }, (_, i) => (
          <div key={i} className="skeleton-card" />
        ))}
      </div>
    </div>
  );
}
