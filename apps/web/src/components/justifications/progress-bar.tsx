import { cn } from "@pizarra/ui";

/** How much of an upload has gone (house rule: long work shows progress), named for screen readers. */
export function ProgressBar({ label, percent, className, testId }: { label: string; percent: number; className?: string; testId?: string }) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      className={cn("block h-1.5 overflow-hidden rounded-full bg-muted", className)}
      data-testid={testId}
    >
      <span className="block h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </span>
  );
}
