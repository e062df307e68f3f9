import type { Verification } from '../../../../shared/webhooks';

const LABELS: Record<Verification, { text: string; tone: string }> = {
  verified: { text: 'verified', tone: 'good' },
  unsigned: { text: 'unsigned', tone: 'warn' },
  rejected: { text: 'rejected', tone: 'bad' },
};

export function VerificationBadge({ verification }: { verification: Verification }) {
  const { text, tone } = LABELS[verification];
  return <span className={`badge ${tone}`}>{text}</span>;
}
