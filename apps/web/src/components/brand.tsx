import { cn } from "@pizarra/ui";

/** The product mark: a slate (pizarra) drawn with the theme's primary colour. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span aria-hidden className={cn("inline-flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground", className)}>
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <rect x="3" y="4" width="18" height="13" rx="1.5" />
        <path d="M7 9h6M7 12.5h9M8 21l2-4M16 21l-2-4" />
      </svg>
    </span>
  );
}
