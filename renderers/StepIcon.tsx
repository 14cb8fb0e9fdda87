/**
 * The step icons a bundle names (`icon`): simple line drawings, decorative (the step's title says what
 * it is). An unknown name draws nothing.
 */
const PATHS: Record<string, string> = {
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c0-3.3 3.1-6 7-6s7 2.7 7 6',
  site: 'M12 21s-6-5.3-6-10a6 6 0 0 1 12 0c0 4.7-6 10-6 10zm0-8a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  building: 'M4 21V5l8-3v19M12 9h8v12M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2M2 21h20',
  roof: 'M2 12 12 4l10 8M5 10v10h14V10M9 20v-5h6v5',
  ground: 'M2 18c3-2 5-2 8 0s5 2 8 0 4-1 4-1M6 14V9m0 0c0-2 2-3 3-3M6 9c0-2-2-3-3-3M16 14v-4',
  spill: 'M12 3s-5 6-5 10a5 5 0 0 0 10 0c0-4-5-10-5-10zM5 21h14',
};

export function StepIcon({ name }: { name: string }) {
  const d = PATHS[name];
  if (!d) return null;
  return (
    <svg
      className="step-icon"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
