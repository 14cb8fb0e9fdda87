/**
 * A flow-limiter verdict as another method version could have issued it: conform with reservations, on
 * the design rain's duration outside the Montana law's range (the verification tests plant it in an
 * issued note's results).
 */
export const RESERVED_VERDICT = {
  status: 'reservations',
  rule: 'sl.findings.rule',
  findings: [
    {
      code: 'montana_validity',
      severity: 'reservation',
      message: 'sl.findings.montana_validity',
      params: { duration: 400, min: 30, max: 360 },
    },
  ],
};
